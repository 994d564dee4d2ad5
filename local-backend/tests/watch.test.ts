// Dev mode (`--watch`): editing convex/ reloads the functions and keeps the data; a schema that existing
// documents violate is reported by table and document, and the previous code keeps serving.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { defineSchema, defineTable, makeFunctionReference } from "convex/server";
import { authTables } from "@convex-dev/auth/server";
import { undeclaredTables } from "../src/reload";
import type { Doc } from "../src/internals";
import { api } from "./fixture/convex/_generated/api";
import { Clients, eventually, fixtureConvexDir, nodeModulesDir, removeDir, startBackend, type RunningBackend } from "../testing/backend";

let backend: RunningBackend;
let project: string;
const clients = new Clients(() => backend);

beforeAll(async () => {
  // A copy of the fixture project, with the repository's packages reachable from it.
  project = fs.mkdtempSync(path.join(os.tmpdir(), "local-backend-watch-"));
  fs.cpSync(fixtureConvexDir, path.join(project, "convex"), { recursive: true });
  fs.symlinkSync(nodeModulesDir, path.join(project, "node_modules"));
  backend = await startBackend({ convexDir: path.join(project, "convex"), watch: true });
  await backend.waitForOutput("watching");
});
afterEach(() => clients.closeAll());
afterAll(async () => {
  await backend?.stop();
  if (backend) removeDir(backend.dataDir);
  if (project) removeDir(project);
});

const file = (name: string) => path.join(project, "convex", name);
function edit(name: string, from: string | RegExp, to: string): void {
  const before = fs.readFileSync(file(name), "utf8");
  const after = before.replace(from, to);
  if (after === before) throw new Error(`edit of ${name} changed nothing`);
  fs.writeFileSync(file(name), after);
}
const reloads = () => backend.output().split("functions reloaded").length - 1;
const failures = () => backend.output().split("Schema validation failed").length - 1;

const shout = makeFunctionReference<"query", Record<string, never>, string>("messages:shout");
const priorities = makeFunctionReference<"query", Record<string, never>, number>("messages:priorities");

