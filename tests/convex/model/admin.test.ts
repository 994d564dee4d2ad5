// The admin area's search rules (convex/model/admin.ts).
import { describe, expect, it } from "vitest";
import { matchesPerson, normaliseSearch } from "../../../convex/model/admin";

describe("the admin's search", () => {
  it("is trimmed and lower-cased; blank is no search", () => {
    expect(normaliseSearch("  Giulia VERDI ")).toBe("giulia verdi");
    expect(normaliseSearch("   ")).toBeNull();
    expect(normaliseSearch(undefined)).toBeNull();
  });

  it("finds a person by any part of the name or of the email, whatever the case", () => {
    const person = { name: "Giulia Verdi", email: "G.Verdi@Esempio.it" };
    expect(matchesPerson(person, "verdi")).toBe(true);
    expect(matchesPerson(person, "g.verdi@")).toBe(true);
    expect(matchesPerson(person, "rossi")).toBe(false);
    expect(matchesPerson({}, "verdi")).toBe(false);
  });
});
