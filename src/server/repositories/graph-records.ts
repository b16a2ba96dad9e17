/**
 * The plain objects the graph repositories return, and the Prisma `select`s
 * that produce them. Documents are JSON validated by the core, so they are
 * `unknown` here.
 */
import type { Prisma } from "@/generated/prisma/client";

/** A graph without its (possibly large) draft: for lists. */
export interface GraphSummary {
  id: string;
  workspaceId: string;
  name: string;
  description: string;
  revision: number;
  /** Highest version number created so far; 0 when there is none. */
  lastVersion: number;
  createdById: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A graph with its draft document. */
export interface GraphRecord extends GraphSummary {
  draft: unknown;
}

/** A version without its document and definition: for lists. */
export interface GraphVersionSummary {
  id: string;
  graphId: string;
  version: number;
  contentHash: string;
  published: boolean;
  publishedAt: Date | null;
  createdById: string | null;
  createdAt: Date;
}

/** A version with its document snapshot and compiled definition. */
export interface GraphVersionRecord extends GraphVersionSummary {
  document: unknown;
  definition: unknown;
}

export const graphSummarySelect = {
  id: true,
  workspaceId: true,
  name: true,
  description: true,
  revision: true,
  lastVersion: true,
  createdById: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.GraphSelect;

export const graphRecordSelect = { ...graphSummarySelect, draft: true } satisfies Prisma.GraphSelect;

export const versionSummarySelect = {
  id: true,
  graphId: true,
  version: true,
  contentHash: true,
  published: true,
  publishedAt: true,
  createdById: true,
  createdAt: true,
} satisfies Prisma.GraphVersionSelect;

export const versionRecordSelect = {
  ...versionSummarySelect,
  document: true,
  definition: true,
} satisfies Prisma.GraphVersionSelect;
