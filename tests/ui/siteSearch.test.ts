import { describe, expect, it } from "vitest";
import { matchCard } from "@convex/model/topicSearch";
import { filterSiteSearch, siteSearchItems, siteSearchResults, type SiteSearchCatalogue } from "@/app/layout/siteSearch";

describe("the site search filter", () => {
  it("shows every page for an empty or blank query", () => {
    expect(filterSiteSearch("")).toHaveLength(10);
    expect(filterSiteSearch("   ")).toEqual(siteSearchItems);
  });

  it("matches the title case-insensitively", () => {
    expect(filterSiteSearch("PRIVACY").map((item) => item.path)).toEqual(["/privacy"]);
  });

  it("matches the description too", () => {
    expect(filterSiteSearch("recensioni").map((item) => item.path)).toEqual(["/psychics"]);
  });

  it("matches the beginning of a word, not its middle", () => {
    expect(filterSiteSearch("carto").map((item) => item.path)).toEqual(["/psychics", "/register?type=psychic"]);
    expect(filterSiteSearch("omanti")).toEqual([]);
  });

  it("ignores accents and needs every word typed", () => {
    expect(filterSiteSearch("utilita").map((item) => item.path)).toEqual([]);
    expect(filterSiteSearch("guida piattaforma").map((item) => item.path)).toEqual(["/how-it-works"]);
    expect(filterSiteSearch("guida privacy")).toEqual([]);
  });

  it("returns nothing when no page matches", () => {
    expect(filterSiteSearch("xyzzy")).toEqual([]);
  });

  it("lists the spec's ten entries with their paths", () => {
    expect(siteSearchItems.map((item) => item.path)).toEqual([
      "/about",
      "/privacy",
      "/terms",
      "/how-it-works",
      "/faq",
      "/contact",
      "/psychics",
      "/register?type=psychic",
      "/login",
      "/register",
    ]);
  });
});

const psychic = (id: string, psychicName: string, specializations: string[], specialties: string[] = ["Tarocchi"]) => ({
  id,
  psychicName,
  photoUrl: null,
  specialties,
  specializations,
});
type Card = ReturnType<typeof psychic> & { consultationTypes?: ("voice" | "chat")[] };

const listed: Card[] = [
  psychic("s", "Selene", ["Amore e Relazioni", "Decisioni Importanti"], ["Tarocchi", "Cartomanzia"]),
  psychic("o", "Orione", ["Carriera e Lavoro"], ["Astrologia"]),
  psychic("a", "Aurora", ["Amore e Relazioni"]),
  psychic("d", "Dante", ["Crescita Spirituale", "Amore e Relazioni"]),
];
const facets = {
  specialties: ["Astrologia", "Cartomanzia", "Tarocchi"],
  specializations: ["Amore e Relazioni", "Carriera e Lavoro", "Decisioni Importanti", "Crescita Spirituale"],
  psychicsByTopic: { "Amore e Relazioni": 3, "Carriera e Lavoro": 1, "Decisioni Importanti": 1, "Crescita Spirituale": 1 },
  psychicsByTechnique: { Astrologia: 1, Cartomanzia: 1, Tarocchi: 3 },
};

/** The catalogue as the header reads it for `query`: what the catalogue finds for it (as catalogue:listPage does, by matchCard). */
function catalogueFor(query: string, cards: Card[] = listed, shown = 6): SiteSearchCatalogue {
  const found = cards.flatMap((card) => {
    const { matches, matchedTopic } = matchCard(card, query);
    return matches ? [{ ...card, matchedTopic }] : [];
  });
  return { ...facets, found: { psychics: found.slice(0, shown), whole: found.length <= shown } };
}

const summary = (query: string, given: SiteSearchCatalogue | null = catalogueFor(query)) =>
  siteSearchResults(query, given ?? undefined).map((group) => [group.label, group.results.map((result) => `${result.title} → ${result.path}`)]);

