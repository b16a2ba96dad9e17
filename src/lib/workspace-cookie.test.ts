import { describe, expect, it } from "vitest";

import { selectedWorkspace } from "@/server/api/access";

import { WORKSPACE_COOKIE, workspaceCookie } from "./workspace-cookie";

describe("workspaceCookie", () => {
  it("is read back by the server as the selected workspace", () => {
    const id = "0190c3e2-7f4a-7b1e-9d2c-3a4b5c6d7e8f";
    const set = workspaceCookie(id);
    expect(set.startsWith(`${WORKSPACE_COOKIE}=`)).toBe(true);
    expect(set).toContain("Path=/");
    const sent = set.split(";")[0]!;
    expect(selectedWorkspace(new Headers({ cookie: `theme=dark; ${sent}` }))).toEqual({ id, from: "cookie" });
  });
});
