// Convex's text search on the embedded backend. Each `searchIndex` of a schema is an inverted index (term →
// documents) built on its first read and kept in step with every commit, so a search reads the documents its
// terms name, not the table. Its semantics are Convex's (crates/search in get-convex/convex-backend, and the
// "Full Text Search" docs): Tantivy's simple tokenizer (runs of letters and digits), terms of 32 bytes or
// more dropped, lowercased; up to 16 query terms, the last one matching as a prefix (up to 16 terms of the
// index); a document matches any term and is ranked by BM25, ties newest first; up to 8 equality filters on
// the index's `filterFields`; at most 1024 results scanned.
import { convexToJson, jsonToConvex, type JSONValue, type Value } from "convex/values";

const SEARCH_LIMITS = { queryTerms: 16, termBytes: 32, candidates: 1024, filters: 8, prefixMatches: 16 } as const;
// Tantivy's BM25 parameters.
const K1 = 1.2;
const B = 0.75;

type Doc = Record<string, unknown> & { _id: string; _creationTime: number };

/** A search index as the schema exports it. */
export interface SearchIndexDefinition {
  indexDescriptor: string;
  searchField: string;
  filterFields: string[];
}

/** The `Search` source of a query: `table.index` and its filters, as Convex's runtime sends them. */
export interface SearchSource {
  type: "Search";
  indexName: string;
  filters: Array<{ type: "Search"; fieldPath: string; value: string } | { type: "Eq"; fieldPath: string; value: JSONValue }>;
}

/** Tantivy's SimpleTokenizer, RemoveLongFilter(32) and LowerCaser, as Convex's `convex_en` analyzer chains them. */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const [run] of text.matchAll(/[\p{Alphabetic}\p{N}]+/gu)) {
    // A code unit is at most 3 bytes of UTF-8: a short run needs no counting.
    if (run.length * 3 >= SEARCH_LIMITS.termBytes && Buffer.byteLength(run) >= SEARCH_LIMITS.termBytes) continue;
    tokens.push(run.toLowerCase());
  }
  return tokens;
}

