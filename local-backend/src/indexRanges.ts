// The database's indexes on the embedded backend, as Convex keeps them: each index (the schema's, and
// `by_creation_time` and `by_id` of every table) an ordered set of entries built on its first read and kept
// in step with every commit, so `withIndex` ranges, table scans and pages read the documents in their range,
// not the deployment's. A transaction's own writes are merged in at read time (internalIndexRanges.ts).
import { CommitTsPlaceholder, jsonToConvex, type JSONValue } from "convex/values";
import { compareKeys, SortedEntries, type Entry } from "./sortedEntries.ts";
import { tableOfId } from "./search.ts";

type Doc = Entry["doc"];

/** A `withIndex` range as Convex's runtime sends it: equalities on the first fields, then at most two bounds. */
export interface RangeFilter {
  type: "Eq" | "Gt" | "Gte" | "Lt" | "Lte";
  fieldPath: string;
  value: JSONValue;
}

/** Where convex-test's commit timestamp placeholders stand before the commit (its `MAX_COMMIT_TS`). */
const MAX_COMMIT_TS = 2n ** 63n - 1n;

function hasPending(value: unknown): boolean {
  if (value instanceof CommitTsPlaceholder) return true;
  if (Array.isArray(value)) return value.some(hasPending);
  return isPlainObject(value) && Object.values(value).some(hasPending);
}

/** A value as the transaction sees it before its commit (convex-test's `resolvePendingValues`). */
function resolvePending(value: unknown): unknown {
  if (!hasPending(value)) return value;
  if (value instanceof CommitTsPlaceholder) return MAX_COMMIT_TS;
  if (Array.isArray(value)) return value.map(resolvePending);
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, resolvePending(v)]));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype || proto?.constructor?.name === "Object";
}

/** A field's value as an index reads it (`a.b` reaches into objects; missing is undefined). */
function fieldValue(doc: Doc, fieldPath: string): unknown {
  // Most index fields are top-level, and most values plain: read those without splitting or walking.
  let value: unknown;
  if (fieldPath.indexOf(".") < 0) value = doc[fieldPath];
  else {
    value = doc;
    for (const part of fieldPath.split(".")) value = isPlainObject(value) ? value[part] : undefined;
  }
  if (value === undefined || value === null || typeof value !== "object") return value;
  return resolvePending(value);
}

/** A document's key in an index over `fields`. */
export function keyOf(doc: Doc, fields: readonly string[]): unknown[] {
  const key = new Array<unknown>(fields.length);
  for (let i = 0; i < fields.length; i++) key[i] = fieldValue(doc, fields[i]!);
  return key;
}

/** A range bound as convex-test reads it: `{ $undefined }` is undefined, the rest Convex JSON. */
function boundValue(value: JSONValue): unknown {
  if (isPlainObject(value) && "$undefined" in value) return undefined;
  return jsonToConvex(value);
}

/** The fields an index orders by, with the two every index ends with; null when the schema has no such index. */
export function indexFields(tableSchema: unknown, indexName: string): string[] | null {
  if (indexName === "by_creation_time") return ["_creationTime", "_id"];
  if (indexName === "by_id") return ["_id"];
  const indexes = (tableSchema as { indexes?: Array<{ indexDescriptor: string; fields: string[] }> } | undefined)?.indexes;
  const index = indexes?.find((i) => i.indexDescriptor === indexName);
  return index ? [...index.fields, "_creationTime", "_id"] : null;
}

/** The range's two ends as predicates for `SortedEntries.seek`: entries before its start, entries before its end. */
function rangeEnds(range: readonly RangeFilter[]): { beforeStart: (e: Entry) => boolean; beforeEnd: (e: Entry) => boolean } {
  const equal = range.filter((f) => f.type === "Eq").map((f) => boundValue(f.value));
  const lower = range.find((f) => f.type === "Gt" || f.type === "Gte");
  const upper = range.find((f) => f.type === "Lt" || f.type === "Lte");
  const start = lower ? [...equal, boundValue(lower.value)] : equal;
  const end = upper ? [...equal, boundValue(upper.value)] : equal;
  return {
    // `gt`: the entries equal to the bound are before the range; `gte` or equalities only: those less.
    beforeStart: (e) => {
      const c = compareKeys(e.key, start, start.length);
      return lower?.type === "Gt" ? c <= 0 : c < 0;
    },
    // `lt`: the range ends at the first entry equal to the bound; `lte` or equalities only: at the first greater.
    beforeEnd: (e) => {
      const c = compareKeys(e.key, end, end.length);
      return upper?.type === "Lt" ? c < 0 : c <= 0;
    },
  };
}

