// Index ranges, table scans and their pages answered from the database's indexes (indexRanges.ts) instead
// of convex-test's scan of every document: its query source and its pagination, for those sources only.
// convex-test still checks the range and compiles the operators, over the transaction's own writes alone,
// which are then merged into the committed range. Reaches into convex-test's database (internalTypes.ts).
import { jsonToConvex, type JSONValue } from "convex/values";
import { type DatabaseIndexes, indexFields, keyOf, mergedRange, type RangeFilter } from "./indexRanges.ts";
import { compareKeys, type SortedEntries } from "./sortedEntries.ts";
import { tableOfId } from "./search.ts";
import type { ConvexQuery, DatabaseFake, Doc } from "./internalTypes.ts";

type Resolved = ReturnType<DatabaseFake["_resolveQuerySource"]>;

interface Plan {
  /** convex-test's resolution over the transaction's writes: operators, limit, and the written documents in range. */
  written: Resolved;
  entries: SortedEntries;
  fields: string[];
  range: RangeFilter[];
  descending: boolean;
  writtenIds: Set<string>;
}

/** A cursor as convex-test writes it: a JSON array of each sort field's Convex JSON (null for undefined). */
function parseCursor(cursor: string): unknown[] | null {
  try {
    const keys = JSON.parse(cursor) as Array<string | null>;
    return Array.isArray(keys) ? keys.map((k) => (k === null ? undefined : jsonToConvex(JSON.parse(k) as JSONValue))) : null;
  } catch {
    return null;
  }
}

/**
 * `liveDocuments` is the component's current committed map; while a read sees another (a past snapshot),
 * convex-test's own scan answers it.
 */
export function patchIndexRanges(target: DatabaseFake, component: string, indexes: DatabaseIndexes, liveDocuments: () => Record<string, Doc>): void {
  const origResolve = target._resolveQuerySource.bind(target);
  const origPaginate = target.paginate.bind(target);
  let prepared: Resolved | null = null;

  const overWrites = (query: ConvexQuery): Resolved => {
    const documents = target._documents;
    target._documents = {};
    try {
      return origResolve(query);
    } finally {
      target._documents = documents;
    }
  };
  const plan = (query: ConvexQuery): Plan | null => {
    const source = query.source;
    if (source.type === "Search" || target._documents !== liveDocuments()) return null;
    const [table, indexName] = source.type === "FullTableScan" ? [source.tableName, "by_creation_time"] : source.indexName.split(".");
    const fields = indexFields(target._schema?.tables.get(table), indexName);
    if (!fields) return null;
    const written = overWrites(query);
    const entries = indexes.index(component, target._documents, table, indexName, fields);
    if (!entries) return null;
    const writtenIds = new Set<string>();
    for (const layer of target._writes) for (const id of Object.keys(layer)) if (tableOfId(id) === table) writtenIds.add(id);
    const range = source.type === "IndexRange" ? (source.range as RangeFilter[]) : [];
    return { written, entries, fields, range, descending: written.order === "desc", writtenIds };
  };
  const walk = (p: Plan, after: unknown[] | null) => mergedRange(p.entries, p.range, p.descending, p.fields, p.writtenIds, p.written.sortedDocs, after);

  // A query stream (`for await`, `take`, `first`, `collect`) reads its documents one by one as the function asks
  // for them, so a loop that stops early reads no further. convex-test's `queryNext` reads `length` and `shift()`.
  const origStart = target.startQuery.bind(target);
  target.startQuery = (query) => {
    const p = plan(query);
    if (!p) return origStart(query);
    const id = target._nextQueryId++;
    target._queryResults[id] = streamOf(passing(walk(p, null), p.written.filterFn, p.written.limit));
    return id;
  };

  target._resolveQuerySource = (query) => {
    if (prepared) {
      const result = prepared;
      prepared = null;
      return result;
    }
    const p = plan(query);
    if (!p) return origResolve(query);
    // A limit (`take`, `first`) reads only until that many documents have passed the filters.
    const { filterFn, limit } = p.written;
    const sortedDocs: Doc[] = [];
    let passed = 0;
    for (const doc of walk(p, null)) {
      if (limit !== null && passed >= limit) break;
      sortedDocs.push(doc);
      if (filterFn(doc)) passed += 1;
    }
    return { ...p.written, sortedDocs };
  };

  // A page starts just after its cursor (found by binary search) and reads one document past a full page,
  // so convex-test's pagination over the documents given answers as it would over the whole range.
  target.paginate = (args) => {
    const p = plan(args.query);
    const after = args.cursor === null || args.cursor === "_end_cursor" ? null : parseCursor(args.cursor);
    const end = args.endCursor && args.endCursor !== "_end_cursor" ? parseCursor(args.endCursor) : null;
    if (!p || (args.cursor !== null && args.cursor !== "_end_cursor" && !after) || (args.endCursor && args.endCursor !== "_end_cursor" && !end))
      return origPaginate(args);
    const sortedDocs: Doc[] = [];
    if (args.cursor !== "_end_cursor") {
      const direction = p.descending ? -1 : 1;
      let passed = 0;
      let full = false;
      for (const doc of walk(p, after)) {
        sortedDocs.push(doc);
        if (end) {
          if (compareKeys(keyOf(doc, p.fields), end) * direction >= 0) break;
          continue;
        }
        if (full) break;
        if (p.written.filterFn(doc)) passed += 1;
        full = passed >= args.pageSize;
      }
    }
    prepared = { ...p.written, sortedDocs };
    try {
      return origPaginate({ ...args, cursor: args.cursor === "_end_cursor" ? "_end_cursor" : null });
    } finally {
      prepared = null;
    }
  };
}

/** The documents that pass the query's filters, at most `limit` of them. */
function* passing(docs: Iterable<Doc>, filterFn: (doc: Doc) => boolean, limit: number | null): Generator<Doc> {
  if (limit !== null && limit <= 0) return;
  let passed = 0;
  for (const doc of docs) {
    if (!filterFn(doc)) continue;
    yield doc;
    if (limit !== null && ++passed >= limit) return;
  }
}

/** An iterator in the form convex-test keeps a query's results: `length` 0 once done, `shift()` the next. */
function streamOf(docs: Iterator<Doc>): { readonly length: number; shift(): Doc | undefined } {
  let head: Doc | undefined;
  let done = false;
  const peek = () => {
    if (head !== undefined || done) return;
    const next = docs.next();
    if (next.done) done = true;
    else head = next.value;
  };
  return {
    get length() {
      peek();
      return head === undefined ? 0 : 1;
    },
    shift() {
      peek();
      const doc = head;
      head = undefined;
      return doc;
    },
  };
}
