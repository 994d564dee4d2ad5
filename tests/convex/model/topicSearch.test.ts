// The catalogue's search by topic (convex/model/topicSearch.ts): the words people type name the topics.
import { describe, expect, it } from "vitest";
import { specializations } from "../../../convex/framework/validators";
import { matchCard, meaningfulWords, nearestTopics, TOPIC_SYNONYMS, topicsNamedBy } from "../../../convex/model/topicSearch";

const card = {
  psychicName: "Selene Moretti",
  specialties: ["Tarocchi", "Cartomanzia"],
  specializations: ["Amore e Relazioni", "Denaro e Finanze"],
};

describe("words people type name topics", () => {
  it("'soldi' names Denaro e Finanze, 'lavoro' Carriera e Lavoro, 'amore', 'coppia' and 'ex' the love topic", () => {
    expect(topicsNamedBy("soldi")).toEqual(["Denaro e Finanze"]);
    expect(topicsNamedBy("lavoro")).toEqual(["Carriera e Lavoro"]);
    for (const word of ["amore", "coppia", "ex", "fidanzato"]) expect(topicsNamedBy(word)).toEqual(["Amore e Relazioni"]);
  });

  it("case and accents are folded, and a word may be cut short", () => {
    expect(topicsNamedBy("SOLDI")).toEqual(["Denaro e Finanze"]);
    expect(topicsNamedBy("eredita")).toEqual(["Denaro e Finanze"]);
    expect(topicsNamedBy("Spiritualità")).toEqual(["Crescita Spirituale"]);
    expect(topicsNamedBy("papa")).toEqual(["Famiglia e Figli"]);
    expect(topicsNamedBy("lavor")).toEqual(["Carriera e Lavoro"]);
  });

  it("fillers say nothing: 'il mio ex' is 'ex', 'problemi di soldi' needs 'problemi' too", () => {
    expect(meaningfulWords("Il mio EX")).toEqual(["ex"]);
    expect(topicsNamedBy("il mio ex")).toEqual(["Amore e Relazioni"]);
    expect(topicsNamedBy("  ")).toEqual([]);
  });

  it("every topic of the product has its synonyms, and its own name's words name it", () => {
    expect(Object.keys(TOPIC_SYNONYMS).sort()).toEqual([...specializations].sort());
    for (const topic of specializations) expect(topicsNamedBy(topic)).toContain(topic);
  });
});

describe("a card found by a search", () => {
  it("says which of its topics the words named", () => {
    expect(matchCard(card, "soldi")).toEqual({ matches: true, matchedTopic: "Denaro e Finanze" });
    expect(matchCard(card, "Coppia")).toEqual({ matches: true, matchedTopic: "Amore e Relazioni" });
  });

  it("the name and the techniques still match, naming no topic", () => {
    expect(matchCard(card, "selene")).toEqual({ matches: true, matchedTopic: null });
    expect(matchCard(card, "tarocchi")).toEqual({ matches: true, matchedTopic: null });
    expect(matchCard(card, "soldi tarocchi")).toEqual({ matches: true, matchedTopic: "Denaro e Finanze" });
  });

  it("a topic the psychic does not cover, or any other word, finds nothing; blank finds all", () => {
    expect(matchCard(card, "lavoro").matches).toBe(false);
    expect(matchCard(card, "soldi astrologia").matches).toBe(false);
    expect(matchCard(card, "zzz").matches).toBe(false);
    expect(matchCard(card, "")).toEqual({ matches: true, matchedTopic: null });
  });
});

describe("an empty result suggests the nearest topics", () => {
  const offered = [...specializations];

  it("the topics the words name come first", () => {
    expect(nearestTopics("soldi", offered)).toEqual(["Denaro e Finanze"]);
  });

  it("a slip of a letter or a longer form still finds the topic", () => {
    expect(nearestTopics("sodli", offered)).toEqual(["Denaro e Finanze"]);
    expect(nearestTopics("finanziamento", offered)).toEqual(["Denaro e Finanze"]);
    expect(nearestTopics("lavoor", offered)).toEqual(["Carriera e Lavoro"]);
  });

  it("only topics some listed psychic covers, and the first offered when nothing is near", () => {
    expect(nearestTopics("soldi", ["Amore e Relazioni", "Futuro e Destino"])).toEqual(["Amore e Relazioni", "Futuro e Destino"]);
    expect(nearestTopics("zzz", offered)).toEqual(offered.slice(0, 3));
  });
});