/** One component's committed documents by table, kept in step with commits (the source of each index's build). */
interface Tables {
  /** The document map these were read from: a read of another map (a past snapshot) does not use the indexes. */
  from: Record<string, Doc>;
  byTable: Map<string, Map<string, Doc>>;
}

interface BuiltIndex {
  component: string;
  table: string;
  fields: string[];
  entries: SortedEntries;
}

interface IndexChange {
  component: string;
  id: string;
  old: Doc | null;
  new: Doc | null;
}

export class DatabaseIndexes {
  private readonly tables = new Map<string, Tables>();
  private readonly built = new Map<string, BuiltIndex>();

  /** Forgets everything (new schema, documents replaced wholesale): built again on the next read. */
  reset(): void {
    this.tables.clear();
    this.built.clear();
  }

  /**
   * The index `indexName` of `table` over `documents` (a component's committed map), built on first use;
   * null when `documents` is not the map the indexes follow (a read at a past timestamp).
   */
  index(component: string, documents: Record<string, Doc>, table: string, indexName: string, fields: string[]): SortedEntries | null {
    let tables = this.tables.get(component);
    if (!tables) {
      tables = { from: documents, byTable: new Map() };
      for (const doc of Object.values(documents)) this.docsOf(tables, tableOfId(doc._id) ?? "").set(doc._id, doc);
      this.tables.set(component, tables);
    }
    if (tables.from !== documents) return null;
    const key = JSON.stringify([component, table, indexName, fields]);
    let index = this.built.get(key);
    if (!index) {
      const entries: Entry[] = [];
      for (const doc of tables.byTable.get(table)?.values() ?? []) entries.push({ key: keyOf(doc, fields), doc });
      entries.sort((a, b) => compareKeys(a.key, b.key));
      index = { component, table, fields, entries: new SortedEntries(entries) };
      this.built.set(key, index);
    }
    return index.entries;
  }

  /** Applies a commit's writes to the tables and indexes built. */
  apply(changes: readonly IndexChange[]): void {
    for (const change of changes) {
      const tables = this.tables.get(change.component);
      if (!tables) continue;
      const table = tableOfId(change.id) ?? "";
      if (change.new) this.docsOf(tables, table).set(change.id, change.new);
      else tables.byTable.get(table)?.delete(change.id);
      for (const index of this.built.values()) {
        if (index.component !== change.component || index.table !== table) continue;
        if (change.old) index.entries.remove(keyOf(change.old, index.fields));
        if (change.new) index.entries.insert({ key: keyOf(change.new, index.fields), doc: change.new });
      }
    }
  }

  private docsOf(tables: Tables, table: string): Map<string, Doc> {
    let docs = tables.byTable.get(table);
    if (!docs) tables.byTable.set(table, (docs = new Map()));
    return docs;
  }
}

/**
 * The documents of a range in order: the committed ones from `entries` (bar those the transaction wrote)
 * merged with `written`, the transaction's own documents in the range (already in order), from just after
 * `after` (a key over `fields`) when given.
 */
export function* mergedRange(
  entries: SortedEntries,
  range: readonly RangeFilter[],
  descending: boolean,
  fields: readonly string[],
  writtenIds: ReadonlySet<string>,
  written: readonly Doc[],
  after: readonly unknown[] | null,
): Generator<Doc> {
  const { beforeStart, beforeEnd } = rangeEnds(range);
  let from = entries.seek(beforeStart);
  let to = entries.seek(beforeEnd);
  if (after && !descending) from = SortedEntries.max(from, entries.seek((e) => compareKeys(e.key, after) <= 0));
  if (after && descending) to = SortedEntries.min(to, entries.seek((e) => compareKeys(e.key, after) < 0));
  const direction = descending ? -1 : 1;
  const pending = written
    .map((doc) => ({ doc, key: keyOf(doc, fields) }))
    .filter((w) => !after || compareKeys(w.key, after) * direction > 0);
  let next = 0;
  for (const entry of entries.between(from, to, descending)) {
    if (writtenIds.has(entry.doc._id)) continue;
    while (next < pending.length && compareKeys(pending[next].key, entry.key) * direction < 0) yield pending[next++].doc;
    yield entry.doc;
  }
  while (next < pending.length) yield pending[next++].doc;
}