describe("npm run dev: the backend reloads convex/ on changes", () => {
  it("reloads changed functions, keeps the data, and re-runs live queries with the new code", async () => {
    const c = clients.browser();
    for (const body of ["uno", "due"]) await c.mutation(api.messages.send, { author: "w", body, channel: "dev" });
    let latest: string[] = [];
    c.onUpdate(api.messages.listChannel, { channel: "dev" }, (rows) => (latest = rows.map((r) => r.body)));
    await eventually(() => (latest.length === 2 ? true : undefined), "the first result");

    const before = reloads();
    edit("messages.ts", '.withIndex("by_channel", (q) => q.eq("channel", channel))\n      .collect();', '.withIndex("by_channel", (q) => q.eq("channel", channel))\n      .order("desc")\n      .collect();');
    fs.appendFileSync(file("messages.ts"), '\nexport const shout = query({ args: {}, handler: async () => "CIAO" });\n');
    await eventually(() => (reloads() > before ? true : undefined), "the reload");
    await eventually(() => (latest.join(",") === "due,uno" ? true : undefined), "the subscription to re-run with the new code");
    // Both edits may land in one reload or two.
    expect(await eventually(() => c.query(shout, {}).catch(() => undefined), "the new function")).toBe("CIAO");
    // Writes after the reload go through the new code and land beside the old rows.
    await c.mutation(api.messages.send, { author: "w", body: "tre", channel: "dev" });
    await eventually(() => (latest.join(",") === "tre,due,uno" ? true : undefined), "the new row");
  });

  it("reports a schema that existing documents violate, naming table and document, and keeps serving the old code", async () => {
    const c = clients.browser();
    const id = await c.mutation(api.messages.send, { author: "w", body: "senza priorità", channel: "schema" });
    const before = failures();
    const reloadsBefore = reloads();
    edit("schema.ts", "author: v.string(),", "author: v.string(),\n    priority: v.number(),");
    fs.appendFileSync(file("messages.ts"), '\nexport const priorities = query({ args: {}, handler: async () => 1 });\n');
    await eventually(() => (failures() > before ? true : undefined), "the schema report");
    const report = backend.output().slice(backend.output().lastIndexOf("Schema validation failed"));
    expect(report).toContain(`in table "messages" does not match the schema`);
    expect(report).toMatch(/Document with ID "[^"]+" in table "messages"/);
    // As `npx convex dev` words it.
    expect(report).toContain("Object is missing the required field `priority`");
    expect(report).toContain("Validator: v.object({");
    expect(report).toContain("still serving the previous functions");
    expect(reloads()).toBe(reloadsBefore);

    // The previous code and schema are still what runs.
    await expect(c.query(priorities, {})).rejects.toThrow(/Could not find public function for 'messages:priorities'/);
    await c.mutation(api.messages.send, { author: "w", body: "ancora senza", channel: "schema" });

    // Fixing the schema lets the reload through, and nothing was lost.
    edit("schema.ts", "priority: v.number(),", "priority: v.optional(v.number()),");
    await eventually(() => (reloads() > reloadsBefore ? true : undefined), "the reload after the fix");
    expect(await c.query(priorities, {})).toBe(1);
    const rows = await c.query(api.messages.listChannel, { channel: "schema" });
    expect(rows.map((r) => r._id)).toContain(id);
    expect(rows).toHaveLength(2);
  });

  it("a table taken out of the schema while it has documents: reported with its count, data kept, as Convex does", async () => {
    const c = clients.browser();
    // The fixture's cron writes a tick every second.
    await eventually(async () => ((await c.query(api.ticks.count, {})) > 0 ? true : undefined), "a tick");
    const reloadsBefore = reloads();
    edit("schema.ts", "ticks: defineTable({ at: v.number() }),", "");
    await eventually(() => (reloads() > reloadsBefore ? true : undefined), "the reload without the table");
    const notice = /Table "ticks" has (\d+) documents? but is not declared in convex\/schema\.ts/.exec(backend.output());
    expect(notice).not.toBeNull();
    // Declared tables, system tables and the ones spread in from authTables are not reported.
    expect(backend.output()).not.toMatch(/Table "(messages|users|authSessions|_scheduled_functions)" has/);
    expect(await c.query(api.ticks.count, {})).toBeGreaterThanOrEqual(Number(notice![1]));

    // A second reload that leaves it out again says nothing new; a restart reports it once more.
    const notices = () => backend.output().split('Table "ticks" has').length - 1;
    const before = notices();
    const reloadsAfter = reloads();
    fs.appendFileSync(file("messages.ts"), "\n// touched\n");
    await eventually(() => (reloads() > reloadsAfter ? true : undefined), "the second reload");
    expect(notices()).toBe(before);
    backend = await backend.restart();
    await backend.waitForOutput(/Table "ticks" has \d+ documents? but is not declared/);
    await backend.waitForOutput("watching");

    edit("schema.ts", "files: defineTable(", "ticks: defineTable({ at: v.number() }),\n  files: defineTable(");
    const restored = reloads();
    await eventually(() => (reloads() > restored ? true : undefined), "the reload with the table back");
  });

  it("reports code that does not build and keeps serving", async () => {
    const c = clients.browser();
    const before = backend.output().split("failed to build").length;
    fs.writeFileSync(file("broken.ts"), "export const x = ;\n");
    await eventually(() => (backend.output().split("failed to build").length > before ? true : undefined), "the build error");
    fs.rmSync(file("broken.ts"));
    expect(await c.query(shout, {})).toBe("CIAO");
  });
});

describe("which tables count as undeclared", () => {
  const doc = (id: string): Doc => ({ _id: id, _creationTime: 0 });
  const docs = Object.fromEntries(["1users", "2authSessions", "3notes", "4notes", "5_scheduled_functions", "6_storage", "7old"].map((id) => [id, doc(id)]));

  it("user tables the schema leaves out, with their counts; authTables count as declared, system tables are exempt", () => {
    const schema = defineSchema({ ...authTables, notes: defineTable({}) });
    expect(undeclaredTables(docs, schema)).toEqual([{ table: "old", count: 1 }]);
    const without = defineSchema({ ...authTables });
    expect(undeclaredTables(docs, without)).toEqual([
      { table: "notes", count: 2 },
      { table: "old", count: 1 },
    ]);
  });

  it("nothing without a schema: no table is declared, none is left out", () => {
    expect(undeclaredTables(docs, undefined)).toEqual([]);
  });
});
