// The Convex CLI from node_modules, unchanged, against a fresh embedded backend started without a convex/
// folder, as against a self-hosted deployment (CONVEX_SELF_HOSTED_URL and its admin key): `dev --once` and
// `deploy` push, `run`, `env`, `data`, `logs`, `export` and `import`, `function-spec`, a push refused by
// the stored documents, and the last push served again after a restart.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConvexHttpClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import { unzipSync, strFromU8 } from "fflate";
import { eventually, removeDir, startBackend, type RunningBackend } from "../testing/backend";
import { ConvexCli, copyFixture } from "../testing/convexCli";

let backend: RunningBackend;
let project: string;
let convex: ConvexCli["run"];

async function ok(...args: string[]): Promise<string> {
  const r = await convex(...args);
  expect(r.code, `npx convex ${args.join(" ")}:\n${r.out}`).toBe(0);
  return r.out;
}

const listMessages = makeFunctionReference<"query", Record<string, never>, Array<{ body: string }>>("messages:list");
const send = makeFunctionReference<"mutation", { author: string; body: string }, string>("messages:send");
const envValue = makeFunctionReference<"query", { name: string }, string | null>("behaviour:envValue");
const http = () => new ConvexHttpClient(backend.cloudUrl, { logger: false });

function editFunction(file: string, from: string, to: string): void {
  const p = path.join(project, "convex", file);
  fs.writeFileSync(p, fs.readFileSync(p, "utf8").replace(from, to));
}

beforeAll(async () => {
  project = copyFixture("fixture");
  const inProject = new ConvexCli(project, () => backend);
  convex = (...args) => inProject.run(...args);
  backend = await startBackend({ convexDir: null });
}, 60_000);
afterAll(async () => {
  await backend?.stop();
  if (backend) removeDir(backend.dataDir);
  if (project) removeDir(project);
});

