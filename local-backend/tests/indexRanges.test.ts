// The database's indexes (indexRanges.ts, sortedEntries.ts) answer every index range, table scan, limit and
// page exactly as convex-test's scan of the whole table does: the same random data, writes and queries run
// on the embedded backend's engine and on a plain convex-test, and their answers compared.
import { convexTest } from "convex-test";
import { describe, expect, it } from "vitest";
import { defineSchema, defineTable, type DataModelFromSchemaDefinition, type GenericDatabaseReader, type GenericDatabaseWriter } from "convex/server";
import { v, type GenericId } from "convex/values";
import { createEngine } from "../src/internals";
import { compareKeys, SortedEntries, type Entry } from "../src/sortedEntries";
import { noHooks } from "./helpers/noHooks";

const schema = defineSchema({
  items: defineTable({ a: v.optional(v.number()), b: v.string(), c: v.optional(v.object({ d: v.union(v.number(), v.null()) })) })
    .index("by_a", ["a"])
    .index("by_a_b", ["a", "b"])
    .index("by_c_d", ["c.d"]),
  others: defineTable({ a: v.number() }).index("by_a", ["a"]),
});
const modules = { "./convex/_generated/api.js": async () => ({}) };

type Ctx = { db: GenericDatabaseWriter<DataModelFromSchemaDefinition<typeof schema>> };
/** The range builder as the random queries drive it, by field names chosen at run time. */
type Bounds = Record<"eq" | "gt" | "gte" | "lt" | "lte", (field: string, value: unknown) => Bounds>;
/** A query as the random queries build it, step by step. */
type LooseQuery = {
  order(order: "asc" | "desc"): LooseQuery;
  filter(predicate: (f: { eq(a: unknown, b: unknown): unknown; field(name: string): unknown }) => unknown): LooseQuery;
  collect(): Promise<Array<{ _id: string }>>;
  take(n: number): Promise<Array<{ _id: string }>>;
  paginate(opts: { cursor: string | null; numItems: number }): Promise<{ page: Array<{ _id: string }>; isDone: boolean; continueCursor: string }>;
};
type LooseTable = LooseQuery & { withIndex(index: string, range?: (q: Bounds) => Bounds): LooseQuery };
type Runner = { run<T>(fn: (ctx: Ctx) => Promise<T>): Promise<T> };

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T,>(xs: readonly T[]) => xs[int(xs.length)];
  return { next, int, pick };
}
type Random = ReturnType<typeof random>;

const A_VALUES = [undefined, 0, 1, 2, 3, 2.5, -1];
const B_VALUES = ["", "a", "b", "ba", "z", "à"];
function item(r: Random) {
  const a = r.pick(A_VALUES);
  const c = r.next() < 0.3 ? undefined : { d: r.pick([null, 1, 2, 3]) };
  return { ...(a === undefined ? {} : { a }), b: r.pick(B_VALUES), ...(c ? { c } : {}) };
}

type Query = {
  index: "by_a" | "by_a_b" | "by_c_d" | "by_creation_time" | "scan";
  eqA?: number | undefined;
  hasEqA: boolean;
  lower?: { op: "gt" | "gte"; value: unknown };
  upper?: { op: "lt" | "lte"; value: unknown };
  order: "asc" | "desc";
  limit: number | null;
  filterB: string | null;
};

function randomQuery(r: Random): Query {
  const index = r.pick(["by_a", "by_a_b", "by_c_d", "by_creation_time", "scan"] as const);
  const q: Query = { index, hasEqA: false, order: r.pick(["asc", "desc"] as const), limit: r.next() < 0.4 ? r.int(5) : null, filterB: r.next() < 0.3 ? r.pick(B_VALUES) : null };
  const bound = () => (index === "by_c_d" ? r.pick([null, 1, 2, 3, 1.5]) : index === "by_creation_time" ? 0 : r.pick(A_VALUES.filter((x) => x !== undefined)));
  if (index === "by_a_b" && r.next() < 0.6) {
    q.hasEqA = true;
    q.eqA = r.pick(A_VALUES);
    if (r.next() < 0.5) q.lower = { op: r.pick(["gt", "gte"] as const), value: r.pick(B_VALUES) };
    if (r.next() < 0.5) q.upper = { op: r.pick(["lt", "lte"] as const), value: r.pick(B_VALUES) };
    return q;
  }
  if (index === "scan") return q;
  if (index === "by_a" && r.next() < 0.3) {
    q.hasEqA = true;
    q.eqA = r.pick(A_VALUES);
    return q;
  }
  if (r.next() < 0.5) q.lower = { op: r.pick(["gt", "gte"] as const), value: bound() };
  if (r.next() < 0.5) q.upper = { op: r.pick(["lt", "lte"] as const), value: bound() };
  return q;
}

