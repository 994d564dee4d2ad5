// The public catalogue's rules (convex/model/psychics.ts): prices per duration, the card's starting
// price, the search, and who is listed.
import { describe, expect, it } from "vitest";
import {
  durationPriceCents,
  hourlyRateCentsOf,
  isListed,
  matchesSearch,
  nextReviewVersion,
  pricesCentsOf,
  startingPrice,
  suspensionOf,
} from "../../../convex/model/psychics";

const profile = {
  pricesCents: { "30": 3500, "60": 6000 } as Record<string, number>,
  hourlyRateCents: 8000,
  availableDurations: [30, 60] as Array<15 | 30 | 45 | 60>,
};

describe("prices", () => {
  it("the psychic's own price for a duration, else the hourly rate pro rata", () => {
    expect(durationPriceCents(profile, 30)).toBe(3500);
    expect(durationPriceCents(profile, 15)).toBe(2000);
    expect(durationPriceCents(profile, 45)).toBe(6000);
  });

  it("the psychic's own price wins even where the hourly rate would say otherwise", () => {
    expect(durationPriceCents(profile, 60)).toBe(6000);
    expect(durationPriceCents({ pricesCents: { "60": 10000 }, hourlyRateCents: 5000 }, 60)).toBe(10000);
  });

  it("a pro-rata price is rounded to whole euros, a half euro up", () => {
    expect(durationPriceCents({ pricesCents: {}, hourlyRateCents: 5000 }, 15)).toBe(1300);
    expect(durationPriceCents({ pricesCents: {}, hourlyRateCents: 5000 }, 45)).toBe(3800);
    expect(durationPriceCents({ pricesCents: {}, hourlyRateCents: 5000 }, 30)).toBe(2500);
    expect(durationPriceCents({ pricesCents: {}, hourlyRateCents: 5500 }, 30)).toBe(2800);
    expect(Number.isInteger(durationPriceCents({ pricesCents: {}, hourlyRateCents: 3700 }, 45))).toBe(true);
  });

  it("a profile stored before rates were cents reads its whole euros as cents, and prices the same", () => {
    expect(hourlyRateCentsOf({ hourlyRateCents: 5500 })).toBe(5500);
    expect(hourlyRateCentsOf({ hourlyRateEuros: 55 })).toBe(5500);
    expect(hourlyRateCentsOf({ hourlyRateEuros: 0.1 })).toBe(10);
    expect(durationPriceCents({ pricesCents: {}, hourlyRateEuros: 55 }, 30)).toBe(durationPriceCents({ pricesCents: {}, hourlyRateCents: 5500 }, 30));
    expect(startingPrice({ pricesCents: {}, hourlyRateEuros: 50, availableDurations: [15] })).toEqual({ minPriceCents: 1300, minDurationMinutes: 15 });
  });

  it("a profile stored before prices were cents reads its whole euros as cents, and prices the same", () => {
    expect(pricesCentsOf({ pricesCents: { "30": 3500 } })).toEqual({ "30": 3500 });
    expect(pricesCentsOf({ pricing: { "30": 35, "60": 60 } })).toEqual({ "30": 3500, "60": 6000 });
    expect(pricesCentsOf({})).toEqual({});
    const inEuros = { pricing: { "30": 35, "60": 60 }, hourlyRateCents: 8000, availableDurations: [30, 60] as Array<15 | 30 | 45 | 60> };
    for (const minutes of [15, 30, 45, 60]) expect(durationPriceCents(inEuros, minutes)).toBe(durationPriceCents(profile, minutes));
    expect(startingPrice(inEuros)).toEqual(startingPrice(profile));
  });

  it("a card starts from the lowest price and the shortest duration offered; nothing offered reads as 30 minutes", () => {
    expect(startingPrice(profile)).toEqual({ minPriceCents: 3500, minDurationMinutes: 30 });
    expect(startingPrice({ ...profile, availableDurations: [] })).toEqual({ minPriceCents: 3500, minDurationMinutes: 30 });
  });

  it("the lowest price and the shortest duration are found separately", () => {
    const odd = { pricesCents: { "15": 4000, "30": 3500 }, hourlyRateCents: 8000, availableDurations: [15, 30] as Array<15 | 30 | 45 | 60> };
    expect(startingPrice(odd)).toEqual({ minPriceCents: 3500, minDurationMinutes: 15 });
  });

  it("a price kept for a duration the psychic does not offer is not the card's starting price", () => {
    const kept = { pricesCents: { "15": 1000, "60": 9000 }, hourlyRateCents: 8000, availableDurations: [60] as Array<15 | 30 | 45 | 60> };
    expect(startingPrice(kept)).toEqual({ minPriceCents: 9000, minDurationMinutes: 60 });
  });

  it("nothing offered and no 30-minute price falls back to half the hourly rate", () => {
    expect(startingPrice({ pricesCents: {}, hourlyRateCents: 5000, availableDurations: [] })).toEqual({ minPriceCents: 2500, minDurationMinutes: 30 });
  });
});

