/**
 * HTTP tools of a workspace (Settings → Tools): list, create, update,
 * delete, and test calls with sample arguments. Names are unique across the
 * whole catalog (other sources too) and never a built-in's; headers may
 * only reference secrets the workspace has.
 */
import { type HttpToolDefinition, secretReferences } from "@/core/tools/http-tool-schema";
import { Prisma, type PrismaClient } from "@/generated/prisma/client";
import { DomainError } from "@/server/errors/domain-error";
import { HttpToolNotFoundError } from "@/server/errors/http-tool-not-found-error";
import { InvalidInputError } from "@/server/errors/invalid-input-error";
import { ToolNameTakenError } from "@/server/errors/tool-name-taken-error";
import { redactSecrets } from "@/server/runs/worker/redact-secrets";

import { workspaceAllowedHosts } from "../allowed-hosts";
import type { HostResolver } from "../address-guard";
import { openWorkspaceSecrets, WorkspaceSecretService } from "../secrets/workspace-secrets";
import { jsonSchemaProblem } from "../tool-arguments";
import { TOOL_SOURCES } from "../tool-sources";
import { callHttpTool, readableBody } from "./call-http-tool";
import { HTTP_TOOL_SELECT, type HttpToolRecord, toHttpToolRecord } from "./http-tool-records";

/** Longest body text a test result shows. */
export const TEST_BODY_CHARS = 20_000;

/** What a test call shows: the answer, or why there was none. */
export type HttpToolTestResult =
  | {
      outcome: "response";
      url: string;
      method: string;
      status: number;
      statusText: string;
      ok: boolean;
      durationMs: number;
      contentType: string | null;
      bytes: number;
      body: string;
      truncated: boolean;
    }
  | { outcome: "error"; message: string; durationMs: number };

export class HttpToolService {
  constructor(
    private readonly db: PrismaClient,
    private readonly workspaceId: string,
    private readonly resolve?: HostResolver,
  ) {}

  async list(): Promise<HttpToolRecord[]> {
    const rows = await this.db.httpTool.findMany({
      where: { workspaceId: this.workspaceId },
      select: HTTP_TOOL_SELECT,
      orderBy: { name: "asc" },
    });
    return rows.map(toHttpToolRecord);
  }

  async get(id: string): Promise<HttpToolRecord> {
    const row = await this.db.httpTool.findFirst({
      where: { id, workspaceId: this.workspaceId },
      select: HTTP_TOOL_SELECT,
    });
    if (!row) throw new HttpToolNotFoundError(id, this.workspaceId);
    return toHttpToolRecord(row);
  }

  async create(tool: HttpToolDefinition): Promise<HttpToolRecord> {
    await this.checkSaveable(tool);
    try {
      const row = await this.db.httpTool.create({
        data: { workspaceId: this.workspaceId, ...columns(tool) },
        select: HTTP_TOOL_SELECT,
      });
      return toHttpToolRecord(row);
    } catch (error) {
      throw nameTaken(error, tool.name);
    }
  }

  async update(id: string, tool: HttpToolDefinition): Promise<HttpToolRecord> {
    await this.get(id);
    await this.checkSaveable(tool);
    try {
      const { count } = await this.db.httpTool.updateMany({
        where: { id, workspaceId: this.workspaceId },
        data: columns(tool),
      });
      if (count === 0) throw new HttpToolNotFoundError(id, this.workspaceId);
    } catch (error) {
      throw nameTaken(error, tool.name);
    }
    return this.get(id);
  }

  async delete(id: string): Promise<{ id: string; name: string }> {
    const tool = await this.get(id);
    await this.db.httpTool.deleteMany({ where: { id, workspaceId: this.workspaceId } });
    return { id, name: tool.name };
  }

  /**
   * Calls `tool` (saved or not) with `args` as an agent would. Tool and
   * guard failures come back as `outcome: "error"` in words; secret values
   * are masked in what is returned.
   */
  async test(tool: HttpToolDefinition, args: Record<string, unknown>): Promise<HttpToolTestResult> {
    const [secrets, allowedHosts] = await Promise.all([
      openWorkspaceSecrets(this.db, this.workspaceId),
      workspaceAllowedHosts(this.db, this.workspaceId),
    ]);
    const secretValues = [...secrets.values()].filter((value) => value.length > 0);
    const started = performance.now();
    try {
      const result = await callHttpTool(tool, args, { secrets, allowedHosts, resolve: this.resolve });
      const body = readableBody(result);
      return redactSecrets(
        {
          outcome: "response" as const,
          url: result.url,
          method: result.method,
          status: result.status,
          statusText: result.statusText,
          ok: result.ok,
          durationMs: result.durationMs,
          contentType: result.contentType,
          bytes: result.bytes,
          body: body.length > TEST_BODY_CHARS ? body.slice(0, TEST_BODY_CHARS) : body,
          truncated: body.length > TEST_BODY_CHARS,
        },
        secretValues,
      );
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return redactSecrets(
        { outcome: "error" as const, message: error.message, durationMs: Math.round(performance.now() - started) },
        secretValues,
      );
    }
  }

  /** Parameters a valid JSON schema, name free across the catalog, and every referenced secret present. */
  private async checkSaveable(tool: HttpToolDefinition): Promise<void> {
    const problem = jsonSchemaProblem(tool.parameters);
    if (problem) {
      throw new InvalidInputError(`The parameters are not a valid JSON schema: ${problem}.`, [
        {
          code: "schema_invalid",
          severity: "error",
          message: problem,
          path: "parameters",
          nodeIds: [],
          edgeIds: [],
        },
      ]);
    }
    for (const source of TOOL_SOURCES) {
      if (source.kind === "http") continue;
      const holder = (await source.catalog(this.db, this.workspaceId)).find((t) => t.name === tool.name);
      if (holder) throw new ToolNameTakenError(tool.name, holder.source);
    }
    const have = await new WorkspaceSecretService(this.db, this.workspaceId).names();
    tool.headers.forEach((header, i) => {
      const missing = secretReferences(header.value).find((name) => !have.has(name));
      if (missing) {
        throw new InvalidInputError(
          `The header ${header.name} uses the secret ${missing}, which this workspace does not have: an owner adds it under Settings → Tools → Secrets first.`,
          [
            {
              code: "unknown_secret",
              severity: "error",
              message: `no secret named ${missing}`,
              path: `headers.${i}.value`,
              nodeIds: [],
              edgeIds: [],
            },
          ],
        );
      }
    });
  }
}

function columns(tool: HttpToolDefinition) {
  return {
    name: tool.name,
    description: tool.description,
    method: tool.method,
    urlTemplate: tool.urlTemplate,
    parameters: tool.parameters as Prisma.InputJsonObject,
    headers: tool.headers as unknown as Prisma.InputJsonArray,
    timeoutMs: tool.timeoutMs,
    maxResponseBytes: tool.maxResponseBytes,
  };
}

function nameTaken(error: unknown, name: string): unknown {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
    return new ToolNameTakenError(name, "another HTTP tool");
  }
  return error;
}
