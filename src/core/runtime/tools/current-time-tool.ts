import { z } from "zod";
import { ToolInputError, defineBuiltinTool } from "./tool";

/** Built-in `current_time`: the time from the clock port, optionally in an IANA time zone. */
export const currentTimeTool = defineBuiltinTool({
  name: "current_time",
  description:
    "Get the current date and time (ISO 8601, UTC), optionally also in an IANA time zone such as Europe/Paris.",
  schema: z.object({ timezone: z.string().max(100).optional().describe("IANA time zone, e.g. America/New_York") }),
  execute: ({ timezone }, context) => {
    const now = context.clock.now();
    const iso = new Date(now).toISOString();
    if (!timezone) return JSON.stringify({ iso, epochMillis: now, timezone: "UTC" });
    let local: string;
    try {
      local = new Intl.DateTimeFormat("en-CA", {
        timeZone: timezone,
        dateStyle: "short",
        timeStyle: "long",
        hourCycle: "h23",
      }).format(new Date(now));
    } catch {
      throw new ToolInputError(`unknown time zone: ${timezone}`);
    }
    return JSON.stringify({ iso, epochMillis: now, timezone, local });
  },
});
