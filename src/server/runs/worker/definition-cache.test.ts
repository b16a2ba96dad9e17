import { describe, expect, it } from "vitest";
import researchTeam from "../../../../examples/research-team.json";
import { compile } from "@/core/compiler";
import { DefinitionCache } from "./definition-cache";

const stored = JSON.parse(JSON.stringify(compile(researchTeam).definition)) as unknown;

describe("DefinitionCache", () => {
  it("loads and parses a content hash once, shares the frozen result, and drops the least recently used", async () => {
    const cache = new DefinitionCache(2);
    const loads: string[] = [];
    const load = (hash: string) => () => {
      loads.push(hash);
      return Promise.resolve(stored);
    };
    const a = await cache.get("a", load("a"));
    expect(await cache.get("a", load("a"))).toBe(a);
    expect(Object.isFrozen(a.settings)).toBe(true);
    await cache.get("b", load("b"));
    await cache.get("a", load("a")); // a is now the most recent: c pushes b out.
    await cache.get("c", load("c"));
    await cache.get("a", load("a"));
    await cache.get("b", load("b"));
    expect(loads).toEqual(["a", "b", "c", "b"]);
    expect(cache.size).toBe(2);
  });

  it("caches nothing when the stored definition cannot be read", async () => {
    const cache = new DefinitionCache();
    await expect(cache.get("x", () => Promise.resolve({ nonsense: true }))).rejects.toThrow();
    expect(cache.size).toBe(0);
  });
});
