// The real Convex clients (ConvexClient, ConvexReactClient, ConvexHttpClient) against the embedded backend.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ConvexError, type Value } from "convex/values";
import { makeFunctionReference } from "convex/server";
import { api } from "./fixture/convex/_generated/api";
import { Clients, eventually, removeDir, startBackend, type RunningBackend } from "../testing/backend";

let backend: RunningBackend;
const clients = new Clients(() => backend);
beforeAll(async () => {
  backend = await startBackend();
});
afterEach(() => clients.closeAll());
afterAll(async () => {
  await backend?.stop();
  if (backend) removeDir(backend.dataDir);
});

const secret = makeFunctionReference<"mutation", Record<string, never>, string>("messages:secret");
const missing = makeFunctionReference<"query">("messages:nope");

describe("live queries", () => {
  it("two clients see each other's writes", async () => {
    const alice = clients.browser();
    const bob = clients.react();
    const channel = "live";
    const aliceSees: string[][] = [];
    alice.onUpdate(api.messages.listChannel, { channel }, (rows) => aliceSees.push(rows.map((r) => r.body)));
    const watch = bob.watchQuery(api.messages.listChannel, { channel });
    const bobSees: string[][] = [];
    watch.onUpdate(() => bobSees.push((watch.localQueryResult() ?? []).map((r) => r.body)));
    await eventually(() => (aliceSees.length && bobSees.length ? true : undefined), "first results");

    await alice.mutation(api.messages.send, { author: "alice", body: "ciao", channel });
    await eventually(() => (bobSees.at(-1)?.includes("ciao") ? true : undefined), "bob to see alice's message");
    await bob.mutation(api.messages.send, { author: "bob", body: "ciao a te", channel });
    await eventually(() => (aliceSees.at(-1)?.includes("ciao a te") ? true : undefined), "alice to see bob's reply");
    expect(aliceSees.at(-1)).toEqual(["ciao", "ciao a te"]);
    expect(bobSees.at(-1)).toEqual(["ciao", "ciao a te"]);
  });

  it("a mutation's result is in the client's own subscription when the mutation resolves", async () => {
    const c = clients.browser();
    let latest: string[] = [];
    c.onUpdate(api.messages.listChannel, { channel: "own" }, (rows) => (latest = rows.map((r) => r.body)));
    await c.mutation(api.messages.send, { author: "a", body: "first", channel: "own" });
    expect(latest).toEqual(["first"]);
  });

  it("a mutation that writes nothing resolves too, after the client already has the latest state", async () => {
    const c = clients.browser();
    let seen = false;
    c.onUpdate(api.messages.list, {}, () => (seen = true));
    await eventually(() => (seen ? true : undefined), "the first result");
    expect(await c.mutation(api.files.generateUploadUrl, {})).toContain("/api/storage/upload?token=");
  });

  it("a write through the HTTP client and through an HTTP action reaches subscribers", async () => {
    const c = clients.browser();
    let latest: string[] = [];
    c.onUpdate(api.messages.list, {}, (rows) => (latest = rows.map((r) => r.body)));
    await clients.http().mutation(api.messages.send, { author: "http", body: "via api" });
    const r = await fetch(`${backend.siteUrl}/hello`, { method: "POST", body: "via http action" });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { count: number }).count).toBeGreaterThan(0);
    await eventually(() => (latest.includes("via api") && latest.includes("via http action") ? true : undefined), "both writes");
  });
});

