// What a Convex deployment enforces, enforced here with its words: ids kept apart by kind, storage as Convex
// stores it, argument limits, the action time limit, console formatting, and serial outcomes under
// concurrent read-then-write mutations.
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Id } from "./fixture/convex/_generated/dataModel";
import { api } from "./fixture/convex/_generated/api";
import { Clients, eventually, removeDir, startBackend, type RunningBackend } from "../testing/backend";

let backend: RunningBackend;
const clients = new Clients(() => backend);
beforeAll(async () => {
  // A short action time limit, so the limit can be reached within a test.
  backend = await startBackend({ env: { LOCAL_BACKEND_ACTION_TIMEOUT_MS: "1500" } });
});
afterEach(() => clients.closeAll());
afterAll(async () => {
  await backend?.stop();
  if (backend) removeDir(backend.dataDir);
});

async function upload(body: string, headers: Record<string, string> = {}): Promise<Response> {
  const url = await clients.http().mutation(api.files.generateUploadUrl, {});
  return await fetch(url, { method: "POST", body, headers });
}
const failure = (p: Promise<unknown>) => p.then(() => expect.unreachable("the call succeeded"), (e: unknown) => (e as Error).message);

describe("ids are kept apart", () => {
  it("db.get/patch refuse a _storage id, db.system.get refuses a user-table id", async () => {
    const { storageId } = (await (await upload("x", { "content-type": "text/plain" })).json()) as { storageId: string };
    const http = clients.http();
    expect(await failure(http.query(api.behaviour.getAny, { id: storageId }))).toContain("Uncaught Error: System tables can only be accessed with db.system.");
    expect(await failure(http.mutation(api.behaviour.patchAny, { id: storageId }))).toContain("System tables can only be accessed with db.system.");
    const messageId = await http.mutation(api.messages.send, { author: "a", body: "b" });
    expect(await failure(http.query(api.behaviour.systemGetAny, { id: messageId }))).toContain("Uncaught Error: User tables cannot be accessed with db.system.");
    expect(await http.query(api.behaviour.systemGetAny, { id: storageId })).toMatchObject({ _id: storageId, size: 1 });
  });
});

describe("storage as Convex stores it", () => {
  it("the _storage document carries contentType; getMetadata gives the sha256 in hex and Convex's fields only", async () => {
    const r = await upload("helloworld", { "content-type": "text/plain" });
    const { storageId } = (await r.json()) as { storageId: Id<"_storage"> };
    const http = clients.http();
    const doc = await http.query(api.files.metadata, { storageId });
    expect(doc).toMatchObject({ contentType: "text/plain", size: 10, sha256: createHash("sha256").update("helloworld").digest("base64") });
    expect(await http.query(api.files.storageMetadata, { storageId })).toEqual({
      storageId,
      sha256: createHash("sha256").update("helloworld").digest("hex"),
      size: 10,
      contentType: "text/plain",
    });
  });

  it("an upload whose Digest does not match its bytes is refused with 400; a matching one is stored", async () => {
    const digest = `sha-256=${createHash("sha256").update("helloworld").digest("base64")}`;
    expect((await upload("helloworld", { digest, "content-type": "text/plain" })).status).toBe(200);
    const refused = await upload("differentdata", { digest, "content-type": "text/plain" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      code: "Sha256Mismatch",
      message: `Sha256 mismatch. Expected: ${digest.slice(8)} Actual: ${createHash("sha256").update("differentdata").digest("base64")}`,
    });
  });

  it("bad and expired upload tokens answer Convex's codes", async () => {
    const bad = await fetch(`${backend.cloudUrl}/api/storage/upload?token=coffee`, { method: "POST", body: "x" });
    expect([bad.status, await bad.json()]).toEqual([401, { code: "StorageTokenInvalid", message: "Couldn't decode the StoreFileAuthorization token" }]);
  });

  it("a Range request on an empty file answers 200 with an empty body", async () => {
    const { storageId } = (await (await upload("", { "content-type": "text/plain" })).json()) as { storageId: Id<"_storage"> };
    const url = await clients.http().query(api.files.getUrl, { storageId });
    const r = await fetch(url!, { headers: { range: "bytes=0-0" } });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-range")).toBeNull();
    expect(r.headers.get("content-length")).toBe("0");
    expect(await r.text()).toBe("");
  });

  it("deleting a missing file or a non-storage id fails with Convex's words", async () => {
    const { storageId } = (await (await upload("gone")).json()) as { storageId: string };
    const http = clients.http();
    await http.mutation(api.behaviour.deleteFile, { id: storageId });
    expect(await failure(http.mutation(api.behaviour.deleteFile, { id: storageId }))).toMatch(/Uncaught Error: storage id \S+ not found/);
    expect(await failure(http.mutation(api.behaviour.deleteFile, { id: "nonsense" }))).toContain("Invalid argument `storageId` for `storage.delete`");
  });
});

describe("argument limits", () => {
  it("arrays over 8192 elements, values nested past 64 levels and arguments over 16 MiB are refused", async () => {
    const http = clients.http();
    expect(await http.mutation(api.behaviour.echo, { value: new Array(8192).fill(0) })).toBe(8192);
    expect(await failure(http.mutation(api.behaviour.echo, { value: new Array(100_000).fill(0) }))).toContain(
      "Invalid arguments for behaviour.js:echo: Array length is too long (100000 > maximum length 8192)",
    );
    let deep: unknown = 1;
    for (let i = 0; i < 70; i++) deep = [deep];
    expect(await failure(http.mutation(api.behaviour.echo, { value: deep }))).toContain(
      "Value is too nested (nested 65 levels deep > maximum nesting 64)",
    );
    const big = "x".repeat(1024 * 1024);
    expect(await failure(clients.browser().mutation(api.behaviour.echo, { value: new Array(20).fill(big) }))).toMatch(
      /Arguments for behaviour\.js:echo are too large \(actual: 20\.\d\d MiB, limit: 16 MiB\)/,
    );
  });
});

