import { describe, expect, it } from "vitest";

import { initialFormValues, mcpServerFormResolver, toSettingsInput } from "./mcp-server-form";

const resolve = (values: ReturnType<typeof initialFormValues>) =>
  mcpServerFormResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe("the MCP server form", () => {
  it("turns stdio values into settings; an empty value keeps the stored one", async () => {
    const values = {
      ...initialFormValues({
        name: "docs",
        transport: "stdio",
        command: "npx",
        args: ["-y", "docs-server"],
        envNames: ["TOKEN"],
        url: null,
        headerNames: [],
        timeoutMs: 20_000,
      }),
    };
    values.env.push({ name: "REGION", value: "eu", stored: false });
    expect(toSettingsInput(values)).toEqual({
      name: "docs",
      timeoutMs: 20_000,
      transport: "stdio",
      command: "npx",
      args: ["-y", "docs-server"],
      env: [{ name: "TOKEN" }, { name: "REGION", value: "eu" }],
    });
    expect((await resolve(values)).errors).toEqual({});
  });

  it("puts each schema message on its field", async () => {
    const values = { ...initialFormValues(), name: "Bad Name", command: "rm -rf /", timeoutSeconds: "0.1" };
    values.env.push({ name: "1X", value: "v", stored: false });
    const { errors } = await resolve(values);
    expect(errors.name?.message).toContain("lower-case letters");
    expect(errors.command?.message).toContain("without spaces or shell characters");
    expect(errors.timeoutSeconds?.message).toBe("the timeout is at least 1 s (1000 ms)");
    expect(errors.env?.[0]?.name?.message).toContain("cannot start with a digit");
  });

  it("checks the URL of an HTTP server", async () => {
    const values = { ...initialFormValues(), name: "remote", transport: "http" as const, url: "ftp://x" };
    const { errors } = await resolve(values);
    expect(errors.url?.message).toBe("must be an http:// or https:// URL (e.g. https://mcp.example.com/mcp)");
  });
});