describe("errors reach the caller as Convex words them", () => {
  it("ConvexError data reaches a mutation caller intact", async () => {
    const err = await clients.browser().mutation(api.messages.send, { author: "x", body: "boom" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConvexError);
    expect((err as ConvexError<Value>).data).toEqual({ code: "BOOM", body: "boom" });
  });

  it("ConvexError data thrown by an action reaches its caller intact, over the socket and over HTTP", async () => {
    const expected = { code: "ACTION_FAILED", details: { retry: false } };
    const viaSocket = await clients.react().action(api.messages.failAction, {}).catch((e: unknown) => e);
    expect(viaSocket).toBeInstanceOf(ConvexError);
    expect((viaSocket as ConvexError<Value>).data).toEqual(expected);
    const viaHttp = await clients.http().action(api.messages.failAction, {}).catch((e: unknown) => e);
    expect((viaHttp as ConvexError<Value>).data).toEqual(expected);
  });

  it("ConvexError data thrown by runMutation inside an action reaches the action intact", async () => {
    expect(await clients.browser().action(api.messages.relayError, {})).toEqual({ caught: { code: "INNER", n: 1 } });
  });

  it("ConvexError data reaches the HTTP client intact", async () => {
    const err = await clients.http().mutation(api.messages.send, { author: "x", body: "boom" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConvexError);
    expect((err as ConvexError<Value>).data).toEqual({ code: "BOOM", body: "boom" });
  });

  it("a plain error carries the request id and the message, and no data", async () => {
    const err = (await clients.browser().mutation(api.messages.send, { author: "x", body: "crash" }).catch((e: unknown) => e)) as Error;
    expect(err).not.toBeInstanceOf(ConvexError);
    // The client prefixes "[CONVEX M(messages:send)] ", as it does with a deployment's message.
    expect(err.message).toMatch(/\[Request ID: [0-9a-f]+\] Server Error\nUncaught Error: plain failure\n\s+at handler \(\.\.\/convex\/messages\.ts:\d+:\d+\)/);
  });

  it("a failing HTTP action answers 500 with JSON", async () => {
    const r = await fetch(`${backend.siteUrl}/fail`);
    expect(r.status).toBe(500);
    expect(await r.json()).toMatchObject({ code: expect.stringContaining("Uncaught Error: http action failed") });
  });

  it("an argument of the wrong type is an ArgumentValidationError", async () => {
    const bad = { author: "x", body: 42 } as unknown as { author: string; body: string };
    const err = (await clients.browser().mutation(api.messages.send, bad).catch((e: unknown) => e)) as Error;
    expect(err.message).toContain("ArgumentValidationError: Value does not match validator.");
    expect(err.message).toContain("Path: .body");
    const extra = { author: "x", body: "y", colour: "red" } as unknown as { author: string; body: string };
    const err2 = (await clients.http().mutation(api.messages.send, extra).catch((e: unknown) => e)) as Error;
    expect(err2.message).toContain("ArgumentValidationError: Object contains extra field `colour`");
  });

  it("an unknown function is 'Could not find public function'", async () => {
    const err = (await clients.http().query(missing, {}).catch((e: unknown) => e)) as Error;
    expect(err.message).toContain("Could not find public function for 'messages:nope'. Did you forget to run `npx convex dev`");
    const c = clients.browser();
    const failed = await new Promise<Error>((resolve) => c.onUpdate(missing, {}, () => {}, resolve));
    expect(failed.message).toContain("Could not find public function for 'messages:nope'");
  });
});

describe("internal functions", () => {
  it("are refused from clients", async () => {
    const fromSocket = (await clients.browser().mutation(secret, {}).catch((e: unknown) => e)) as Error;
    expect(fromSocket.message).toContain("Could not find public function for 'messages:secret'");
    const fromHttp = (await clients.http().mutation(secret, {}).catch((e: unknown) => e)) as Error;
    expect(fromHttp.message).toContain("Could not find public function for 'messages:secret'");
  });

  it("run with the admin key over HTTP", async () => {
    const admin = clients.http();
    (admin as unknown as { setAdminAuth(key: string): void }).setAdminAuth(backend.adminKey);
    expect(await admin.mutation(secret, {})).toBe("internal only");
    // Acting as a user, as `npx convex run --identity` does.
    const actingAs = clients.http();
    (actingAs as unknown as { setAdminAuth(key: string, identity: object): void }).setAdminAuth(backend.adminKey, {
      subject: "user-7",
      issuer: "https://example.test",
      tokenIdentifier: "https://example.test|user-7",
    });
    const who = (await actingAs.query(api.messages.whoami, {})) as { identity: { subject: string } | null };
    expect(who.identity?.subject).toBe("user-7");
    const wrong = clients.http();
    (wrong as unknown as { setAdminAuth(key: string): void }).setAdminAuth(backend.adminKey + "x");
    await expect(wrong.mutation(secret, {})).rejects.toThrow(/BadAdminKey/);
  });
});

describe("the admin key over the sync WebSocket", () => {
  // setAdminAuth is internal to the Convex clients (the dashboard and `npx convex run` use it).
  type AdminAuth = { setAdminAuth(key: string, actingAs?: Record<string, string>): void };
  const whoamiInternal = makeFunctionReference<"query", Record<string, never>, string | null>("messages:whoamiInternal");
  const whoamiInternalAction = makeFunctionReference<"action", Record<string, never>, string | null>("messages:whoamiInternalAction");
  const user = { subject: "user-8", issuer: "https://example.test", tokenIdentifier: "https://example.test|user-8" };

  it("runs internal queries, mutations and actions", async () => {
    const admin = clients.browser();
    (admin as unknown as AdminAuth).setAdminAuth(backend.adminKey);
    expect(await admin.mutation(secret, {})).toBe("internal only");
    expect(await admin.query(whoamiInternal, {})).toBeNull();
    expect(await admin.action(whoamiInternalAction, {})).toBeNull();
  });

  it("acts as the impersonated user, and an internal query's result never reaches a plain client", async () => {
    const actingAs = clients.browser();
    (actingAs as unknown as AdminAuth).setAdminAuth(backend.adminKey, user);
    const live = await new Promise<string | null>((resolve, reject) => actingAs.onUpdate(whoamiInternal, {}, resolve, reject));
    expect(live).toBe("user-8");
    expect(await actingAs.action(whoamiInternalAction, {})).toBe("user-8");
    const who = (await actingAs.query(api.messages.whoami, {})) as { identity: { subject: string } | null };
    expect(who.identity?.subject).toBe("user-8");

    const plain = clients.browser();
    const refused = await new Promise<Error>((resolve) => plain.onUpdate(whoamiInternal, {}, () => resolve(new Error("ran")), resolve));
    expect(refused.message).toContain("Could not find public function for 'messages:whoamiInternal'");
  });

  it("a wrong admin key is answered with AuthError and grants nothing", async () => {
    const errors: string[] = [];
    const log = () => {};
    const wrong = clients.browser({ log, logVerbose: log, warn: log, error: (...a: unknown[]) => errors.push(a.map(String).join(" ")) });
    (wrong as unknown as AdminAuth).setAdminAuth(backend.adminKey + "x");
    await eventually(() => (errors.some((e) => e.includes("The provided admin key was invalid for this instance")) ? true : undefined), "the AuthError");
    await expect(wrong.mutation(secret, {})).rejects.toThrow(/Could not find public function for 'messages:secret'/);
  });
});

describe("Convex's transaction limits", () => {
  it("a mutation that writes more documents than Convex allows fails, and writes nothing", async () => {
    const admin = clients.http();
    (admin as unknown as { setAdminAuth(key: string): void }).setAdminAuth(backend.adminKey);
    const bulkInsert = makeFunctionReference<"mutation", { n: number }>("messages:bulkInsert");
    const before = await admin.query(api.ticks.count, {});
    await expect(admin.mutation(bulkInsert, { n: 16_001 })).rejects.toThrow(/Wrote too many documents in a single function execution/);
    expect(await admin.query(api.ticks.count, {})).toBeLessThan(before + 10); // only the cron's ticks
  });
});

describe("function logs", () => {
  it("console.log in a function reaches the caller's logLines and the terminal with the function name", async () => {
    const r = await fetch(`${backend.cloudUrl}/api/mutation`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: "messages:send", format: "convex_encoded_json", args: [{ author: "l", body: "logged" }] }),
    });
    expect(await r.json()).toMatchObject({ status: "success", logLines: ["[LOG] 'sending' 'logged'"] });
    await backend.waitForOutput(/\[M messages:send\] \[LOG\] 'sending' 'logged'/);
  });
});