/** The query as a function would write it. */
function build(reader: GenericDatabaseReader<DataModelFromSchemaDefinition<typeof schema>>, q: Query): LooseQuery {
  const field = q.index === "by_c_d" ? "c.d" : q.index === "by_creation_time" ? "_creationTime" : "a";
  const items = reader.query("items") as unknown as LooseTable;
  let query: LooseQuery =
    q.index === "scan"
      ? items
      : items.withIndex(q.index, (range) => {
          let x = range;
          if (q.hasEqA) x = x.eq("a", q.eqA);
          const boundField = q.hasEqA ? "b" : field;
          if (q.lower) x = x[q.lower.op](boundField, q.lower.value);
          if (q.upper) x = x[q.upper.op](boundField, q.upper.value);
          return x;
        });
  query = query.order(q.order);
  if (q.filterB !== null) query = query.filter((f) => f.eq(f.field("b"), q.filterB));
  return query;
}

async function answer(t: Runner, q: Query): Promise<string[]> {
  return t.run(async (ctx) => {
    const query = build(ctx.db, q);
    const docs = q.limit === null ? await query.collect() : await query.take(q.limit);
    return docs.map((d: { _id: string }) => d._id);
  });
}

/** Every page of the query, each as its ids, with `numItems` per page. */
async function pages(t: Runner, q: Query, numItems: number): Promise<string[][]> {
  const out: string[][] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 200; i++) {
    const page = await t.run(async (ctx) => build(ctx.db, q).paginate({ cursor, numItems }));
    out.push(page.page.map((d: { _id: string }) => d._id));
    if (page.isDone) return out;
    cursor = page.continueCursor;
  }
  throw new Error("no end");
}

/** The same writes on both: inserts, patches and deletes of random items, committed. */
async function write(targets: Runner[], r: Random, count: number): Promise<void> {
  const ops = Array.from({ length: count }, () => ({ kind: r.pick(["insert", "insert", "patch", "delete"] as const), pick: r.next(), doc: item(r) }));
  for (const t of targets)
    await t.run(async (ctx) => {
      for (const op of ops) {
        const all = await ctx.db.query("items").collect();
        if (op.kind === "insert" || all.length === 0) await ctx.db.insert("items", op.doc);
        else if (op.kind === "patch") await ctx.db.replace(all[Math.floor(op.pick * all.length)]._id as GenericId<"items">, op.doc);
        else await ctx.db.delete(all[Math.floor(op.pick * all.length)]._id as GenericId<"items">);
      }
    });
}

/** The engine (indexed) and a plain convex-test (scanned); `visited` counts the documents convex-test's scan visits in the engine. */
async function pair() {
  const engine = await createEngine(schema, modules, noHooks);
  const db = engine.db as unknown as { _iterateDocs(table: string, callback: (doc: unknown) => void): void };
  const scan = db._iterateDocs.bind(db);
  const visits = { count: 0 };
  db._iterateDocs = (table, callback) =>
    scan(table, (doc) => {
      visits.count += 1;
      callback(doc);
    });
  return { indexed: engine.t as unknown as Runner, scanned: convexTest(schema, modules) as unknown as Runner, visits };
}

