import { describe, expect, it } from "vitest";

import { pickMembership, WORKSPACE_COOKIE, WORKSPACE_HEADER } from "./access";

const OLD = { id: "0190c3e2-7f4a-7b1e-9d2c-000000000001", createdAt: new Date("2026-01-01") };
const NEW = { id: "0190c3e2-7f4a-7b1e-9d2c-000000000002", createdAt: new Date("2026-02-01") };
const ELSEWHERE = "0190c3e2-7f4a-7b1e-9d2c-000000000003";

describe("pickMembership", () => {
  it("takes the oldest membership when the request names none", () => {
    expect(pickMembership([NEW, OLD], new Headers())).toEqual({ membership: OLD, requested: false });
  });

  it("takes the workspace the header or the cookie names", () => {
    expect(pickMembership([OLD, NEW], new Headers({ [WORKSPACE_HEADER]: NEW.id }))).toEqual({
      membership: NEW,
      requested: true,
    });
    expect(pickMembership([OLD, NEW], new Headers({ cookie: `${WORKSPACE_COOKIE}=${NEW.id}` }))).toEqual({
      membership: NEW,
      requested: true,
    });
  });

  it("refuses a header naming a workspace the caller is not in", () => {
    expect(pickMembership([OLD], new Headers({ [WORKSPACE_HEADER]: ELSEWHERE }))).toEqual({
      membership: null,
      requested: true,
    });
  });

  it("falls back to the oldest membership for a stale cookie", () => {
    expect(pickMembership([NEW, OLD], new Headers({ cookie: `${WORKSPACE_COOKIE}=${ELSEWHERE}` }))).toEqual({
      membership: OLD,
      requested: false,
    });
  });

  it("finds nothing for a user in no workspace", () => {
    expect(pickMembership([], new Headers())).toEqual({ membership: null, requested: false });
  });
});
