// The catalogue's rows (convex/model/catalogueEntries.ts): which rows a profile has, what their keys say, which
// facet a question reads, and how a search is put to the search index and then checked exactly.
import { describe, expect, it } from "vitest";
import { weekFrom } from "../../../convex/demo/data";
import {
  catalogueEntriesOf,
  catalogueInputsChanged,
  compareEntries,
  entryMatches,
  entryMatchesSearch,
  EVERY_PSYCHIC,
  facetFor,
  NO_FREE_TIME,
  searchIndexQueries,
  searchTextOf,
  techniqueFacet,
  topicFacet,
  typeFacet,
} from "../../../convex/model/catalogueEntries";

const selene = {
  psychicName: "Sélene Moretti",
  specialties: ["Tarocchi" as const, "Astrologia" as const],
  specializations: ["Denaro e Finanze" as const],
  availableDurations: [15 as const, 30 as const],
  pricesCents: { "15": 2000, "30": 3500 },
  chatPricesCents: { "15": 1500, "30": 2500 },
  consultationTypes: ["voice" as const, "chat" as const],
  hourlyRateCents: 6000,
  isAvailable: true,
  rating: 4.5,
  reviewCount: 12,
  isPubliclyVisible: true,
  profileStatus: "approved",
  availability: weekFrom({ monday: ["09:00"] }),
};
const free = { freeAt: 1_800_000_000_000, recheckAt: 1_799_999_000_000 };

describe("a profile's rows", () => {
  it("one for every psychic, each topic, technique and type, the type's row priced as that type", () => {
    const rows = catalogueEntriesOf(selene, free);
    expect(rows.map((row) => row.facet)).toEqual([EVERY_PSYCHIC, topicFacet("Denaro e Finanze"), techniqueFacet("Tarocchi"), techniqueFacet("Astrologia"), typeFacet("voice"), typeFacet("chat")]);
    // 20 € for 15 minutes: 133 cents a minute by voice; 15 € for 15 by chat: 100; every type's lowest: 100.
    expect(rows.map((row) => row.centsPerMinute)).toEqual([100, 100, 100, 100, 133, 100]);
    // Only the row of every psychic is searched.
    expect(rows.map((row) => row.searchText !== "")).toEqual([true, false, false, false, false, false]);
    expect(rows[0]).toMatchObject({ closed: false, ratingKey: -4.5, reviewsKey: -12, nameKey: "selene moretti", freeAt: free.freeAt, typeCentsPerMinute: { voice: 133, chat: 100 } });
  });

  it("none for a profile the public cannot see; no rating sorts after every rating; no free time after every time", () => {
    expect(catalogueEntriesOf({ ...selene, isPubliclyVisible: false }, free)).toEqual([]);
    expect(catalogueEntriesOf({ ...selene, suspendedAt: 1 }, free)).toEqual([]);
    expect(catalogueEntriesOf({ ...selene, profileStatus: "pending" }, free)).toEqual([]);
    const [row] = catalogueEntriesOf({ ...selene, rating: undefined, reviewCount: 0, isAvailable: false }, { freeAt: null, recheckAt: 0 });
    expect(row).toMatchObject({ ratingKey: 1, closed: true, freeAt: NO_FREE_TIME });
  });

  it("are written again only when what they are derived from changed", () => {
    expect(catalogueInputsChanged(selene, { ...selene, adminNotes: "ok" } as never)).toBe(false);
    expect(catalogueInputsChanged(selene, { ...selene, rating: 4.6 })).toBe(true);
    expect(catalogueInputsChanged(selene, { ...selene, availability: weekFrom({ tuesday: ["09:00"] }) })).toBe(true);
    expect(catalogueInputsChanged(null, selene)).toBe(true);
    expect(catalogueInputsChanged(null, null)).toBe(false);
  });
});

