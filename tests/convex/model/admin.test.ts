// The admin area's search rules and list limits (convex/model/admin.ts).
import { describe, expect, it } from "vitest";
import { ADMIN_LIMITS, matchesPerson, normaliseSearch } from "../../../convex/model/admin";

describe("the admin's search", () => {
  it("is trimmed and lower-cased; blank is no search", () => {
    expect(normaliseSearch("  Giulia VERDI ")).toBe("giulia verdi");
    expect(normaliseSearch("   ")).toBeNull();
    expect(normaliseSearch("")).toBeNull();
    expect(normaliseSearch(undefined)).toBeNull();
  });

  it("keeps the spaces inside and lower-cases Italian accented letters", () => {
    expect(normaliseSearch("Nicolò  D'ANGELO")).toBe("nicolò  d'angelo");
    expect(normaliseSearch("ÈLENA")).toBe("èlena");
  });

  it("finds a person by any part of the name or of the email, whatever the case", () => {
    const person = { name: "Giulia Verdi", email: "G.Verdi@Esempio.it" };
    expect(matchesPerson(person, "verdi")).toBe(true);
    expect(matchesPerson(person, "g.verdi@")).toBe(true);
    expect(matchesPerson(person, "rossi")).toBe(false);
    expect(matchesPerson({}, "verdi")).toBe(false);
  });

  it("the name alone or the email alone is enough", () => {
    expect(matchesPerson({ name: "Giulia Verdi" }, "giulia")).toBe(true);
    expect(matchesPerson({ email: "giulia@esempio.it" }, "esempio.it")).toBe(true);
    expect(matchesPerson({ name: "Giulia Verdi", email: "g@esempio.it" }, "esempio")).toBe(true);
    expect(matchesPerson({ name: "Giulia Verdi", email: "g@esempio.it" }, "giulia verdi")).toBe(true);
    expect(matchesPerson({ name: "Giulia Verdi", email: "g@esempio.it" }, "verdi giulia")).toBe(false);
  });

  it("matches a search as typed once it has been normalised, accents included", () => {
    const person = { name: "Nicolò Bianchi", email: "NICOLO@ESEMPIO.IT" };
    expect(matchesPerson(person, normaliseSearch("  NICOLÒ ")!)).toBe(true);
    expect(matchesPerson(person, normaliseSearch("Nicolo@")!)).toBe(true);
  });
});

describe("the admin's lists", () => {
  it("show the newest 50 accounts and the 10 most recent bookings (spec, business constants)", () => {
    expect(ADMIN_LIMITS.users).toBe(50);
    expect(ADMIN_LIMITS.recentBookings).toBe(10);
  });

  it("a name search looks through more accounts than one page shows", () => {
    expect(ADMIN_LIMITS.userSearchScan).toBeGreaterThan(ADMIN_LIMITS.users);
  });
});
