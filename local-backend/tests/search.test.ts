// The search index's own rules, without a backend: Convex's tokenizer, the last term as a prefix, BM25
// order with the newest first on a tie, equality filters, Convex's errors and limits, and its upkeep.
import { describe, expect, it } from "vitest";
import { compileSearch, compareRanked, paginateSearch, resolveSearch, SearchIndexes, TextIndex, tokenize, type SearchableDb, type SearchSource } from "../src/search";

const definition = { indexDescriptor: "by_body", searchField: "body", filterFields: ["channel"] };
let clock = 1_000;
const doc = (n: number, body: unknown, channel?: string) => ({ _id: `${n}messages`, _creationTime: clock++, body, ...(channel === undefined ? {} : { channel }) });
const source = (text: string, eq: Record<string, unknown> = {}): SearchSource => ({
  type: "Search",
  indexName: "messages.by_body",
  filters: [
    { type: "Search", fieldPath: "body", value: text },
    ...Object.entries(eq).map(([fieldPath, value]) => ({ type: "Eq" as const, fieldPath, value: (value === undefined ? { $undefined: null } : value) as never })),
  ],
});
const search = (index: TextIndex, text: string, eq: Record<string, unknown> = {}) => index.search(compileSearch(source(text, eq), definition)).map((r) => r.id);

describe("tokenize, as Convex's convex_en analyzer", () => {
  it("splits on anything not a letter or digit, lowercases, keeps accents, drops terms of 32 bytes or more", () => {
    expect(tokenize("Tarocchi dell'Amore: 3 carte, c'è Più!")).toEqual(["tarocchi", "dell", "amore", "3", "carte", "c", "è", "più"]);
    expect(tokenize(`corto ${"a".repeat(31)} ${"b".repeat(32)} ${"é".repeat(16)}`)).toEqual(["corto", "a".repeat(31)]);
    expect(tokenize("  ")).toEqual([]);
  });
});

describe("a text index", () => {
  const index = new TextIndex(definition);
  const tarocchi = doc(1, "Lettura dei tarocchi e delle carte", "generale");
  const pastor = doc(2, "Al pastor, tacos al pastor", "cucina");
  const pasta = doc(3, "Pasta al pomodoro", "cucina");
  const number = doc(4, 42, "generale");
  for (const d of [tarocchi, pastor, pasta, number]) index.put(d);

  it("matches the last term as a prefix and the others whole", () => {
    expect(search(index, "tarocch")).toEqual([tarocchi._id]);
    expect(search(index, "tarocch carte")).toEqual([tarocchi._id]);
    expect(search(index, "past")).toEqual(expect.arrayContaining([pastor._id, pasta._id]));
    expect(search(index, "past1r"), "no fuzzy match").toEqual([]);
    expect(search(index, "pastor al"), "'al' last: a prefix of 'al' only").toEqual([pastor._id, pasta._id]);
    expect(search(index, "past al"), "'past' not last: a whole term, found nowhere").toEqual([pastor._id, pasta._id]);
    expect(search(index, "")).toEqual([]);
  });

  it("ranks by BM25 (more occurrences, shorter text first), the newest first on a tie", () => {
    expect(search(index, "al pastor")).toEqual([pastor._id, pasta._id]);
    const tie = new TextIndex(definition);
    const older = doc(10, "stessa frase", "a");
    const newer = doc(11, "stessa frase", "a");
    tie.put(older);
    tie.put(newer);
    expect(search(tie, "stessa")).toEqual([newer._id, older._id]);
    expect(compareRanked({ id: "a", score: 1, creationTime: 1 }, { id: "b", score: 2, creationTime: 0 })).toBeGreaterThan(0);
  });

  it("filters by equality on its filter fields, a missing field as undefined", () => {
    expect(search(index, "al", { channel: "cucina" })).toEqual([pastor._id, pasta._id]);
    expect(search(index, "al", { channel: "generale" })).toEqual([]);
    const loose = new TextIndex(definition);
    const without = doc(20, "senza canale");
    loose.put(without);
    expect(search(loose, "senza", { channel: undefined })).toEqual([without._id]);
  });

  it("keeps a string search field only, and follows puts and removes", () => {
    expect(index.size).toBe(3);
    index.put({ ...pasta, body: "Risotto ai funghi" });
    expect(search(index, "pasta")).toEqual([]);
    expect(search(index, "risott")).toEqual([pasta._id]);
    index.remove(pasta._id);
    expect(search(index, "risott")).toEqual([]);
  });

  it("refuses what Convex refuses, in its words", () => {
    expect(() => compileSearch({ ...source("x"), filters: [] }, definition)).toThrow(
      'Search query against messages.by_body does not contain any search filters. You must include a search filter like `q.search("body", searchText)`.',
    );
    expect(() => compileSearch(source("x", { author: "a" }), definition)).toThrow(
      'Search query against messages.by_body contains an equality filter on "author" but that field isn\'t indexed for filtering in `filterFields`.',
    );
    const many = { ...definition, filterFields: Array.from({ length: 9 }, (_, i) => `f${i}`) };
    expect(() => compileSearch(source("x", Object.fromEntries(many.filterFields.map((f) => [f, 1]))), many)).toThrow(
      "Search query against messages.by_body has too many filter conditions. Max: 8 Actual: 9",
    );
    const words = Array.from({ length: 20 }, (_, i) => `w${i}`).join(" ");
    expect(compileSearch(source(words), definition), "16 terms at most, the 16th the prefix").toMatchObject({ prefix: "w15" });
  });
});