describe("index ranges read from the database's indexes", () => {
  it("answer random ranges, orders, limits and filters as convex-test's scan, through inserts, patches and deletes", async () => {
    const r = random(40);
    const { indexed, scanned, visits } = await pair();
    await write([indexed, scanned], r, 120);
    for (let round = 0; round < 6; round++) {
      for (let i = 0; i < 40; i++) {
        const q = randomQuery(r);
        visits.count = 0;
        const got = await answer(indexed, q);
        expect(visits.count, "no document visited by a scan").toBe(0);
        expect(got, JSON.stringify(q)).toEqual(await answer(scanned, q));
      }
      await write([indexed, scanned], r, 30);
    }
  });

  it("page through a range as convex-test does, each page from its cursor", async () => {
    const r = random(7);
    const { indexed, scanned } = await pair();
    await write([indexed, scanned], r, 90);
    for (let i = 0; i < 40; i++) {
      const q = { ...randomQuery(r), limit: null };
      const numItems = r.pick([1, 3, 10, 100]);
      expect(await pages(indexed, q, numItems), JSON.stringify({ q, numItems })).toEqual(await pages(scanned, q, numItems));
    }
  });

  it("see the transaction's own writes merged into the committed range, in order", async () => {
    const r = random(11);
    const { indexed, scanned } = await pair();
    await write([indexed, scanned], r, 60);
    for (let i = 0; i < 30; i++) {
      const q = randomQuery(r);
      const ops = Array.from({ length: 5 }, () => ({ pick: r.next(), doc: item(r), kind: r.pick(["insert", "patch", "delete"] as const) }));
      const run = (t: Runner) =>
        t.run(async (ctx) => {
          for (const op of ops) {
            const all = await ctx.db.query("items").collect();
            const target = all[Math.floor(op.pick * all.length)]._id as GenericId<"items">;
            if (op.kind === "insert") await ctx.db.insert("items", op.doc);
            else if (op.kind === "patch") await ctx.db.replace(target, op.doc);
            else await ctx.db.delete(target);
          }
          const query = build(ctx.db, q);
          const docs = q.limit === null ? await query.collect() : await query.take(q.limit);
          const ids = docs.map((d: { _id: string }) => d._id);
          throw new RolledBack(ids);
        }).catch((e: unknown) => {
          if (e instanceof RolledBack) return e.ids;
          throw e;
        });
      expect(await run(indexed), JSON.stringify(q)).toEqual(await run(scanned));
    }
    // The rolled back writes left nothing behind.
    const all: Query = { index: "scan", hasEqA: false, order: "asc", limit: null, filterB: null };
    expect(await answer(indexed, all)).toEqual(await answer(scanned, all));
  });

  it("stream documents as the function reads them, and forget a stream the function stopped reading", async () => {
    const r = random(5);
    const engine = await createEngine(schema, modules, noHooks);
    const t = engine.t as unknown as Runner;
    await write([t], r, 50);
    const firstThree = await t.run(async (ctx) => {
      const ids: string[] = [];
      for await (const doc of ctx.db.query("items").withIndex("by_a_b").order("desc")) {
        ids.push(doc._id);
        if (ids.length === 3) break;
      }
      return ids;
    });
    const all = await t.run(async (ctx) => (await ctx.db.query("items").withIndex("by_a_b").order("desc").collect()).map((d) => d._id));
    expect(firstThree).toEqual(all.slice(0, 3));
    expect(Object.keys((engine.db as unknown as { _queryResults: object })._queryResults)).toEqual([]);
  });

  it("refuse an undeclared index and a range out of order in convex-test's words", async () => {
    const { indexed } = await pair();
    await expect(indexed.run(async (ctx) => ctx.db.query("items").withIndex("by_z" as "by_a").collect())).rejects.toThrow(/Cannot use index "by_z" for table "items"/);
    await expect(indexed.run(async (ctx) => (ctx.db.query("items") as unknown as LooseTable).withIndex("by_a_b", (q) => q.eq("b", "x")).collect())).rejects.toThrow(/expected "a", got "b"/);
  });

  it("keep each table's indexes apart", async () => {
    const { indexed } = await pair();
    await indexed.run(async (ctx) => {
      await ctx.db.insert("others", { a: 1 });
      await ctx.db.insert("items", { a: 1, b: "x" });
    });
    const [items, others] = await indexed.run(async (ctx) =>
      Promise.all([ctx.db.query("items").withIndex("by_a", (q) => q.eq("a", 1)).collect(), ctx.db.query("others").withIndex("by_a", (q) => q.eq("a", 1)).collect()]),
    );
    expect([items.length, others.length, items[0].b]).toEqual([1, 1, "x"]);
  });
});

class RolledBack extends Error {
  constructor(readonly ids: string[]) {
    super("rolled back");
  }
}

describe("SortedEntries", () => {
  it("stays in order through thousands of inserts and removals, across chunk splits", () => {
    const r = random(3);
    const entries = new SortedEntries();
    const reference: Entry[] = [];
    const entry = (n: number): Entry => ({ key: [n % 97, `id${n}`], doc: { _id: `id${n}`, _creationTime: n } });
    for (let i = 0; i < 5000; i++) {
      const n = r.int(3000);
      const e = entry(n);
      const at = reference.findIndex((x) => compareKeys(x.key, e.key) === 0);
      if (at >= 0) {
        expect(entries.remove(e.key)).toBe(true);
        reference.splice(at, 1);
      } else {
        entries.insert(e);
        reference.push(e);
      }
    }
    reference.sort((a, b) => compareKeys(a.key, b.key));
    const all = (descending: boolean) => [...entries.between(entries.seek(() => false), entries.seek(() => true), descending)].map((e) => e.doc._id);
    expect(entries.size).toBe(reference.length);
    expect(all(false)).toEqual(reference.map((e) => e.doc._id));
    expect(all(true)).toEqual(reference.map((e) => e.doc._id).reverse());
    expect(entries.remove([1000, "none"])).toBe(false);
    const from = entries.seek((e) => (e.key[0] as number) < 10);
    const to = entries.seek((e) => (e.key[0] as number) < 20);
    expect([...entries.between(from, to, false)].map((e) => e.doc._id)).toEqual(reference.filter((e) => (e.key[0] as number) >= 10 && (e.key[0] as number) < 20).map((e) => e.doc._id));
  });
});
