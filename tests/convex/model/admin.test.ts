// The admin area's search rules and list limits (convex/model/admin.ts).
import { describe, expect, it } from "vitest";
import { ADMIN_LIMITS, listedKeyFor, normaliseSearch, searchKeysOf, waitsForReview } from "../../../convex/model/admin";

describe("the admin's search", () => {
  it("is trimmed, lower-cased and its accents folded; blank is no search", () => {
    expect(normaliseSearch("  Giulia VERDI ")).toBe("giulia verdi");
    expect(normaliseSearch("   ")).toBeNull();
    expect(normaliseSearch("")).toBeNull();
    expect(normaliseSearch(undefined)).toBeNull();
    expect(normaliseSearch("Nicolò  D'ANGELO")).toBe("nicolo d'angelo");
    expect(normaliseSearch("ÈLENA")).toBe("elena");
  });

  it("finds a person by the email, the name, and the name from each later word on", () => {
    expect(searchKeysOf({ name: "Maria Grazia De Luca", email: "M.DeLuca@Esempio.it" })).toEqual([
      "de luca",
      "grazia de luca",
      "luca",
      "m.deluca@esempio.it",
      "maria grazia de luca",
    ]);
    expect(searchKeysOf({ name: "Nicolò D'Angelo-Rossi" })).toEqual(["angelo-rossi", "d'angelo-rossi", "nicolo d'angelo-rossi", "rossi"]);
    expect(searchKeysOf({})).toEqual([]);
    expect(searchKeysOf({ name: "  Ève  " })).toEqual(["eve"]);
  });

  it("lists each person under one key only: the first of theirs the search starts", () => {
    const person = { name: "Mario Marini", email: "mario@esempio.it" };
    expect(listedKeyFor(person, "mar")).toBe("marini");
    expect(listedKeyFor(person, "mario")).toBe("mario marini");
    expect(listedKeyFor(person, "mario@")).toBe("mario@esempio.it");
    expect(listedKeyFor(person, "rossi")).toBeNull();
    expect(listedKeyFor({ name: "Nicolò Bianchi" }, normaliseSearch("  NICOLÒ ")!)).toBe("nicolo bianchi");
  });
});

describe("the review queue", () => {
  it("holds new profiles pending review and approved ones with changes waiting", () => {
    expect(waitsForReview({ profileStatus: "pending" })).toBe(true);
    expect(waitsForReview({ profileStatus: "approved", changesSubmittedAt: 1 })).toBe(true);
    expect(waitsForReview({ profileStatus: "approved" })).toBe(false);
    expect(waitsForReview({ profileStatus: "rejected" })).toBe(false);
  });
});

describe("the admin's lists", () => {
  it("come a page at a time, at most 100 rows; the review queue is bounded", () => {
    expect(ADMIN_LIMITS.pageSize).toBe(100);
    expect(ADMIN_LIMITS.reviewQueue).toBe(100);
    expect(ADMIN_LIMITS.recentBookings).toBe(10);
  });
});
