import { describe, expect, it } from "vitest";
import { foldForSearch, matchesEveryWord, searchWords } from "../../../convex/model/textSearch";

describe("how searches read words", () => {
  it("folds case and accents away", () => {
    expect(foldForSearch("Città PIÙ Perché")).toBe("citta piu perche");
  });

  it("splits on spaces, apostrophes and punctuation", () => {
    expect(searchWords("Più di vent'anni: Amore e Relazioni!")).toEqual(["piu", "di", "vent", "anni", "amore", "e", "relazioni"]);
    expect(searchWords("  ")).toEqual([]);
  });

  it("a word typed matches the beginning of a word, in any of the texts", () => {
    expect(matchesEveryWord(["Amore e Relazioni"], "amore")).toBe(true);
    expect(matchesEveryWord(["Amore e Relazioni"], "AMOR")).toBe(true);
    expect(matchesEveryWord(["Amore e Relazioni"], "more")).toBe(false);
    expect(matchesEveryWord(["Selene", "Tarocchi di Marsiglia"], "marsi")).toBe(true);
  });

  it("every word typed must match, in any order; nothing typed matches everything", () => {
    expect(matchesEveryWord(["Carriera e Lavoro"], "lavoro carriera")).toBe(true);
    expect(matchesEveryWord(["Carriera e Lavoro"], "lavoro amore")).toBe(false);
    expect(matchesEveryWord(["Carriera e Lavoro"], "")).toBe(true);
    expect(matchesEveryWord([], "?!")).toBe(true);
  });

  it("accents typed or not find the same words", () => {
    expect(matchesEveryWord(["Città eterna"], "citta")).toBe(true);
    expect(matchesEveryWord(["Citta eterna"], "città")).toBe(true);
  });
});
