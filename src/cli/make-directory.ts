import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";

/**
 * `mkdir -p` that always settles. Node 20's `mkdir(dir, { recursive: true })`
 * never settles for some paths (e.g. `/proc/x`: ENOENT although the parent
 * exists, retried forever), so a CLI writing there would hang instead of
 * saying why it cannot. This creates the missing parents one by one and
 * throws the system's error when a level cannot be created.
 */
export async function makeDirectory(dir: string): Promise<void> {
  try {
    await mkdir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return;
    const parent = dirname(dir);
    if (code !== "ENOENT" || parent === dir) throw error;
    await makeDirectory(parent);
    try {
      await mkdir(dir); // the parent exists now: a second ENOENT is the real answer
    } catch (retryError) {
      if ((retryError as NodeJS.ErrnoException).code !== "EEXIST") throw retryError;
    }
  }
}
