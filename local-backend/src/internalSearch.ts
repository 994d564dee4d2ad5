// Queries on the indexes convex-test does not have: search queries answered by the search indexes
// (search.ts), and staged indexes refused. Reaches into convex-test's database (internalTypes.ts), like internals.ts.
import { paginateSearch, resolveSearch, tableOfId, type SearchableDb, type SearchIndexDefinition, type SearchIndexes, type SearchSource } from "./search.ts";
import type { ConvexQuery, DatabaseFake, Doc } from "./internalTypes.ts";

/**
 * A staged index (`staged: true` in the schema) is being built and may not be read yet: Convex refuses a
 * query or vector search on it in these words. `indexName` is `table.index`, as the query carries it.
 */
export function refuseStagedIndex(target: DatabaseFake, indexName: string): void {
  const dot = indexName.indexOf(".");
  const table = target._schema?.tables.get(indexName.slice(0, dot)) as Record<string, unknown> | undefined;
  if (!table) return;
  const name = indexName.slice(dot + 1);
  const staged = ["stagedDbIndexes", "stagedSearchIndexes", "stagedVectorIndexes"].flatMap((key) => (table[key] as Array<{ indexDescriptor: string }> | undefined) ?? []);
  if (staged.some((index) => index.indexDescriptor === name))
    throw new Error(`Index ${indexName} is currently staged and not available to query until it is enabled`);
}

/**
 * Search queries (`withSearchIndex`) run on the search indexes (search.ts) instead of convex-test's scan of
 * the table: its query source and its pagination, for `Search` sources only. The query's other operators
 * (`.filter`, the limit) are still convex-test's, taken from it with no documents in view.
 */
export function patchSearch(target: DatabaseFake, component: string, indexes: SearchIndexes, isSnapshot: () => boolean): void {
  const origResolve = target._resolveQuerySource.bind(target);
  const origPaginate = target.paginate.bind(target);
  const operators = (query: ConvexQuery) => {
    const [documents, writes] = [target._documents, target._writes];
    target._documents = {};
    target._writes = [];
    try {
      return origResolve({ ...query, source: { type: "FullTableScan", tableName: "_search", order: "asc" } });
    } finally {
      target._documents = documents;
      target._writes = writes;
    }
  };
  const db: SearchableDb = {
    component,
    definitions: (table) => ((target._schema?.tables.get(table) as { searchIndexes?: SearchIndexDefinition[] } | undefined)?.searchIndexes ?? []),
    committed: () => target._documents,
    isSnapshot,
    written: (table) => {
      const out = new Map<string, Doc | null>();
      for (const layer of target._writes) for (const [id, doc] of Object.entries(layer)) if (tableOfId(id) === table) out.set(id, doc);
      return out;
    },
  };
  target._resolveQuerySource = (query) => {
    if (query.source.type !== "Search") return origResolve(query);
    const { filterFn, limit } = operators(query);
    const sortedDocs = resolveSearch(indexes, db, query.source as SearchSource, filterFn, limit);
    return { sortedDocs, filterFn, limit, fieldPathsToSortBy: [], order: "asc" };
  };
  target.paginate = (args) => {
    if (args.query.source.type !== "Search") return origPaginate(args);
    return paginateSearch(indexes, db, args.query.source as SearchSource, operators(args.query).filterFn, args);
  };
}
