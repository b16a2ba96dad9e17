import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GET, POST } from "@/app/api/auth/[...all]/route";
import { DEFAULT_PRICE_TABLE } from "@/core/models/default-prices";
import { createTRPCContext } from "@/server/api/trpc";
import { getAuth } from "@/server/auth/auth";
import { sessionUser } from "@/server/auth/session-user";
import { DEFAULT_WORKSPACE, LOCAL_USER } from "@/server/db/defaults";
import { seedDefaults } from "@/server/db/seed";
import { setupTestDatabase, truncateAppTables } from "@/server/db/test-db";
import { createTrpcHandler } from "@/server/http/trpc-handler";

const db = setupTestDatabase();
const ORIGIN = "http://127.0.0.1:3000";
const PASSWORD = "correct horse battery";
const trpc = createTrpcHandler((req) => createTRPCContext({ headers: req.headers }));

let savedDatabaseUrl: string | undefined;
let nextIp = 1;
/** A client address of its own for each caller, so one test's attempts never count against another's. */
const freshIp = () => `203.0.113.${nextIp++}`;

beforeAll(async () => {
  // The app's own getPrisma()/getAuth() (used by the route and tRPC's context) on the test database.
  savedDatabaseUrl = process.env.DATABASE_URL;
  process.env.DATABASE_URL = db.connectionString;
  await truncateAppTables(db.prisma);
  await seedDefaults(db.prisma, { warn: () => {} });
});

afterAll(() => {
  process.env.DATABASE_URL = savedDatabaseUrl;
});

interface AuthAnswer {
  status: number;
  body: Record<string, unknown>;
  /** `name=value` of the session cookie set by the answer, if any. */
  cookie: string | null;
  headers: Headers;
}

async function authCall(
  method: "GET" | "POST",
  path: string,
  options: { body?: unknown; cookie?: string | null; ip?: string } = {},
): Promise<AuthAnswer> {
  const headers = new Headers({ origin: ORIGIN, host: "127.0.0.1:3000", "x-forwarded-for": options.ip ?? freshIp() });
  if (options.cookie) headers.set("cookie", options.cookie);
  let body: string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set("content-type", "application/json");
    headers.set("content-length", String(Buffer.byteLength(body)));
  }
  const request = new Request(`${ORIGIN}/api/auth${path}`, { method, headers, body });
  const response = await (method === "GET" ? GET : POST)(request);
  const text = await response.text();
  const setCookie = response.headers.getSetCookie().find((line) => line.startsWith("better-auth.session_token="));
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    cookie: setCookie ? setCookie.split(";")[0]! : null,
    headers: response.headers,
  };
}

const signUp = (name: string, email: string, password = PASSWORD, ip?: string) =>
  authCall("POST", "/sign-up/email", { body: { name, email, password }, ip });
const signIn = (email: string, password: string, ip?: string) =>
  authCall("POST", "/sign-in/email", { body: { email, password }, ip });

/** The session token inside a `better-auth.session_token=<token>.<signature>` cookie. */
function tokenOf(cookie: string): string {
  return decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1)).split(".")[0]!;
}

