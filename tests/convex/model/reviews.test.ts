// A review's stars and comment, and the name it shows.
import { describe, expect, it } from "vitest";
import { checkNickname, reviewDisplayName, reviewerName, validComment, validRating } from "../../../convex/model/reviews";

describe("reviews", () => {
  it("whole stars 1–5 and 10–1 000 characters after trimming", () => {
    expect([0, 1, 3, 5, 6, 4.5, Number.NaN].map(validRating)).toEqual([null, 1, 3, 5, null, null, null]);
    expect(validComment("  troppo  ")).toBeNull();
    expect(validComment("  Molto utile!  ")).toBe("Molto utile!");
    expect(validComment("x".repeat(1000))).toHaveLength(1000);
    expect(validComment("x".repeat(1001))).toBeNull();
  });

  it("are signed with the first name and the initial", () => {
    expect(reviewerName("Maria Rossi")).toBe("Maria R.");
    expect(reviewerName("  maria grazia de luca ")).toBe("maria L.");
    expect(reviewerName("Giulia")).toBe("Giulia");
    expect(reviewerName(undefined)).toBe("Cliente");
  });
});

describe("the name a review shows", () => {
  it("is the first name and initial by default, or a nickname of 2–30 characters, trimmed", () => {
    expect(reviewDisplayName("Maria Rossi", undefined)).toBe("Maria R.");
    expect(reviewDisplayName("Maria Rossi", "  Stella   del mattino ")).toBe("Stella del mattino");
    expect(reviewDisplayName("Maria Rossi", "Al")).toBe("Al");
    expect(checkNickname(" a ")).toEqual({ ok: false, problem: "length" });
    expect(checkNickname("x".repeat(31))).toEqual({ ok: false, problem: "length" });
    expect(checkNickname("x".repeat(30))).toEqual({ ok: true, nickname: "x".repeat(30) });
  });

  it("never carries an email, a phone number or a link", () => {
    for (const nickname of ["maria@posta.it", "Maria 333 123 4567", "+39 3331234567", "www.maria.it", "https://x", "maria.com", "vieni su maria.it"]) {
      expect(checkNickname(nickname), nickname).toEqual({ ok: false, problem: "contact" });
      expect(reviewDisplayName("Maria Rossi", nickname)).toBeNull();
    }
    // Short numbers and dots in ordinary names stay.
    expect(checkNickname("Maria 75")).toEqual({ ok: true, nickname: "Maria 75" });
    expect(checkNickname("M. Rossi")).toEqual({ ok: true, nickname: "M. Rossi" });
  });
});
