import { describe, expect, it } from "vitest";
import { DEFAULT_PRICE_TABLE } from "./default-prices";
import { costFor, costOf, type PriceTable, priceFor, priceTableSchema } from "./pricing";

describe("priceFor", () => {
  const table: PriceTable = [
    { provider: "openai", model: "gpt-4o", inputPerMTok: 2.5, outputPerMTok: 10 },
    { provider: "openai-compatible", model: "gpt-4o", inputPerMTok: 1, outputPerMTok: 1 },
    { model: "llama3.1:8b", inputPerMTok: 0, outputPerMTok: 0 },
    { provider: "openai", model: "gpt-4o-mini", inputPerMTok: 0.15, outputPerMTok: 0.6 },
  ];

  it("prefers the exact provider and model", () => {
    expect(priceFor(table, "openai-compatible", "gpt-4o")?.inputPerMTok).toBe(1);
    expect(priceFor(table, "openai", "gpt-4o")?.inputPerMTok).toBe(2.5);
  });

  it("falls back to a model-only match (scripted models get real prices)", () => {
    expect(priceFor(table, "scripted", "gpt-4o-mini")?.outputPerMTok).toBe(0.6);
    expect(priceFor(table, "openai-compatible", "llama3.1:8b")?.inputPerMTok).toBe(0);
  });

  it("matches dated snapshots and -latest aliases to their base model, never a different model", () => {
    expect(priceFor(table, "openai", "gpt-4o-2024-08-06")?.model).toBe("gpt-4o");
    expect(priceFor(table, "openai", "gpt-4o-mini-2024-07-18")?.model).toBe("gpt-4o-mini");
    expect(priceFor(DEFAULT_PRICE_TABLE, "anthropic", "claude-3-5-haiku-latest")?.model).toBe("claude-3-5-haiku");
    expect(priceFor(DEFAULT_PRICE_TABLE, "anthropic", "claude-sonnet-4-5-20250929")?.model).toBe("claude-sonnet-4-5");
    expect(priceFor(table, "openai", "gpt-4o-audio-preview")).toBeNull();
  });

  it("is case-insensitive and returns null for unknown models", () => {
    expect(priceFor(table, "OpenAI", "GPT-4o")?.inputPerMTok).toBe(2.5);
    expect(priceFor(table, "openai", "unknown-model")).toBeNull();
    expect(
      costFor(table, "openai", "unknown-model", { inputTokens: 1, outputTokens: 1, cachedInputTokens: 0 }),
    ).toBeNull();
  });
});

describe("costOf", () => {
  it("bills fresh input, cached input and output at their rates", () => {
    const price = { model: "m", inputPerMTok: 2, outputPerMTok: 8, cachedInputPerMTok: 0.5 };
    expect(costOf({ inputTokens: 1_000_000, outputTokens: 500_000, cachedInputTokens: 200_000 }, price)).toBeCloseTo(
      1.6 + 0.1 + 4,
      10,
    );
  });

  it("bills cached tokens at the input price when no cached price is set", () => {
    expect(
      costOf(
        { inputTokens: 1_000, outputTokens: 0, cachedInputTokens: 1_000 },
        { model: "m", inputPerMTok: 3, outputPerMTok: 0 },
      ),
    ).toBeCloseTo(0.003, 10);
  });

  it("prices a simulated scripted call like the real model", () => {
    const usage = { inputTokens: 10_000, outputTokens: 1_000, cachedInputTokens: 0 };
    expect(costFor(DEFAULT_PRICE_TABLE, "scripted", "gpt-4o-mini", usage)).toBeCloseTo(0.0015 + 0.0006, 10);
  });
});

describe("DEFAULT_PRICE_TABLE", () => {
  it("is a valid price table with unique provider/model rows", () => {
    expect(priceTableSchema.parse(DEFAULT_PRICE_TABLE)).toHaveLength(DEFAULT_PRICE_TABLE.length);
    const keys = DEFAULT_PRICE_TABLE.map((p) => `${p.provider}/${p.model}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
