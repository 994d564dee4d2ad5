// A profile's readable address as a plain function (convex/model/profileSlug.ts).
import { describe, expect, it } from "vitest";
import { FALLBACK_SLUG, isSlugShaped, MAX_SLUG_LENGTH, slugCandidate, slugOf } from "../../../convex/model/profileSlug";

describe("the slug of a display name", () => {
  it("is the name in lowercase with its words joined by hyphens", () => {
    expect(slugOf("Selene")).toBe("selene");
    expect(slugOf("  Maestro   Dante ")).toBe("maestro-dante");
    expect(slugOf("Luna Rossi 2")).toBe("luna-rossi-2");
  });

  it("folds accents and letters without a plain form", () => {
    expect(slugOf("Séléné")).toBe("selene");
    expect(slugOf("Niccolò Àlvarez")).toBe("niccolo-alvarez");
    expect(slugOf("Ærøskøbing Straße")).toBe("aeroskobing-strasse");
    expect(slugOf("Zoë Łukasz")).toBe("zoe-lukasz");
  });

  it("treats apostrophes, punctuation and symbols as separators", () => {
    expect(slugOf("D'Amico")).toBe("d-amico");
    expect(slugOf("Madame ✨ Aurora — Tarocchi!")).toBe("madame-aurora-tarocchi");
    expect(slugOf("--Vega--")).toBe("vega");
  });

  it("is the fallback for a name with no letter or digit", () => {
    expect(slugOf("✨✨")).toBe(FALLBACK_SLUG);
    expect(slugOf("")).toBe(FALLBACK_SLUG);
  });

  it("is cut at the limit on a word boundary, or inside one word longer than it", () => {
    const long = slugOf(`${"parola ".repeat(20)}fine`);
    expect(long.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(long.endsWith("parola")).toBe(true);
    expect(slugOf("a".repeat(100))).toBe("a".repeat(MAX_SLUG_LENGTH));
  });
});

describe("the candidates on a collision", () => {
  it("are the slug, then the slug with -2, -3…", () => {
    expect(slugCandidate("selene", 1)).toBe("selene");
    expect(slugCandidate("selene", 2)).toBe("selene-2");
    expect(slugCandidate("selene", 11)).toBe("selene-11");
  });

  it("stay within the limit, with no double hyphen", () => {
    expect(slugOf(`${"a".repeat(58)} bb`)).toBe("a".repeat(58));
    const long = slugCandidate(`${"a".repeat(58)}-b`, 2);
    expect(long.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(long).toBe(`${"a".repeat(58)}-2`);
  });
});

describe("what may be looked up as a slug", () => {
  it("is a slug's shape within the limit, nothing else", () => {
    expect(isSlugShaped("selene-2")).toBe(true);
    expect(isSlugShaped("Selene")).toBe(false);
    expect(isSlugShaped("selene--2")).toBe(false);
    expect(isSlugShaped("-selene")).toBe(false);
    expect(isSlugShaped("a".repeat(MAX_SLUG_LENGTH + 1))).toBe(false);
    expect(isSlugShaped("")).toBe(false);
  });
});
