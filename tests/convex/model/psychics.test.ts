// The public catalogue's rules (convex/model/psychics.ts): prices per duration, the card's starting
// price, the search, and who is listed.
import { describe, expect, it } from "vitest";
import { isListed, matchesSearch, priceFor, startingPrice } from "../../../convex/model/psychics";

const profile = {
  pricing: { "30": 35, "60": 60 } as Record<string, number>,
  hourlyRateEuros: 80,
  availableDurations: [30, 60] as Array<15 | 30 | 45 | 60>,
};

describe("prices", () => {
  it("the psychic's own price for a duration, else the hourly rate pro rata", () => {
    expect(priceFor(profile, 30)).toBe(35);
    expect(priceFor(profile, 15)).toBe(20);
    expect(priceFor(profile, 45)).toBe(60);
  });

  it("a card starts from the lowest price and the shortest duration offered; nothing offered reads as 30 minutes", () => {
    expect(startingPrice(profile)).toEqual({ minPriceEuros: 35, minDurationMinutes: 30 });
    expect(startingPrice({ ...profile, availableDurations: [] })).toEqual({ minPriceEuros: 35, minDurationMinutes: 30 });
  });
});

describe("the search", () => {
  const card = { psychicName: "Selene Moretti", specialties: ["Amore", "Lavoro"], bio: "Tarocchi di Marsiglia." };

  it("finds a word in the name, a specialty or the bio, whatever the case; blank finds all", () => {
    expect(matchesSearch(card, "selene", null)).toBe(true);
    expect(matchesSearch(card, " LAVORO ", null)).toBe(true);
    expect(matchesSearch(card, "marsiglia", null)).toBe(true);
    expect(matchesSearch(card, "astrologia", null)).toBe(false);
    expect(matchesSearch(card, "  ", null)).toBe(true);
  });

  it("the specialty filter is exact", () => {
    expect(matchesSearch(card, "", "Amore")).toBe(true);
    expect(matchesSearch(card, "", "amore")).toBe(false);
    expect(matchesSearch(card, "selene", "Salute")).toBe(false);
  });
});

describe("who is listed", () => {
  it("only a profile both public and approved", () => {
    expect(isListed({ isPubliclyVisible: true, profileStatus: "approved" })).toBe(true);
    expect(isListed({ isPubliclyVisible: false, profileStatus: "approved" })).toBe(false);
    expect(isListed({ isPubliclyVisible: true, profileStatus: "pending" })).toBe(false);
  });
});
