// Convex components on the embedded backend, pushed by the real CLI from `tests/fixture-components`: two
// from npm (the rate limiter; the workpool, which mounts a component of its own) and one defined in the
// project. Each has its own tables and its own environment, a transaction spans them, queries over their
// data stay live, and their data and jobs outlive `kill -9`.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConvexClient, ConvexHttpClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import { eventually, removeDir, startBackend, type RunningBackend } from "../testing/backend";
import { ConvexCli, copyFixture } from "../testing/convexCli";

let backend: RunningBackend;
let project: string;
let cli: ConvexCli;

const count = makeFunctionReference<"mutation", { name: string }, number>("uses:count");
const counted = makeFunctionReference<"query", { name: string }, number>("uses:counted");
const appCounters = makeFunctionReference<"query", Record<string, never>, unknown[]>("uses:appCounters");
const counterEnvironment = makeFunctionReference<"query", Record<string, never>, { greeting: string | null; appSecret: string | null }>("uses:counterEnvironment");
const appSecret = makeFunctionReference<"query", Record<string, never>, string | null>("uses:appSecret");
const send = makeFunctionReference<"mutation", { key: string }, boolean>("uses:send");
const enqueueFlaky = makeFunctionReference<"mutation", { key: string }, null>("uses:enqueueFlaky");
const notes = makeFunctionReference<"query", Record<string, never>, string[]>("uses:notes");
const componentUploadUrl = makeFunctionReference<"mutation", Record<string, never>, string>("uses:componentUploadUrl");
const componentStore = makeFunctionReference<"action", { text: string; sha256?: string }, string>("uses:componentStore");
const componentRead = makeFunctionReference<"action", { storageId: string }, string | null>("uses:componentRead");
const componentFileUrl = makeFunctionReference<"query", { storageId: string }, string | null>("uses:componentFileUrl");
const componentFiles = makeFunctionReference<"query", Record<string, never>, Array<{ id: string; size: number; contentType: string | null }>>("uses:componentFiles");
const componentRemove = makeFunctionReference<"mutation", { storageId: string }, null>("uses:componentRemove");
const appFiles = makeFunctionReference<"query", Record<string, never>, string[]>("uses:appFiles");
const appFileUrl = makeFunctionReference<"query", { storageId: string }, string | null>("uses:appFileUrl");
const failing = makeFunctionReference<"query", Record<string, never>, null>("uses:failing");
const componentFailing = makeFunctionReference<"query", Record<string, never>, null>("uses:componentFailing");
const catchesNested = makeFunctionReference<"action", Record<string, never>, { isConvexError: boolean; data: string | null } | null>("uses:catchesNested");
const http = () => new ConvexHttpClient(backend.cloudUrl, { logger: false });

beforeAll(async () => {
  project = copyFixture("fixture-components");
  backend = await startBackend({ convexDir: null });
  cli = new ConvexCli(project, () => backend);
  const pushed = await cli.run("dev", "--once", "--typecheck", "disable");
  expect(pushed.code, pushed.out).toBe(0);
  await cli.run("env", "set", "APP_SECRET", "only-the-app");
}, 180_000);
afterAll(async () => {
  await backend?.stop();
  if (backend) removeDir(backend.dataDir);
  if (project) removeDir(project);
});