describe("the Convex CLI against the embedded backend", () => {
  it("pushes with `dev --once`, then serves the functions: a query, a mutation, a \"use node\" action", async () => {
    expect(backend.output()).toContain("no code pushed yet");
    const out = await ok("dev", "--once", "--typecheck", "disable");
    expect(out).toContain("Convex functions ready!");
    await backend.waitForOutput(/functions pushed \(\d+ modules\)/);
    const client = http();
    await client.mutation(send, { author: "cli", body: "first" });
    expect((await client.query(listMessages, {})).map((m) => m.body)).toEqual(["first"]);
    const ran = await ok("run", "calls:voiceToken", '{"identity":"alice"}');
    expect(ran).toContain('"identity": "alice"');
  }, 120_000);

  it("`deploy` pushes a changed function; the documents are kept", async () => {
    editFunction("messages.ts", 'console.log("sending", body);', 'console.log("sending v2", body);');
    expect(await ok("deploy", "--typecheck", "disable", "-y")).toContain("Deployed Convex functions");
    const out = await ok("run", "messages:send", '{"author":"cli","body":"second"}');
    expect(out).toContain("'sending v2' 'second'");
    expect((await http().query(listMessages, {})).map((m) => m.body)).toEqual(["first", "second"]);
    // The CLI sends only what changed: the backend answers the hashes of what it holds, "use node" ones too.
    const hashes = (await (
      await fetch(`${backend.cloudUrl}/api/get_config_hashes`, { method: "POST", headers: { authorization: `Convex ${backend.adminKey}` }, body: "{}" })
    ).json()) as { moduleHashes: Array<{ path: string; environment: string; hash: string }> };
    expect(hashes.moduleHashes).toEqual(expect.arrayContaining([expect.objectContaining({ path: "messages.js", environment: "isolate" }), expect.objectContaining({ path: "calls.js", environment: "node" })]));
  }, 120_000);

  it("sets, reads, lists and removes an environment variable the functions see", async () => {
    await ok("env", "set", "GREETING", "ciao mondo");
    expect(await ok("env", "get", "GREETING")).toContain("ciao mondo");
    expect(await ok("env", "list")).toContain("GREETING=ciao mondo");
    expect(await http().query(envValue, { name: "GREETING" })).toBe("ciao mondo");
    await ok("env", "remove", "GREETING");
    expect(await http().query(envValue, { name: "GREETING" })).toBeNull();
    expect(await ok("env", "list")).not.toContain("GREETING");
    const refused = await convex("env", "set", "1BAD", "x");
    expect(refused.code).not.toBe(0);
  }, 60_000);

  it("lists the tables and a table's documents with `data`", async () => {
    const tables = await ok("data");
    expect(tables.split("\n")).toEqual(expect.arrayContaining(["messages", "users"]));
    const docs = await ok("data", "messages", "--format", "jsonLines");
    const bodies = docs
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => (JSON.parse(l) as { body: string }).body);
    expect(bodies.sort()).toEqual(["first", "second"]);
  }, 60_000);

  it("streams a function's log line with `logs`", async () => {
    const { child: logs, output } = new ConvexCli(project, () => backend).start("logs");
    try {
      await eventually(() => output().includes("Watching logs") || undefined, "the log tail to start", 30_000);
      // The first answer is the history the tail skips: a line is sent until one arrives after it.
      await eventually(
        async () => {
          await http().mutation(send, { author: "cli", body: "streamed" });
          await new Promise((r) => setTimeout(r, 250));
          return /M\(messages:send\)\] \[LOG\] 'sending v2' 'streamed'/.test(output()) || undefined;
        },
        "the log line in `npx convex logs`",
        30_000,
      );
    } finally {
      logs.kill();
    }
  }, 60_000);

  it("exports a snapshot and imports it back with the same counts, ids and references", async () => {
    const before = (await http().query(listMessages, {})).length;
    const zipPath = path.join(project, "snapshot.zip");
    expect(await ok("export", "--path", zipPath)).toContain("Downloaded snapshot export");
    const entries = unzipSync(fs.readFileSync(zipPath));
    expect(Object.keys(entries)).toEqual(expect.arrayContaining(["README.md", "_tables/documents.jsonl", "messages/documents.jsonl", "messages/generated_schema.jsonl"]));
    expect(strFromU8(entries["messages/documents.jsonl"]).trim().split("\n")).toHaveLength(before);
    const ids = (await http().query(listMessages, {})).map((m) => (m as unknown as { _id: string })._id).sort();

    // An import into a table that holds documents is refused unless told what to do.
    const refused = await convex("import", zipPath, "--yes");
    expect(refused.code).not.toBe(0);
    expect(refused.out).toContain("already exist and are not empty");
    await http().mutation(send, { author: "cli", body: "after the export" });
    expect(await ok("import", zipPath, "--replace-all", "--yes")).toMatch(/Added \d+ documents/);
    const after = await http().query(listMessages, {});
    expect(after).toHaveLength(before);
    expect(after.map((m) => (m as unknown as { _id: string })._id).sort()).toEqual(ids);

    const lines = path.join(project, "more.jsonl");
    fs.writeFileSync(lines, '{"author":"jsonl","body":"one"}\n{"author":"jsonl","body":"two"}\n');
    expect(await ok("import", "--table", "messages", "--append", lines, "--yes")).toContain("Added 2 documents");
    expect(await http().query(listMessages, {})).toHaveLength(before + 2);
  }, 120_000);

  it("describes every function with `function-spec`", async () => {
    const spec = JSON.parse(await ok("function-spec")) as { functions: Array<{ identifier: string; functionType: string; visibility: { kind: string }; args: unknown }> };
    const sendSpec = spec.functions.find((f) => f.identifier === "messages.js:send");
    expect(sendSpec).toMatchObject({ functionType: "Mutation", visibility: { kind: "public" } });
    expect(JSON.stringify(sendSpec!.args)).toContain("author");
    expect(spec.functions.find((f) => f.identifier === "messages.js:secret")).toMatchObject({ visibility: { kind: "internal" } });
    expect(spec.functions.some((f) => f.functionType === "HttpAction")).toBe(true);
  }, 60_000);

  it("refuses a push whose schema the stored documents break, and keeps serving the previous code", async () => {
    editFunction("schema.ts", "body: v.string(),", "body: v.number(),");
    editFunction("messages.ts", 'console.log("sending v2", body);', 'console.log("sending v3", body);');
    const refused = await convex("deploy", "--typecheck", "disable", "-y");
    expect(refused.code).not.toBe(0);
    expect(refused.out).toContain("Schema validation failed");
    expect(refused.out).toMatch(/Document with ID "\w+" in table "messages" does not match the schema/);
    expect(await ok("run", "messages:send", '{"author":"cli","body":"still v2"}')).toContain("'sending v2' 'still v2'");
    editFunction("schema.ts", "body: v.number(),", "body: v.string(),");
  }, 120_000);

  it("serves the last push again after a restart, with its variables", async () => {
    await ok("env", "set", "KEPT", "across restarts");
    backend = await backend.restart();
    expect(backend.output()).toContain("serving the code last pushed");
    expect(await ok("run", "messages:send", '{"author":"cli","body":"restarted"}')).toContain("'sending v2' 'restarted'");
    expect(await ok("env", "get", "KEPT")).toContain("across restarts");
  }, 120_000);
});
