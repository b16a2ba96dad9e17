/**
 * The workspace price table: seeded from the defaults, edited by owners
 * only, bad numbers refused without a write, reset to the defaults.
 * (That runs are charged from it is tested in providers.int.test.ts.)
 */
import { TRPCError } from "@trpc/server";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import { DEFAULT_PRICE_TABLE } from "@/core/models/default-prices";
import { callerFor, resetWorld } from "@/server/api/testing/api-fixtures";
import { everyRow } from "@/server/api/testing/every-row";
import { setupTestDatabase } from "@/server/db/test-db";
import { workspacePriceTable } from "@/server/services/prices";

const db = setupTestDatabase();
let workspaceId: string;
let otherWorkspaceId: string;
let editorId: string;
let viewerId: string;
let otherOwnerId: string;

const owner = () => callerFor(db.prisma);

/** A listed row as `prices.set` takes it. */
function editable(row: Awaited<ReturnType<ReturnType<typeof owner>["prices"]["list"]>>[number]) {
  const { updatedAt: _updatedAt, ...rest } = row;
  return rest;
}

async function refused(call: Promise<unknown>, code: TRPCError["code"], message?: RegExp): Promise<void> {
  const error = await call.then(
    (value) => {
      throw new Error(`expected ${code}, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(TRPCError);
  expect((error as TRPCError).code, (error as TRPCError).message).toBe(code);
  if (message) expect((error as TRPCError).message).toMatch(message);
}

async function member(email: string, role: "owner" | "editor" | "viewer", inWorkspace: string) {
  const user = await db.prisma.user.create({ data: { email, name: email.split("@")[0]! } });
  await db.prisma.membership.create({ data: { workspaceId: inWorkspace, userId: user.id, role } });
  return user.id;
}

beforeAll(async () => {
  await resetWorld(db.prisma);
  workspaceId = (await db.prisma.workspace.findFirstOrThrow({ where: { slug: { not: "other" } } })).id;
  otherWorkspaceId = (await db.prisma.workspace.findFirstOrThrow({ where: { slug: "other" } })).id;
  editorId = await member("editor@prices.test", "editor", workspaceId);
  viewerId = await member("viewer@prices.test", "viewer", workspaceId);
  otherOwnerId = await member("owner@other-prices.test", "owner", otherWorkspaceId);
});

beforeEach(async () => {
  await owner().prices.resetToDefaults();
});

describe("prices", () => {
  it("lists the seeded defaults to every member, USD per 1M tokens", async () => {
    const rows = await callerFor(db.prisma, { userId: viewerId, workspaceId }).prices.list();
    expect(rows).toHaveLength(DEFAULT_PRICE_TABLE.length);
    expect(rows.find((row) => row.model === "gpt-4o-mini")).toMatchObject({
      provider: "openai",
      inputPerMTok: 0.15,
      outputPerMTok: 0.6,
      cachedInputPerMTok: 0.075,
    });
  });

  it("adds a row, replaces a row of the same provider and model, edits a row by id, deletes one", async () => {
    const added = await owner().prices.set({
      provider: "openai-compatible",
      model: " llama3.1:8b ",
      inputPerMTok: 0,
      outputPerMTok: 0,
    });
    expect(added).toMatchObject({ model: "llama3.1:8b", inputPerMTok: 0, cachedInputPerMTok: null });
    const replaced = await owner().prices.set({
      provider: "openai-compatible",
      model: "llama3.1:8b",
      inputPerMTok: 0.1,
      outputPerMTok: 0.2,
    });
    expect(replaced.id).toBe(added.id);
    const edited = await owner().prices.set({
      id: added.id,
      provider: "openai-compatible",
      model: "llama3.1:70b",
      inputPerMTok: 0.5,
      outputPerMTok: 0.9,
      cachedInputPerMTok: 0.25,
    });
    expect(edited).toMatchObject({ id: added.id, model: "llama3.1:70b", cachedInputPerMTok: 0.25 });
    const table = await workspacePriceTable(db.prisma, workspaceId);
    expect(table).toContainEqual({
      provider: "openai-compatible",
      model: "llama3.1:70b",
      inputPerMTok: 0.5,
      outputPerMTok: 0.9,
      cachedInputPerMTok: 0.25,
    });
    expect(await owner().prices.delete({ id: added.id })).toEqual({ id: added.id });
    expect((await owner().prices.list()).some((row) => row.id === added.id)).toBe(false);
    await refused(owner().prices.delete({ id: added.id }), "NOT_FOUND");
  });

  it("refuses renaming a row onto another row's provider and model", async () => {
    const rows = await owner().prices.list();
    const mini = rows.find((row) => row.model === "gpt-4o-mini")!;
    await refused(
      owner().prices.set({ id: mini.id, provider: "openai", model: "gpt-4o", inputPerMTok: 1, outputPerMTok: 1 }),
      "CONFLICT",
      /already has a row for openai gpt-4o/,
    );
  });

  it.each([
    [{ provider: "openai", model: "m", inputPerMTok: -1, outputPerMTok: 1 }, /input price cannot be negative/],
    [{ provider: "openai", model: "m", inputPerMTok: 1, outputPerMTok: -0.5 }, /output price cannot be negative/],
    [{ provider: "openai", model: "   ", inputPerMTok: 1, outputPerMTok: 1 }, /Enter the model id/],
    [{ provider: "openai", model: "m", inputPerMTok: 1e9, outputPerMTok: 1 }, /check the decimal point/],
    [
      { provider: "scripted", model: "m", inputPerMTok: 1, outputPerMTok: 1 },
      /Choose openai, anthropic or openai-compatible/,
    ],
    [
      { provider: "openai", model: "m", inputPerMTok: 1, outputPerMTok: 1, cachedInputPerMTok: -2 },
      /cached input price cannot be negative/,
    ],
  ])("refuses %j and changes nothing", async (input, message) => {
    const before = await everyRow(db.prisma);
    await refused(owner().prices.set(input as never), "BAD_REQUEST", message);
    expect(await everyRow(db.prisma)).toBe(before);
  });

  it("resets to the defaults, dropping edits and added rows", async () => {
    const rows = await owner().prices.list();
    const mini = rows.find((row) => row.model === "gpt-4o-mini")!;
    await owner().prices.set({ ...editable(mini), inputPerMTok: 9, outputPerMTok: 9 });
    await owner().prices.set({ provider: "openai", model: "my-finetune", inputPerMTok: 1, outputPerMTok: 2 });
    const reset = await owner().prices.resetToDefaults();
    expect(reset).toHaveLength(DEFAULT_PRICE_TABLE.length);
    expect(reset.find((row) => row.model === "gpt-4o-mini")).toMatchObject({ inputPerMTok: 0.15 });
    expect(reset.some((row) => row.model === "my-finetune")).toBe(false);
  });

  it("lets only owners change prices, and only their workspace's", async () => {
    const [row] = await owner().prices.list();
    for (const userId of [editorId, viewerId]) {
      const caller = callerFor(db.prisma, { userId, workspaceId });
      const before = await everyRow(db.prisma);
      await refused(caller.prices.set({ ...editable(row!), inputPerMTok: 0 }), "FORBIDDEN");
      await refused(caller.prices.delete({ id: row!.id }), "FORBIDDEN");
      await refused(caller.prices.resetToDefaults(), "FORBIDDEN");
      expect(await everyRow(db.prisma)).toBe(before);
    }
    const other = callerFor(db.prisma, { userId: otherOwnerId, workspaceId: otherWorkspaceId });
    await refused(other.prices.set({ ...editable(row!), inputPerMTok: 0 }), "NOT_FOUND");
    await refused(other.prices.delete({ id: row!.id }), "NOT_FOUND");
    expect((await other.prices.list()).some((price) => price.id === row!.id)).toBe(false);
    expect((await owner().prices.list()).find((price) => price.id === row!.id)).toEqual(row);
  });
});