describe("components on the embedded backend", () => {
  it("mounts every component of the tree, nested ones included", async () => {
    // jobs (workpool) mounts its own batch worker; the rate limiter one too; counter is the project's.
    await backend.waitForOutput(/functions pushed \(\d+ modules, 5 components\)/);
  });

  it("gives each component its own tables: the app's `counters` and the counter component's are apart", async () => {
    const client = http();
    expect(await client.mutation(count, { name: "visits" })).toBe(1);
    expect(await client.mutation(count, { name: "visits" })).toBe(2);
    expect(await client.query(counted, { name: "visits" })).toBe(2);
    expect(await client.query(appCounters, {})).toEqual([]);
  });

  it("gives a component the variables its parent passed, never the app's", async () => {
    expect(await http().query(counterEnvironment, {})).toEqual({ greeting: "ciao", appSecret: null });
    expect(await http().query(appSecret, {})).toBe("only-the-app");
  });

  it("refuses the third call of a rate limit of two an hour", async () => {
    const client = http();
    expect([await client.mutation(send, { key: "a" }), await client.mutation(send, { key: "a" }), await client.mutation(send, { key: "a" })]).toEqual([true, true, false]);
    expect(await client.mutation(send, { key: "b" })).toBe(true);
  });

  it("retries a workpool job that failed, and runs it to success", async () => {
    await http().mutation(enqueueFlaky, { key: "job-1" });
    await eventually(async () => ((await http().query(notes, {})).includes("job-1 done after 2 attempts") ? true : undefined), "the retried job", 30_000);
  });

  it("runs a component's own cron, on the component's data", async () => {
    await backend.waitForOutput("1 cron job(s) scheduled in component counter");
    await eventually(async () => ((await http().query(counted, { name: "ticks" })) >= 2 ? true : undefined), "two ticks of the counter's cron", 15_000);
    expect(await http().query(appCounters, {})).toEqual([]);
  });

  it("keeps a query over a component's data live", async () => {
    const client = new ConvexClient(backend.cloudUrl, { logger: false });
    try {
      const seen: number[] = [];
      client.onUpdate(counted, { name: "live" }, (v) => seen.push(v));
      await eventually(() => (seen.includes(0) ? true : undefined), "the first result");
      await http().mutation(count, { name: "live" });
      await eventually(() => (seen.includes(1) ? true : undefined), "the update after a component's write");
    } finally {
      await client.close();
    }
  });

  it("gives a component its own file storage: uploads to its URLs and its actions' files land there, served, deleted", async () => {
    const client = http();
    const uploadUrl = await client.mutation(componentUploadUrl, {});
    const uploaded = await fetch(uploadUrl, { method: "POST", headers: { "content-type": "text/plain" }, body: "caricato nel componente" });
    expect(uploaded.status).toBe(200);
    const { storageId } = (await uploaded.json()) as { storageId: string };
    expect(await client.query(componentFiles, {})).toContainEqual({ id: storageId, size: 23, contentType: "text/plain" });
    expect(await client.query(appFiles, {}), "the app's _storage").not.toContain(storageId);
    expect(await client.query(appFileUrl, { storageId }), "the app's storage has no such file").toBeNull();

    const url = await client.query(componentFileUrl, { storageId });
    expect(url).toBe(`${backend.cloudUrl}/api/storage/${storageId}?component=counter`);
    expect((await fetch(`${backend.cloudUrl}/api/storage/${storageId}`)).status, "asked for as the app's").toBe(404);
    const served = await fetch(url!);
    expect(served.headers.get("content-type")).toBe("text/plain");
    expect(await served.text()).toBe("caricato nel componente");

    const stored = await client.action(componentStore, { text: "scritto da un'azione" });
    expect(await client.action(componentRead, { storageId: stored })).toBe("scritto da un'azione");
    expect((await client.query(componentFiles, {})).map((file) => file.id)).toEqual(expect.arrayContaining([storageId, stored]));

    // `store(blob, { sha256 })` checks the bytes against the digest given, as Convex does.
    const digest = (text: string) => createHash("sha256").update(text).digest("base64");
    await expect(client.action(componentStore, { text: "altro", sha256: digest("atteso") })).rejects.toThrow(
      `Sha256 mismatch. Expected: ${digest("atteso")} Actual: ${digest("altro")}`,
    );
    const checked = await client.action(componentStore, { text: "atteso", sha256: digest("atteso") });
    await client.mutation(componentRemove, { storageId: checked });

    await client.mutation(componentRemove, { storageId });
    expect(await client.query(componentFileUrl, { storageId })).toBeNull();
    expect((await fetch(url!)).status).toBe(404);
    expect((await client.query(componentFiles, {})).map((file) => file.id)).toEqual([stored]);
    await expect(client.mutation(componentRemove, { storageId }), "a file deleted already").rejects.toThrow(/not found/);
  });

  it("words an error of pushed code as Convex does: its frame in the source, a component's nested in its caller's", async () => {
    const message = async (call: Promise<unknown>) => ((await call.then(() => null, (e: unknown) => e)) as Error).message;
    expect(await message(http().query(failing, {}))).toMatch(
      /^\[Request ID: [a-f0-9]{16}\] Server Error\nUncaught Error: Normal error\n {4}at <anonymous> \(\.\.\/convex\/uses\.ts:\d+:\d+\)\n?$/,
    );
    expect(await message(http().query(componentFailing, {}))).toMatch(
      /^\[Request ID: [a-f0-9]{16}\] Server Error\nUncaught ConvexError: Uncaught ConvexError: Boom boom bop\n {4}at <anonymous> \(\.\.\/convex\/counter\/lib\.ts:\d+:\d+\)\n\n {4}at async <anonymous> \(\.\.\/convex\/uses\.ts:\d+:\d+\)\n?$/,
    );
  });

  it("hands the app's code a nested ConvexError of the class it imports (pushed code bundles its own copy)", async () => {
    expect(await http().action(catchesNested, {})).toEqual({ isConvexError: true, data: "Boom boom bop" });
  });

  it("answers the CLI's --component: a component's tables and documents (`data`), and its functions (`run`)", async () => {
    await http().mutation(count, { name: "cli" });
    const tables = await cli.run("data", "--component", "counter");
    expect(tables.code, tables.out).toBe(0);
    expect(tables.out.trim().split("\n")).toEqual(["counters"]);
    const docs = await cli.run("data", "counters", "--component", "counter", "--format", "jsonLines");
    expect(docs.code, docs.out).toBe(0);
    expect(docs.out).toMatch(/"name":\s*"cli",\s*"value":\s*1/);
    const appTables = await cli.run("data");
    expect(appTables.out.trim().split("\n"), "the app's tables").toEqual(expect.arrayContaining(["attempts", "notes"]));

    const ran = await cli.run("run", "--component", "counter", "lib:add", '{"name":"cli"}');
    expect(ran.code, ran.out).toBe(0);
    expect(ran.out.trim()).toBe("2");
    expect(await http().query(counted, { name: "cli" })).toBe(2);
    const refused = await cli.run("run", "--component", "counter", "lib:add", '{"name":3}');
    expect(refused.code).not.toBe(0);
    expect(refused.out).toContain("ArgumentValidationError");
    // Without the admin key a component's function is not there.
    const anonymous = await fetch(`${backend.cloudUrl}/api/function`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: "lib:get", componentPath: "counter", args: { name: "cli" }, format: "json" }),
    });
    expect(((await anonymous.json()) as { errorMessage: string }).errorMessage).toContain("Could not find public function for 'lib:get'");
  });

  it("keeps the components' data and pending jobs across kill -9, and serves them again", async () => {
    await http().mutation(count, { name: "durable" });
    const file = await http().action(componentStore, { text: "resta dopo il riavvio" });
    // Enqueued, then the process dies before the workpool ran it.
    await http().mutation(enqueueFlaky, { key: "job-2" });
    await backend.crash();
    backend = await backend.restart();
    expect(backend.output()).toContain("serving the code last pushed");
    expect(await http().query(counted, { name: "durable" })).toBe(1);
    expect(await http().action(componentRead, { storageId: file }), "a component's file").toBe("resta dopo il riavvio");
    expect(await (await fetch((await http().query(componentFileUrl, { storageId: file }))!)).text()).toBe("resta dopo il riavvio");
    expect(await http().mutation(send, { key: "a" })).toBe(false);
    await eventually(async () => ((await http().query(notes, {})).includes("job-2 done after 2 attempts") ? true : undefined), "the job enqueued before the crash", 45_000);
  }, 60_000);
});