describe("the search", () => {
  const card = {
    psychicName: "Selene Moretti",
    specialties: ["Tarocchi", "Cartomanzia"],
    specializations: ["Amore e Relazioni", "Carriera e Lavoro"],
    bio: "Tarocchi di Marsiglia.",
  };

  it("finds a word in the name, a technique or a topic, whatever the case, never in the bio; blank finds all", () => {
    expect(matchesSearch(card, "selene")).toBe(true);
    expect(matchesSearch(card, " CARTOMANZIA ")).toBe(true);
    expect(matchesSearch(card, "lavoro")).toBe(true);
    expect(matchesSearch(card, "marsiglia")).toBe(false);
    expect(matchesSearch(card, "astrologia")).toBe(false);
    expect(matchesSearch(card, "  ")).toBe(true);
  });

  it("'amore' finds a psychic who lists 'Amore e Relazioni' and nothing else about love", () => {
    expect(matchesSearch(card, "amore")).toBe(true);
    expect(matchesSearch(card, "relazioni")).toBe(true);
    expect(matchesSearch({ ...card, specializations: ["Futuro e Destino"] }, "amore")).toBe(false);
  });

  it("finds the beginning of a word, and accented letters without their accent", () => {
    expect(matchesSearch(card, "moret")).toBe(true);
    expect(matchesSearch(card, "oretti")).toBe(false);
    expect(matchesSearch({ ...card, psychicName: "Niccolò" }, "NICCOLO")).toBe(true);
    expect(matchesSearch({ ...card, psychicName: "Niccolo" }, "niccolò")).toBe(true);
  });

  it("every word typed must be found, in any order and any field", () => {
    expect(matchesSearch(card, "selene moretti")).toBe(true);
    expect(matchesSearch(card, "moretti selene")).toBe(true);
    expect(matchesSearch(card, "amore tarocchi")).toBe(true);
    expect(matchesSearch(card, "amore astrologia")).toBe(false);
  });

  it("the technique and the topic filters are exact", () => {
    expect(matchesSearch(card, "", { specialty: "Tarocchi" })).toBe(true);
    expect(matchesSearch(card, "", { specialty: "tarocchi" })).toBe(false);
    expect(matchesSearch(card, "", { specialty: "Taro" })).toBe(false);
    expect(matchesSearch(card, "", { specialization: "Amore e Relazioni" })).toBe(true);
    expect(matchesSearch(card, "", { specialization: "Amore" })).toBe(false);
    expect(matchesSearch(card, "", { specialization: "Futuro e Destino" })).toBe(false);
    expect(matchesSearch(card, "", { specialty: null, specialization: null })).toBe(true);
  });

  it("the filters and the words must all hold", () => {
    expect(matchesSearch(card, "selene", { specialty: "Tarocchi", specialization: "Carriera e Lavoro" })).toBe(true);
    expect(matchesSearch(card, "selene", { specialty: "Rune" })).toBe(false);
    expect(matchesSearch(card, "astrologia", { specialization: "Amore e Relazioni" })).toBe(false);
  });
});

describe("who is listed", () => {
  it("only a profile both public and approved", () => {
    expect(isListed({ isPubliclyVisible: true, profileStatus: "approved" })).toBe(true);
    expect(isListed({ isPubliclyVisible: false, profileStatus: "approved" })).toBe(false);
    expect(isListed({ isPubliclyVisible: true, profileStatus: "pending" })).toBe(false);
  });

  it("a public profile that is a draft or was rejected is not listed either", () => {
    for (const profileStatus of ["draft", "pending", "rejected"]) {
      expect(isListed({ isPubliclyVisible: true, profileStatus })).toBe(false);
      expect(isListed({ isPubliclyVisible: false, profileStatus })).toBe(false);
    }
  });

  it("a suspended profile is not listed, however public and approved; from the moment of suspension (0 included)", () => {
    expect(isListed({ isPubliclyVisible: true, profileStatus: "approved", suspendedAt: 1_700_000_000_000 })).toBe(false);
    expect(isListed({ isPubliclyVisible: true, profileStatus: "approved", suspendedAt: 0 })).toBe(false);
  });
});

describe("an admin's suspension as it is read", () => {
  it("none without a suspension; otherwise the note and since when", () => {
    expect(suspensionOf({})).toBeNull();
    expect(suspensionOf({ suspendedAt: 5, suspensionNote: "Verifica in corso." })).toEqual({ note: "Verifica in corso.", suspendedAt: 5 });
  });
});

describe("the review version", () => {
  const approved = { psychicName: "Luna", bio: "Tarocchi.", photoStorageId: "foto1", reviewVersion: 4 };

  it("stays when nothing a review covers changed", () => {
    expect(nextReviewVersion(approved, { ...approved })).toBe(4);
  });

  it("rises by one when the name, the bio or the photo changes, also the photo's removal", () => {
    expect(nextReviewVersion(approved, { ...approved, psychicName: "Luna Nuova" })).toBe(5);
    expect(nextReviewVersion(approved, { ...approved, bio: "Tarocchi e rune." })).toBe(5);
    expect(nextReviewVersion(approved, { ...approved, photoStorageId: "foto2" })).toBe(5);
    expect(nextReviewVersion(approved, { ...approved, photoStorageId: undefined })).toBe(5);
  });

  it("rises when changes start waiting, change while they wait, or stop waiting", () => {
    const waiting = { ...approved, pendingChanges: { psychicName: "Luna", bio: "Nuova." } };
    expect(nextReviewVersion(approved, waiting)).toBe(5);
    expect(nextReviewVersion(waiting, { ...waiting, pendingChanges: { psychicName: "Luna", bio: "Altra." } })).toBe(5);
    expect(nextReviewVersion(waiting, { ...waiting, pendingChanges: { psychicName: "Luna", bio: "Nuova.", photoStorageId: "f" } })).toBe(5);
    expect(nextReviewVersion(waiting, { ...waiting, pendingChanges: undefined })).toBe(5);
    expect(nextReviewVersion(waiting, { ...waiting, pendingChanges: { psychicName: "Luna", bio: "Nuova." } })).toBe(4);
  });

  it("a profile that never had a version is at 0", () => {
    expect(nextReviewVersion({ psychicName: "Luna", bio: "" }, { psychicName: "Luna", bio: "" })).toBe(0);
    expect(nextReviewVersion({ psychicName: "Luna", bio: "" }, { psychicName: "Luna", bio: "Ciao." })).toBe(1);
  });
});
