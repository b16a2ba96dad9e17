import { describe, expect, it } from "vitest";

import { firstFreeSlug, workspaceSlug } from "./workspace-slug";

describe("workspaceSlug", () => {
  it("lower-cases, drops accents and joins words with dashes", () => {
    expect(workspaceSlug("  Équipe Recherche & Co. ")).toBe("equipe-recherche-co");
  });

  it("falls back to 'workspace' for names without letters or digits", () => {
    expect(workspaceSlug("🚀 !!")).toBe("workspace");
  });

  it("keeps at most 40 characters and never ends in a dash", () => {
    const slug = workspaceSlug(`${"a".repeat(39)} b`);
    expect(slug.length).toBeLessThanOrEqual(40);
    expect(slug.endsWith("-")).toBe(false);
  });
});

describe("firstFreeSlug", () => {
  it("takes the base when free, else the first free numbered one", () => {
    expect(firstFreeSlug("team", new Set())).toBe("team");
    expect(firstFreeSlug("team", new Set(["team", "team-2"]))).toBe("team-3");
  });
});
