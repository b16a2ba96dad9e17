/**
 * Idempotent defaults for a fresh install: the "Default workspace", a
 * placeholder owner (until the first person signs up and takes it over, see
 * src/server/auth/sign-up-workspace.ts), and the example graphs from
 * `examples/*.json`.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

import type { PrismaClient } from "@/generated/prisma/client";
import type { DbClient } from "@/server/repositories/db-client";
import { DefaultOwnerRepository } from "@/server/repositories/default-owner-repository";
import { GraphRepository } from "@/server/repositories/graph-repository";
import { WorkspaceRepository } from "@/server/repositories/workspace-repository";
import { setUpWorkspace } from "@/server/services/workspace-setup";
import { DEFAULT_WORKSPACE, DEFAULT_WORKSPACE_LOCK_KEY, LOCAL_USER } from "./defaults";
import { EXAMPLES_DIR } from "./paths";

export { DEFAULT_WORKSPACE, LOCAL_USER } from "./defaults";

/** Options for {@link seedDefaults}. */
export interface SeedOptions {
  /** Folder of example graph documents; default `<repo>/examples`. */
  examplesDir?: string;
  /** Receives warnings (unreadable example, empty folder). Default: console.warn. */
  warn?: (message: string) => void;
}

/** What the seed found and did. */
export interface SeedResult {
  workspaceId: string;
  /** The placeholder user (author of the example graphs). */
  userId: string;
  /** True when the placeholder owns the default workspace (nobody has signed up into it yet). */
  placeholderIsOwner: boolean;
  /** Names of the graphs created by this call (empty when all existed). */
  importedGraphs: string[];
}

/** A parsed example: its document and the name and description it declares. */
interface Example {
  file: string;
  document: unknown;
  name: string;
  description: string;
}

async function readExamples(dir: string, warn: (message: string) => void): Promise<Example[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith(".json")).sort();
  if (files.length === 0) {
    warn(`No example graphs in ${dir}; skipping the example import.`);
    return [];
  }
  const examples: Example[] = [];
  for (const file of files) {
    let document: unknown;
    try {
      document = JSON.parse(await readFile(path.join(dir, file), "utf8"));
    } catch (error) {
      warn(`Skipping example ${file}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    const fields = (typeof document === "object" && document !== null ? document : {}) as Record<string, unknown>;
    if (typeof fields.name !== "string" || fields.name.trim() === "") {
      warn(`Skipping example ${file}: it has no "name".`);
      continue;
    }
    const description = typeof fields.description === "string" ? fields.description : "";
    examples.push({ file, document, name: fields.name, description });
  }
  return examples;
}

/**
 * Creates what is missing and changes nothing that exists: running it on
 * every start is safe. Examples are matched to graphs by name, so a user's
 * renamed or deleted example is re-imported but an edited one is kept.
 */
export async function seedDefaults(prisma: PrismaClient, options: SeedOptions = {}): Promise<SeedResult> {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const examples = await readExamples(options.examplesDir ?? EXAMPLES_DIR, warn);
  // One seed at a time, even across processes sharing a database; and never
  // while a sign-up is taking the default workspace over.
  return prisma.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${DEFAULT_WORKSPACE_LOCK_KEY})`;
      return seedInTransaction(tx, examples);
    },
    { timeout: 60_000, maxWait: 60_000 },
  );
}

async function seedInTransaction(tx: DbClient, examples: Example[]): Promise<SeedResult> {
  const workspaces = new WorkspaceRepository(tx);
  const graphs = new GraphRepository(tx);

  const workspace = await workspaces.ensureWorkspace(DEFAULT_WORKSPACE);
  const user = await workspaces.ensureUser(LOCAL_USER);
  // The placeholder owns the workspace only until a real person belongs to it (the first
  // sign-up takes it over and removes the placeholder): then it is not added back.
  const taken = await new DefaultOwnerRepository(tx).hasMemberOtherThan(workspace.id, LOCAL_USER.email);
  if (!taken) await workspaces.setMembership({ workspaceId: workspace.id, userId: user.id, role: "owner" });
  await setUpWorkspace(tx, workspace.id);

  const existing = new Set((await graphs.list(workspace.id)).map((graph) => graph.name));
  const importedGraphs: string[] = [];
  for (const example of examples) {
    if (existing.has(example.name)) continue;
    await graphs.create({
      workspaceId: workspace.id,
      name: example.name,
      description: example.description,
      draft: example.document,
      createdById: user.id,
    });
    existing.add(example.name);
    importedGraphs.push(example.name);
  }
  return { workspaceId: workspace.id, userId: user.id, placeholderIsOwner: !taken, importedGraphs };
}