interface TrpcBody {
  result: { data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- each test reads its own procedure's shape
  error: { message: string; data: { code: string } };
}

async function trpcCall(path: string, cookie: string | null): Promise<{ status: number; body: TrpcBody }> {
  const headers = new Headers({ host: "127.0.0.1:3000" });
  if (cookie) headers.set("cookie", cookie);
  const response = await trpc(new Request(`${ORIGIN}/api/trpc/${path}`, { headers }));
  return { status: response.status, body: (await response.json()) as TrpcBody };
}

async function workspaceOf(userId: string) {
  return db.prisma.membership.findMany({
    where: { userId },
    select: { role: true, workspace: { select: { id: true, slug: true, name: true } } },
  });
}

describe("sign-up, sessions and sign-out through /api/auth", () => {
  let ownerCookie = "";
  let ownerId = "";

  it("signs the first person up as the owner of the default workspace, replacing the placeholder", async () => {
    const answer = await signUp("Ada Lovelace", "Ada@Example.com");
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.cookie).toMatch(/^better-auth\.session_token=/);
    ownerCookie = answer.cookie!;
    const user = await db.prisma.user.findUniqueOrThrow({ where: { email: "ada@example.com" } });
    ownerId = user.id;
    expect(user.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(user.name).toBe("Ada Lovelace");

    const memberships = await workspaceOf(user.id);
    expect(memberships).toEqual([
      { role: "owner", workspace: expect.objectContaining({ slug: DEFAULT_WORKSPACE.slug }) },
    ]);
    const placeholder = await db.prisma.user.findUniqueOrThrow({ where: { email: LOCAL_USER.email } });
    expect(await workspaceOf(placeholder.id)).toEqual([]);

    // The seed runs on every start: it does not bring the placeholder back, and says so.
    const seeded = await seedDefaults(db.prisma, { warn: () => {} });
    expect(seeded.placeholderIsOwner).toBe(false);
    expect(await workspaceOf(placeholder.id)).toEqual([]);
    // The example graphs stay where they were, authored by the placeholder.
    expect(await db.prisma.graph.count({ where: { workspaceId: memberships[0]!.workspace.id } })).toBeGreaterThan(0);
  });

  it("stores the password hashed (scrypt), never as typed", async () => {
    const account = await db.prisma.account.findFirstOrThrow({ where: { userId: ownerId } });
    expect(account.providerId).toBe("credential");
    expect(account.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    for (const table of ["users", "accounts", "sessions", "verifications"]) {
      const rows = await db.prisma.$queryRawUnsafe<unknown[]>(`SELECT * FROM "${table}"`);
      expect(JSON.stringify(rows), table).not.toContain(PASSWORD);
    }
  });

  it("keeps the session in the sessions table under the token the cookie holds, and resolves it", async () => {
    const session = await db.prisma.session.findUniqueOrThrow({ where: { token: tokenOf(ownerCookie) } });
    expect(session.userId).toBe(ownerId);
    expect(session.expiresAt.getTime()).toBeGreaterThan(Date.now());

    const user = await sessionUser(getAuth(), new Headers({ cookie: ownerCookie, host: "127.0.0.1:3000" }));
    expect(user).toEqual({ id: ownerId, email: "ada@example.com", name: "Ada Lovelace" });

    const current = await trpcCall("workspaces.current", ownerCookie);
    expect(current.status).toBe(200);
    expect(current.body.result.data).toMatchObject({
      role: "owner",
      workspace: { slug: DEFAULT_WORKSPACE.slug },
      user: { id: ownerId, email: "ada@example.com" },
    });
  });

  it("refuses a wrong password and an unknown email alike, and sets no cookie", async () => {
    for (const [email, password] of [
      ["ada@example.com", "not the password"],
      ["nobody@example.com", PASSWORD],
    ] as const) {
      const answer = await signIn(email, password);
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ code: "INVALID_EMAIL_OR_PASSWORD" });
      expect(answer.cookie).toBeNull();
    }
  });

  it("refuses a sign-in posted from another site's page (CSRF), and accepts localhost on any port", async () => {
    const request = (origin: string, host: string) =>
      POST(
        new Request(`http://${host}/api/auth/sign-in/email`, {
          method: "POST",
          headers: {
            origin,
            host,
            "content-type": "application/json",
            "x-forwarded-for": freshIp(),
            cookie: ownerCookie,
          },
          body: JSON.stringify({ email: "ada@example.com", password: PASSWORD }),
        }),
      );
    expect((await request("http://evil.example", "127.0.0.1:3000")).status).toBe(403);
    expect((await request("http://localhost:4123", "localhost:4123")).status).toBe(200);
  });

  it("signs in with the right password (a new session) and refuses a second account on the same email", async () => {
    const answer = await signIn("ADA@example.com", PASSWORD);
    expect(answer.status).toBe(200);
    expect(answer.cookie).not.toBeNull();
    expect(tokenOf(answer.cookie!)).not.toBe(tokenOf(ownerCookie));
    expect(await db.prisma.session.count({ where: { userId: ownerId } })).toBe(3);

    const again = await signUp("Another Ada", "ada@example.com");
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" });
  });

  it("gives every later sign-up a workspace of its own, with the price table seeded", async () => {
    const answer = await signUp("Grace Hopper", "grace@example.com");
    expect(answer.status).toBe(200);
    const grace = await db.prisma.user.findUniqueOrThrow({ where: { email: "grace@example.com" } });
    const memberships = await workspaceOf(grace.id);
    expect(memberships).toHaveLength(1);
    expect(memberships[0]).toMatchObject({ role: "owner", workspace: { name: "Grace Hopper's workspace" } });
    expect(memberships[0]!.workspace.slug).toMatch(/^grace-hopper-[0-9a-f]{8}$/);
    const prices = await db.prisma.modelPrice.count({ where: { workspaceId: memberships[0]!.workspace.id } });
    expect(prices).toBe(DEFAULT_PRICE_TABLE.filter((entry) => entry.provider).length);

    // Their tRPC calls act in their own workspace: the default one's graphs are not theirs.
    const graphs = await trpcCall("graphs.list", answer.cookie);
    expect(graphs.status).toBe(200);
    expect(graphs.body.result.data).toEqual([]);
    const current = await trpcCall("workspaces.current", answer.cookie);
    expect(current.body.result.data.workspace.id).toBe(memberships[0]!.workspace.id);
  });

  it("refuses a sign-up with a short password or a blank name, creating nothing", async () => {
    const users = await db.prisma.user.count();
    const short = await signUp("Short", "short@example.com", "1234567");
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ code: "PASSWORD_TOO_SHORT" });
    const blank = await signUp("   ", "blank@example.com");
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ message: "Enter your name." });
    expect(await db.prisma.user.count()).toBe(users);
  });

  it("signs out: the session row is deleted and the cookie no longer works", async () => {
    const signedIn = await signIn("ada@example.com", PASSWORD);
    const token = tokenOf(signedIn.cookie!);
    expect(await db.prisma.session.count({ where: { token } })).toBe(1);

    const out = await authCall("POST", "/sign-out", { cookie: signedIn.cookie, body: {} });
    expect(out.status).toBe(200);
    expect(await db.prisma.session.count({ where: { token } })).toBe(0);

    const after = await trpcCall("workspaces.current", signedIn.cookie);
    expect(after.status).toBe(401);
    expect(after.body.error.data.code).toBe("UNAUTHORIZED");
  });

  it("answers tRPC calls without a session, or with a forged one, UNAUTHORIZED", async () => {
    for (const cookie of [null, "better-auth.session_token=forged.signature", `${ownerCookie}x`]) {
      for (const path of ["workspaces.current", "graphs.list", "workspaces.mine"]) {
        const answer = await trpcCall(path, cookie);
        expect(answer.status, `${path} with ${cookie}`).toBe(401);
        expect(answer.body.error.data.code).toBe("UNAUTHORIZED");
        expect(answer.body.error.message).toBe("Sign in to continue.");
      }
    }
    // Health stays open.
    expect((await trpcCall("health.ping", null)).status).toBe(200);
  });

  it("rate-limits sign-in per client address: 429 with the wait after 5 attempts a minute", async () => {
    const ip = freshIp();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await signIn("ada@example.com", "wrong password", ip)).status, `attempt ${attempt}`).toBe(401);
    }
    const limited = await signIn("ada@example.com", PASSWORD, ip);
    expect(limited.status).toBe(429);
    expect(limited.cookie).toBeNull();
    expect(Number(limited.headers.get("x-retry-after"))).toBeGreaterThan(0);
    expect(Number(limited.headers.get("x-retry-after"))).toBeLessThanOrEqual(60);
    // Counted in the database, so every web process shares it.
    expect(await db.prisma.rateLimit.count()).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await signIn("ada@example.com", PASSWORD)).status).toBe(200);
  });

  it("refuses an oversized auth request body before reading it", async () => {
    const request = new Request(`${ORIGIN}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(1024 * 1024), origin: ORIGIN },
      body: "x".repeat(1024 * 1024),
    });
    const response = await POST(request);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toMatch(/over the 16384-byte limit/);

    // Without a Content-Length (chunked): cut off once it passes the limit.
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 1000) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const chunked = await POST(
      new Request(`${ORIGIN}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: ORIGIN },
        body: stream,
        duplex: "half",
      } as RequestInit),
    );
    expect(chunked.status).toBe(413);
    expect(pulled).toBeLessThan(10);
  });
});

describe("two first sign-ups at once", () => {
  it("give the default workspace to exactly one of them", async () => {
    await truncateAppTables(db.prisma);
    await seedDefaults(db.prisma, { warn: () => {} });
    const answers = await Promise.all([signUp("One", "one@example.com"), signUp("Two", "two@example.com")]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const workspace = await db.prisma.workspace.findUniqueOrThrow({ where: { slug: DEFAULT_WORKSPACE.slug } });
    const members = await db.prisma.membership.findMany({
      where: { workspaceId: workspace.id },
      select: { role: true, user: { select: { email: true } } },
    });
    expect(members).toHaveLength(1);
    expect(members[0]!.role).toBe("owner");
    expect(["one@example.com", "two@example.com"]).toContain(members[0]!.user.email);
    expect(await db.prisma.workspace.count()).toBe(2);
  });
});