describe("the facet a question reads", () => {
  it("the topic first, then the technique, then the type; the type's own when its price is ordered or capped", () => {
    expect(facetFor({}, false)).toBe(EVERY_PSYCHIC);
    expect(facetFor({ specialty: "Tarocchi", specialization: "Amore e Relazioni", consultationType: "chat" }, false)).toBe(topicFacet("Amore e Relazioni"));
    expect(facetFor({ specialty: "Tarocchi", consultationType: "chat" }, false)).toBe(techniqueFacet("Tarocchi"));
    expect(facetFor({ specialization: "Amore e Relazioni", consultationType: "chat" }, true)).toBe(typeFacet("chat"));
    expect(facetFor({ specialization: "Amore e Relazioni", consultationType: "chat", maxCentsPerMinute: 100 }, false)).toBe(typeFacet("chat"));
  });

  it("the other filters are checked on the row, a price cap on the type's price when a type is chosen", () => {
    const [row] = catalogueEntriesOf(selene, free);
    expect(entryMatches(row!, { specialty: "Astrologia", specialization: "Denaro e Finanze" })).toBe(true);
    expect(entryMatches(row!, { specialty: "Numerologia" })).toBe(false);
    expect(entryMatches(row!, { maxCentsPerMinute: 100 })).toBe(true);
    expect(entryMatches(row!, { consultationType: "voice", maxCentsPerMinute: 100 })).toBe(false);
    expect(entryMatches(row!, { consultationType: "voice", maxCentsPerMinute: 133 })).toBe(true);
  });
});

describe("search", () => {
  it("the search text holds every beginning of the name's and techniques' words and a word per topic", () => {
    const text = searchTextOf(selene);
    const tokens = new Set(text.split(" "));
    for (const beginning of ["s", "sel", "selene", "mor", "moretti", "taro", "astrologia"]) expect(tokens.has(beginning), beginning).toBe(true);
    expect(tokens.has("ambito4")).toBe(true);
    expect(tokens.has("bio")).toBe(false);
  });

  it("asks the index word by word, numbers and then the longest first, each with the topics it names; a blank search asks nothing", () => {
    expect(searchIndexQueries("  ")).toEqual([]);
    expect(searchIndexQueries("il mio ex")).toEqual(["ambito0 ex"]);
    expect(searchIndexQueries("luna soldi")).toEqual(["ambito4 soldi", "luna"]);
    expect(searchIndexQueries("Sélene")).toEqual(["selene"]);
    expect(searchIndexQueries("a bb ccc dddd eeeee")).toHaveLength(4);
    expect(searchIndexQueries("Lyra Serena 299")).toEqual(["299", "serena", "lyra"]);
  });

  it("then checks every word on the row, naming the topic a word named", () => {
    const [row] = catalogueEntriesOf(selene, free);
    expect(entryMatchesSearch(row!, "sele soldi")).toEqual({ matches: true, matchedTopic: "Denaro e Finanze" });
    expect(entryMatchesSearch(row!, "taro")).toEqual({ matches: true, matchedTopic: null });
    expect(entryMatchesSearch(row!, "selene amore")).toEqual({ matches: false, matchedTopic: null });
  });
});

describe("rows ordered in memory", () => {
  it("as each order's index reads them", () => {
    const base = catalogueEntriesOf(selene, free)[0]!;
    const a = { ...base, nameKey: "a", ratingKey: -5, centsPerMinute: 200, freeAt: 3 };
    const b = { ...base, nameKey: "b", ratingKey: -4, centsPerMinute: 100, freeAt: 2 };
    const closed = { ...base, nameKey: "c", ratingKey: -5, centsPerMinute: 50, freeAt: 1, closed: true };
    const names = (order: "rating" | "price" | "soonest") => [closed, b, a].sort(compareEntries(order)).map((row) => row.nameKey);
    expect(names("rating")).toEqual(["a", "b", "c"]);
    expect(names("price")).toEqual(["b", "a", "c"]);
    expect(names("soonest")).toEqual(["c", "b", "a"]);
  });
});
