import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";

/**
 * CPU-profiles only the measured phase (not module loading or warm-up), via
 * the inspector, and writes a `.cpuprofile` (open it in Chrome DevTools or
 * summarise it with bench/tools/profile-top.ts).
 */
export async function startProfile(): Promise<(file: string) => Promise<void>> {
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params, (err, res) => (err ? reject(err) : resolve(res))),
    );
  await post("Profiler.enable");
  await post("Profiler.setSamplingInterval", { interval: 200 });
  await post("Profiler.start");
  return async (file: string) => {
    const { profile } = (await post("Profiler.stop")) as { profile: unknown };
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}