describe("time", () => {
  it("an action stops at the execution time limit with Convex's message", async () => {
    const c = clients.browser();
    expect(await c.action(api.behaviour.sleep, { ms: 10 })).toBe("woke up");
    expect(await failure(c.action(api.behaviour.sleep, { ms: 5000 }))).toMatch(
      /\[Request ID: [a-f0-9]{16}\] Server Error\nFunction execution timed out \(maximum duration: 1500ms\)/,
    );
  });

  it("a timed-out action's fetch is aborted, not left running", async () => {
    // A server that never answers: it only notices when the request's connection closes.
    let closed = false;
    let arrived = false;
    const server = http.createServer((req) => {
      arrived = true;
      req.socket.once("close", () => (closed = true));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slow`;
      expect(await failure(clients.browser().action(api.behaviour.fetchUrl, { url }))).toMatch(/Function execution timed out/);
      expect(arrived).toBe(true);
      await eventually(() => (closed ? true : undefined), "the aborted request's connection to close", 3000);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  // Convex does no printf substitution; each argument is formatted on its own (object-inspect in the
  // default runtime, util.inspect in "use node" actions); timer messages are plain text in the default runtime.
  const logLinesOf = async (kind: "query" | "action", path: string) => {
    const res = await fetch(`${backend.cloudUrl}/api/${kind}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path, args: [{}], format: "json" }),
    });
    return ((await res.json()) as { logLines: string[] }).logLines;
  };

  it("console arguments and console.time are formatted as the default runtime formats them", async () => {
    const logLines = await logLinesOf("query", "behaviour:logs");
    expect(logLines[0]).toBe("[LOG] '%s has %d items (%i%%)' 'cart' 3 42.9 'extra'");
    expect(logLines[1]).toBe("[LOG] 'it\\'s' {\n  a: 1,\n  b: [ 1, 'x' ]\n}");
    expect(logLines[2]).toMatch(/^\[INFO\] work: \d+ms 'step' 2$/);
    expect(logLines[3]).toMatch(/^\[INFO\] work: \d+ms$/);
    expect(logLines[4]).toBe("[WARN] Timer 'missing' does not exist");
  });

  it("console output of a \"use node\" action is formatted as the node executor formats it", async () => {
    const logLines = await logLinesOf("action", "calls:logs");
    expect(logLines[0]).toBe(`[LOG] "it's" { a: 1, b: [ 1, 'x' ] }`);
    expect(logLines[1]).toMatch(/^\[INFO\] 'work: \d+ms' 'step'$/);
    expect(logLines[2]).toMatch(/^\[INFO\] 'work: \d+ms'$/);
    expect(logLines[3]).toBe(`[WARN] "Timer 'missing' does not exist"`);
  });
});

describe("concurrency", () => {
  it("50 clients racing read-then-insert on one key leave exactly one document, and none sees an error", async () => {
    const racers = Array.from({ length: 50 }, () => clients.browser());
    const winners = await Promise.all(racers.map((c, i) => c.mutation(api.behaviour.claim, { key: "race-key", by: `client-${i}` })));
    expect(new Set(winners).size).toBe(1);
    expect(await clients.http().query(api.behaviour.countKey, { key: "race-key" })).toBe(1);
  });
});

describe("environment variables", () => {
  const update = (body: unknown, key = backend.adminKey) =>
    fetch(`${backend.cloudUrl}/api/update_environment_variables`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Convex ${key}` },
      body: JSON.stringify(body),
    });

  it("`npx convex env set` and `remove` change what functions read, and a subscribed query runs again", async () => {
    const client = clients.browser();
    const seen: Array<string | null> = [];
    client.onUpdate(api.behaviour.envValue, { name: "ARCANO_TEST_SETTING" }, (value) => seen.push(value));
    await eventually(() => (seen.length > 0 ? true : undefined), "the first value");
    expect(seen).toEqual([null]);

    expect((await update({ changes: [{ name: "ARCANO_TEST_SETTING", value: "acceso" }] })).status).toBe(200);
    await eventually(() => (seen.at(-1) === "acceso" ? true : undefined), "the new value, pushed");
    expect(await clients.http().query(api.behaviour.envValue, { name: "ARCANO_TEST_SETTING" })).toBe("acceso");

    expect((await update({ changes: [{ name: "ARCANO_TEST_SETTING" }] })).status).toBe(200);
    await eventually(() => (seen.at(-1) === null ? true : undefined), "the value removed, pushed");
  });

  it("takes them from an admin only, in the CLI's shape", async () => {
    expect((await update({ changes: [{ name: "ARCANO_TEST_SETTING", value: "x" }] }, "not-the-key")).status).toBe(401);
    expect((await update({ changes: "ARCANO_TEST_SETTING=x" })).status).toBe(400);
    expect((await update({ changes: [{ name: "BAD NAME", value: "x" }] })).status).toBe(400);
    expect((await update({ changes: [{ name: "ARCANO_TEST_SETTING", value: 3 }] })).status).toBe(400);
    expect(await clients.http().query(api.behaviour.envValue, { name: "ARCANO_TEST_SETTING" })).toBeNull();
  });
});
