import { describe, expect, it } from "vitest";

import { databaseErrorMessage, isPrismaError } from "./database-error-message";

function prismaError(message: string): Error {
  const error = new Error(message);
  error.name = "PrismaClientKnownRequestError";
  return error;
}

describe("databaseErrorMessage", () => {
  it("keeps only the driver's message quoted by Prisma", () => {
    const error = prismaError(
      "\nInvalid `prisma.$queryRaw()` invocation:\n\n\nRaw query failed. Code: `N/A`. Message: `Can't reach database server at 127.0.0.1:54999`",
    );
    expect(databaseErrorMessage(error)).toBe("Can't reach database server at 127.0.0.1:54999");
  });

  it("skips Prisma's call site and code frame when nothing is quoted", () => {
    const error = prismaError(
      [
        "",
        "Invalid `this.db.workspace.findUnique()` invocation in",
        "/work/main/.next/server/chunks/abc.js:1269:34",
        "",
        "  1268 /** The workspace with this slug, or null. */ async findWorkspaceBySlug(slug) {",
        "→ 1269     return this.db.workspace.findUnique(",
        "Can't reach database server at 127.0.0.1:54999",
      ].join("\n"),
    );
    expect(databaseErrorMessage(error)).toBe("Can't reach database server at 127.0.0.1:54999");
  });

  it("passes plain messages through", () => {
    expect(databaseErrorMessage(new Error("DATABASE_URL is not set."))).toBe("DATABASE_URL is not set.");
    expect(databaseErrorMessage("timeout")).toBe("timeout");
  });
});

describe("isPrismaError", () => {
  it("recognises Prisma client errors by name", () => {
    expect(isPrismaError(prismaError("x"))).toBe(true);
    expect(isPrismaError(new Error("x"))).toBe(false);
    expect(isPrismaError("PrismaClientKnownRequestError")).toBe(false);
  });
});