function fieldValue(doc: Record<string, unknown>, path: string): unknown {
  let value: unknown = doc;
  for (const key of path.split(".")) {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A filter field's value as a key: equal Convex values, equal keys; a missing field is `undefined`'s. */
function filterKey(value: unknown): string {
  return value === undefined ? "$undefined" : JSON.stringify(convexToJson(value as Value));
}

/** The key of an `eq` filter's value as the runtime serialized it (`{ $undefined: null }` for undefined). */
function queryFilterKey(value: JSONValue): string {
  if (value !== null && typeof value === "object" && !Array.isArray(value) && "$undefined" in value) return "$undefined";
  return filterKey(jsonToConvex(value));
}

interface IndexedDoc {
  creationTime: number;
  length: number;
  terms: Map<string, number>;
  filters: Map<string, string>;
}

function indexedDoc(doc: Doc, definition: SearchIndexDefinition): IndexedDoc | null {
  const text = fieldValue(doc, definition.searchField);
  // Only a string is searched: a document whose field is anything else is not in the index (as on Convex).
  if (typeof text !== "string") return null;
  const tokens = tokenize(text);
  const terms = new Map<string, number>();
  for (const token of tokens) terms.set(token, (terms.get(token) ?? 0) + 1);
  const filters = new Map(definition.filterFields.map((field) => [field, filterKey(fieldValue(doc, field))]));
  return { creationTime: doc._creationTime, length: tokens.length, terms, filters };
}

/** A compiled search: its terms (the last one a prefix) and its equality filters by field. */
interface CompiledSearch {
  terms: string[];
  prefix: string | null;
  filters: Map<string, string>;
}

class SearchQueryError extends Error {}

/** Checks and compiles a query's filters against its index, with Convex's errors. */
export function compileSearch(source: SearchSource, definition: SearchIndexDefinition): CompiledSearch {
  const name = source.indexName;
  let text: string | null = null;
  const filters = new Map<string, string>();
  let conditions = 0;
  for (const filter of source.filters) {
    if (filter.type === "Search") {
      if (filter.fieldPath !== definition.searchField)
        throw new SearchQueryError(
          `Search query against ${name} contains a search filter against "${filter.fieldPath}", which doesn't match the indexed \`searchField\` "${definition.searchField}".`,
        );
      text = filter.value;
    } else {
      if (!definition.filterFields.includes(filter.fieldPath))
        throw new SearchQueryError(
          `Search query against ${name} contains an equality filter on "${filter.fieldPath}" but that field isn't indexed for filtering in \`filterFields\`.`,
        );
      filters.set(filter.fieldPath, queryFilterKey(filter.value));
      conditions++;
    }
  }
  if (text === null)
    throw new SearchQueryError(
      `Search query against ${name} does not contain any search filters. You must include a search filter like \`q.search("${definition.searchField}", searchText)\`.`,
    );
  if (conditions > SEARCH_LIMITS.filters)
    throw new SearchQueryError(`Search query against ${name} has too many filter conditions. Max: ${SEARCH_LIMITS.filters} Actual: ${conditions}`);
  const tokens = tokenize(text).slice(0, SEARCH_LIMITS.queryTerms);
  const last = tokens.pop() ?? null;
  return { terms: [...new Set(tokens)], prefix: last, filters };
}

/** One result: the document's id, its relevance and creation time (the ranking's keys). */
interface Ranked {
  id: string;
  score: number;
  creationTime: number;
}

/** Relevance first, then the newest, then the id: a total order, so a page's cursor is a position in it. */
export function compareRanked(a: Ranked, b: Ranked): number {
  return b.score - a.score || b.creationTime - a.creationTime || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export class TextIndex {
  private readonly docs = new Map<string, IndexedDoc>();
  private readonly postings = new Map<string, Set<string>>();
  /** Every term, sorted, for the last term's prefix matches; rebuilt when a new term arrived. */
  private sortedTerms: string[] | null = [];
  private totalLength = 0;

  constructor(readonly definition: SearchIndexDefinition) {}

  /** An index of `table`'s documents among `documents`. */
  static build(definition: SearchIndexDefinition, table: string, documents: Record<string, Doc>): TextIndex {
    const index = new TextIndex(definition);
    for (const [id, doc] of Object.entries(documents)) if (tableOfId(id) === table) index.put(doc);
    return index;
  }

  get size(): number {
    return this.docs.size;
  }

  put(doc: Doc): void {
    this.remove(doc._id);
    const indexed = indexedDoc(doc, this.definition);
    if (!indexed) return;
    this.docs.set(doc._id, indexed);
    this.totalLength += indexed.length;
    for (const term of indexed.terms.keys()) {
      let ids = this.postings.get(term);
      if (!ids) {
        this.postings.set(term, (ids = new Set()));
        this.sortedTerms = null;
      }
      ids.add(doc._id);
    }
  }

  remove(id: string): void {
    const indexed = this.docs.get(id);
    if (!indexed) return;
    this.docs.delete(id);
    this.totalLength -= indexed.length;
    for (const term of indexed.terms.keys()) {
      const ids = this.postings.get(term)!;
      ids.delete(id);
      if (ids.size === 0) {
        this.postings.delete(term);
        this.sortedTerms = null;
      }
    }
  }

  /** The index's terms starting with `prefix`, the first 16 in order (Convex's MAX_PREFIX_MATCHES_PER_QUERY_TERM). */
  private termsWithPrefix(prefix: string): string[] {
    this.sortedTerms ??= [...this.postings.keys()].sort();
    const terms = this.sortedTerms;
    let lo = 0;
    let hi = terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (terms[mid] < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < terms.length && out.length < SEARCH_LIMITS.prefixMatches && terms[i].startsWith(prefix); i++) out.push(terms[i]);
    return out;
  }

  /**
   * The documents matching `query`, ranked. `written` are the documents the running transaction wrote in this
   * table (null: deleted): they replace what the index holds for them, scored against the index's statistics.
   */
  search(query: CompiledSearch, written: Map<string, Doc | null> = new Map()): Ranked[] {
    const terms = [...query.terms];
    if (query.prefix !== null) for (const t of this.termsWithPrefix(query.prefix)) if (!terms.includes(t)) terms.push(t);
    const docCount = Math.max(1, this.docs.size);
    const averageLength = this.docs.size ? this.totalLength / this.docs.size : 1;
    const idf = (term: string) => {
      const n = this.postings.get(term)?.size ?? 0;
      return Math.log(1 + (docCount - n + 0.5) / (n + 0.5));
    };
    const weights = new Map(terms.map((t) => [t, idf(t)]));
    const matchesFilters = (doc: IndexedDoc) => [...query.filters].every(([field, key]) => doc.filters.get(field) === key);
    const score = (doc: IndexedDoc, docTerms: Iterable<string>) => {
      let total = 0;
      for (const term of docTerms) {
        const tf = doc.terms.get(term) ?? 0;
        if (tf === 0) continue;
        total += (weights.get(term) ?? idf(term)) * ((tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * doc.length) / averageLength)));
      }
      return total;
    };
    const out: Ranked[] = [];
    const seen = new Set<string>();
    for (const term of terms) {
      for (const id of this.postings.get(term) ?? []) {
        if (seen.has(id) || written.has(id)) continue;
        seen.add(id);
        const doc = this.docs.get(id)!;
        if (matchesFilters(doc)) out.push({ id, score: score(doc, terms), creationTime: doc.creationTime });
      }
    }
    // The transaction's own writes: what a prefix matches among their terms counts too.
    for (const [id, written_] of written) {
      const doc = written_ ? indexedDoc(written_, this.definition) : null;
      if (!doc || !matchesFilters(doc)) continue;
      const docTerms = [...query.terms, ...(query.prefix === null ? [] : [...doc.terms.keys()].filter((t) => t.startsWith(query.prefix!)))];
      const s = score(doc, docTerms);
      if (docTerms.some((t) => doc.terms.has(t))) out.push({ id, score: s, creationTime: doc.creationTime });
    }
    return out.sort(compareRanked);
  }
}

/** The table an id names (ids here are digits then the table's name), or null. */
export function tableOfId(id: string): string | null {
  // Read char by char: indexes built over a large deployment ask this of every document.
  let digits = 0;
  while (digits < id.length && id.charCodeAt(digits) >= 48 && id.charCodeAt(digits) <= 57) digits++;
  return digits > 0 && digits < id.length ? id.slice(digits) : null;
}

/** The search indexes of every component, built on first use, kept in step with commits. */
export class SearchIndexes {
  private readonly built = new Map<string, { component: string; table: string; index: TextIndex }>();

  private static key(component: string, table: string, definition: SearchIndexDefinition): string {
    return JSON.stringify([component, table, definition.indexDescriptor, definition.searchField, definition.filterFields]);
  }

  /** Forgets every index (new schema, documents replaced wholesale): each is built again on its next read. */
  reset(): void {
    this.built.clear();
  }

  /** The index over `documents` (a component's committed ones), built from them on first use. */
  index(component: string, table: string, definition: SearchIndexDefinition, documents: Record<string, Doc>): TextIndex {
    const key = SearchIndexes.key(component, table, definition);
    let entry = this.built.get(key);
    if (!entry) {
      entry = { component, table, index: TextIndex.build(definition, table, documents) };
      this.built.set(key, entry);
    }
    return entry.index;
  }

  /** Applies a commit's writes (component, id, new document or null) to the indexes built. */
  apply(changes: Array<{ component: string; id: string; new: Doc | null }>): void {
    for (const { component, table, index } of this.built.values()) {
      for (const change of changes) {
        if (change.component !== component || tableOfId(change.id) !== table) continue;
        if (change.new) index.put(change.new);
        else index.remove(change.id);
      }
    }
  }
}

/** What a search needs of one component's database (internals.ts adapts convex-test's to it). */
export interface SearchableDb {
  component: string;
  /** The search indexes the schema in force declares on `table`. */
  definitions(table: string): SearchIndexDefinition[];
  /** The committed documents (or the past snapshot a query reads). */
  committed(): Record<string, Doc>;
  /** Whether `committed()` is a past snapshot (then the index is built for this read only). */
  isSnapshot(): boolean;
  /** The running transaction's writes in `table` (null: deleted). */
  written(table: string): Map<string, Doc | null>;
}

/** The query's documents in relevance order, each with its ranking key. */
function rankedDocuments(indexes: SearchIndexes, db: SearchableDb, source: SearchSource): Array<{ doc: Doc; key: Ranked }> {
  const dot = source.indexName.indexOf(".");
  const table = source.indexName.slice(0, dot);
  const name = source.indexName.slice(dot + 1);
  const definition = db.definitions(table).find((d) => d.indexDescriptor === name);
  if (!definition) throw new SearchQueryError(`Cannot use search index "${name}" for table "${table}" because it is not declared in the schema.`);
  const compiled = compileSearch(source, definition);
  const committed = db.committed();
  const index = db.isSnapshot() ? TextIndex.build(definition, table, committed) : indexes.index(db.component, table, definition, committed);
  const written = db.written(table);
  return index.search(compiled, written).map((key) => ({ doc: (written.get(key.id) ?? committed[key.id])!, key }));
}

function tooManyScanned(): SearchQueryError {
  return new SearchQueryError(
    `Search query scanned too many documents (fetched ${SEARCH_LIMITS.candidates}). Consider using a smaller limit, paginating the query, or using a filter field to limit the number of documents pulled from the search index.`,
  );
}

/**
 * A search query's documents as convex-test's query source resolves them: in relevance order, no further
 * sort, only as many as the query will take (`limit` of those `filterFn` keeps), refused past 1024 scanned.
 */
export function resolveSearch(indexes: SearchIndexes, db: SearchableDb, source: SearchSource, filterFn: (doc: Doc) => boolean, limit: number | null): Doc[] {
  const ranked = rankedDocuments(indexes, db, source);
  let kept = 0;
  let scanned = 0;
  for (const { doc } of ranked) {
    if (limit !== null && kept >= limit) break;
    if (++scanned > SEARCH_LIMITS.candidates) throw tooManyScanned();
    if (filterFn(doc)) kept++;
  }
  return ranked.slice(0, scanned).map((r) => r.doc);
}

const encodeCursor = (key: Ranked) => JSON.stringify(["search", key.score, key.creationTime, key.id]);
function decodeCursor(cursor: string): Ranked {
  const [tag, score, creationTime, id] = JSON.parse(cursor) as [string, number, number, string];
  if (tag !== "search") throw new SearchQueryError("Invalid cursor for a search query");
  return { score, creationTime, id };
}

/**
 * One page of a search query: after `cursor` (a position in the relevance order), up to `pageSize` documents,
 * or up to `endCursor` when the page is pinned. As on Convex, a full page is not known to be the last
 * (`isDone` false): the next page says so.
 */
export function paginateSearch(
  indexes: SearchIndexes,
  db: SearchableDb,
  source: SearchSource,
  filterFn: (doc: Doc) => boolean,
  page: { cursor: string | null; endCursor?: string | null; pageSize: number },
): { page: Doc[]; isDone: boolean; continueCursor: string; splitCursor: null; pageStatus: null } {
  if (page.cursor === "_end_cursor") return { page: [], isDone: true, continueCursor: "_end_cursor", splitCursor: null, pageStatus: null };
  const ranked = rankedDocuments(indexes, db, source);
  const after = page.cursor ? decodeCursor(page.cursor) : null;
  const end = page.endCursor && page.endCursor !== "_end_cursor" ? decodeCursor(page.endCursor) : null;
  const docs: Doc[] = [];
  let last: Ranked | null = null;
  let scanned = 0;
  let exhausted = true;
  for (const { doc, key } of ranked) {
    if (after && compareRanked(key, after) <= 0) continue;
    if (end && compareRanked(key, end) > 0) break;
    if (++scanned > SEARCH_LIMITS.candidates) throw tooManyScanned();
    last = key;
    if (filterFn(doc)) docs.push(doc);
    if (!end && docs.length >= page.pageSize) {
      exhausted = false;
      break;
    }
  }
  if (end) return { page: docs, isDone: false, continueCursor: page.endCursor!, splitCursor: null, pageStatus: null };
  if (exhausted) return { page: docs, isDone: true, continueCursor: "_end_cursor", splitCursor: null, pageStatus: null };
  return { page: docs, isDone: false, continueCursor: encodeCursor(last!), splitCursor: null, pageStatus: null };
}