describe("search queries over a database", () => {
  const documents: Record<string, ReturnType<typeof doc>> = {};
  for (let n = 0; n < 1100; n++) {
    const d = doc(100 + n, `carta numero ${n}`, n % 2 ? "dispari" : "pari");
    documents[d._id] = d;
  }
  const written = new Map<string, ReturnType<typeof doc> | null>();
  const db: SearchableDb = { component: "", definitions: () => [definition], committed: () => documents, isSnapshot: () => false, written: () => written };
  const indexes = new SearchIndexes();
  const all = () => true;

  it("takes as many as asked, and refuses to scan past 1024 results", () => {
    expect(resolveSearch(indexes, db, source("carta"), all, 10)).toHaveLength(10);
    expect(() => resolveSearch(indexes, db, source("carta"), all, null)).toThrow(/^Search query scanned too many documents \(fetched 1024\)/);
    expect(resolveSearch(indexes, db, source("carta", { channel: "pari" }), all, null)).toHaveLength(550);
  });

  it("sees the transaction's own writes", () => {
    const mine = doc(5000, "carta scritta ora", "mia");
    written.set(mine._id, mine);
    written.set("100messages", null);
    expect(resolveSearch(indexes, db, source("scritt"), all, null).map((d) => d._id)).toEqual([mine._id]);
    expect(resolveSearch(indexes, db, source("carta", { channel: "pari" }), all, null).map((d) => d._id)).not.toContain("100messages");
    written.clear();
  });

  it("pages through the relevance order: a full page is not known to be the last", () => {
    const first = paginateSearch(indexes, db, source("carta", { channel: "dispari" }), all, { cursor: null, pageSize: 500 });
    expect(first.page).toHaveLength(500);
    expect(first.isDone).toBe(false);
    const second = paginateSearch(indexes, db, source("carta", { channel: "dispari" }), all, { cursor: first.continueCursor, pageSize: 500 });
    expect(second.page).toHaveLength(50);
    expect(second.isDone).toBe(true);
    expect(new Set([...first.page, ...second.page].map((d) => d._id)).size).toBe(550);
    const pinned = paginateSearch(indexes, db, source("carta", { channel: "dispari" }), all, { cursor: null, endCursor: first.continueCursor, pageSize: 1 });
    expect(pinned.page.map((d) => d._id)).toEqual(first.page.map((d) => d._id));
  });

  it("keeps a built index in step with commits, and builds it again after a reset", () => {
    const added = doc(9000, "nuova carta dei tarocchi", "pari");
    documents[added._id] = added;
    indexes.apply([{ component: "", id: added._id, new: added }]);
    expect(resolveSearch(indexes, db, source("tarocchi"), all, null).map((d) => d._id)).toEqual([added._id]);
    delete documents[added._id];
    indexes.apply([{ component: "", id: added._id, new: null }]);
    expect(resolveSearch(indexes, db, source("tarocchi"), all, null)).toEqual([]);
    documents[added._id] = added;
    indexes.reset();
    expect(resolveSearch(indexes, db, source("tarocchi"), all, null).map((d) => d._id)).toEqual([added._id]);
  });
});
