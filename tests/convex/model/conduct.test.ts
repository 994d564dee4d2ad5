import { describe, expect, it } from "vitest";
import { acceptsCurrentConduct, CONDUCT_RULES, CONDUCT_VERSION } from "../../../convex/model/conduct";

describe("the code of conduct", () => {
  it("only an acceptance of the current version counts", () => {
    expect(acceptsCurrentConduct({ version: CONDUCT_VERSION })).toBe(true);
    expect(acceptsCurrentConduct({ version: CONDUCT_VERSION - 1 })).toBe(false);
    expect(acceptsCurrentConduct(undefined)).toBe(false);
    expect(acceptsCurrentConduct(null)).toBe(false);
  });

  it("names rituals, medical/legal/financial advice, minors, contacts off the platform and respect", () => {
    const text = CONDUCT_RULES.map((rule) => `${rule.title} ${rule.text}`).join(" ");
    for (const word of ["rituali", "malocchio", "medici", "legali", "finanziari", "minori", "recapiti", "rispetto"]) {
      expect(text.toLowerCase()).toContain(word);
    }
  });
});
