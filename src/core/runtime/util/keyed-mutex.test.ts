import { describe, expect, it } from "vitest";
import { KeyedMutex } from "./keyed-mutex";

describe("KeyedMutex", () => {
  it("serialises holders of one key in arrival order and frees other keys", async () => {
    const mutex = new KeyedMutex();
    const log: string[] = [];
    const hold = async (key: string, name: string) => {
      const release = await mutex.acquire(key);
      log.push(`${name}+`);
      await Promise.resolve();
      await Promise.resolve();
      log.push(`${name}-`);
      release();
    };
    await Promise.all([hold("a", "1"), hold("a", "2"), hold("b", "3"), hold("a", "4")]);
    expect(log.filter((x) => x !== "3+" && x !== "3-")).toEqual(["1+", "1-", "2+", "2-", "4+", "4-"]);
    expect(log.indexOf("3+")).toBeLessThan(log.indexOf("2+"));
    expect(mutex.size).toBe(0);
  });
  it("tolerates double release", async () => {
    const mutex = new KeyedMutex();
    const release = await mutex.acquire("k");
    release();
    release();
    const again = await mutex.acquire("k");
    again();
    expect(mutex.size).toBe(0);
  });
});