describe("the header search's psychics and topics", () => {
  it("'amore' finds the psychics who list 'Amore e Relazioni' and the topic, opening the filtered list", () => {
    expect(summary("amore")).toEqual([
      ["Cartomanti", ["Selene → /psychics/s", "Aurora → /psychics/a", "Dante → /psychics/d"]],
      ["Ambiti di consulto", ["Amore e Relazioni → /psychics?topic=Amore+e+Relazioni"]],
    ]);
  });

  it("describes a psychic by the topic the words named, else by topics then techniques, and a topic by how many psychics offer it", () => {
    const [psychics, topics] = siteSearchResults("amore", catalogueFor("amore"));
    expect(psychics.results[0]).toMatchObject({ kind: "psychic", description: "Per: Amore e Relazioni · Voce" });
    expect(topics.results[0]).toMatchObject({ kind: "topic", description: "3 cartomanti" });
    const [byName] = siteSearchResults("selene", catalogueFor("selene"));
    expect(byName.results[0]).toMatchObject({ description: "Amore e Relazioni · Decisioni Importanti · Tarocchi · Cartomanzia · Voce" });
    // What each psychic offers closes the line.
    const withChat = listed.map((card) => ({ ...card, consultationTypes: ["voice", "chat"] as ("voice" | "chat")[] }));
    expect(siteSearchResults("selene", catalogueFor("selene", withChat))[0].results[0].description).toMatch(/ · Voce e chat$/);
  });

  it("finds topics by the words people type, as the list does ('lavoro', 'il mio ex'), never by a bio word", () => {
    expect(summary("lavoro")).toEqual([
      ["Cartomanti", ["Orione → /psychics/o"]],
      ["Ambiti di consulto", ["Carriera e Lavoro → /psychics?topic=Carriera+e+Lavoro"]],
    ]);
    expect(summary("il mio ex")[1]).toEqual(["Ambiti di consulto", ["Amore e Relazioni → /psychics?topic=Amore+e+Relazioni"]]);
    expect(summary("serene")).toEqual([]);
  });

  it("finds psychics by name and techniques as filters of the list, with how many offer each technique", () => {
    expect(summary("astro")).toEqual([
      ["Cartomanti", ["Orione → /psychics/o"]],
      ["Tecniche", ["Astrologia → /psychics?specialty=Astrologia"]],
    ]);
    expect(siteSearchResults("taro", catalogueFor("taro"))[1]!.results[0]).toMatchObject({ kind: "technique", description: "3 cartomanti" });
    expect(summary("SELENE")).toEqual([["Cartomanti", ["Selene → /psychics/s"]]]);
  });

  it("with nothing typed offers the topics and the pages, no psychics", () => {
    const groups = siteSearchResults("", { ...facets });
    expect(groups.map((group) => group.label)).toEqual(["Ambiti di consulto", "Pagine"]);
    expect(groups[0].results.map((result) => result.title)).toEqual(facets.specializations);
    expect(groups[1].results).toHaveLength(10);
  });

  it("answers with the pages alone while the catalogue loads, and the topics while the psychics for the words do", () => {
    expect(summary("privacy", null)).toEqual([["Pagine", ["Privacy → /privacy"]]]);
    expect(summary("amore", null)).toEqual([]);
    expect(summary("amore", { ...facets })).toEqual([["Ambiti di consulto", ["Amore e Relazioni → /psychics?topic=Amore+e+Relazioni"]]]);
  });

  it("lists five psychics and then offers the whole list for the words typed, counted when the catalogue has said all", () => {
    const many = Array.from({ length: 7 }, (_, index) => psychic(`r${index}`, `Lettrice ${index}`, ["Amore e Relazioni"]));
    const [psychics] = siteSearchResults(" amore ", catalogueFor("amore", many, 7));
    expect(psychics.results).toHaveLength(6);
    expect(psychics.results[5]).toMatchObject({ kind: "more", title: "Vedi tutti i 7 cartomanti", path: "/psychics?q=amore" });
    const [firstOnly] = siteSearchResults(" amore ", catalogueFor("amore", many, 6));
    expect(firstOnly.results[5]).toMatchObject({ kind: "more", title: "Vedi tutti i cartomanti trovati", path: "/psychics?q=amore" });
  });
});
