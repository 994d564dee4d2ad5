// What the booking keeps of the consent at checkout.
import { describe, expect, it } from "vitest";
import { CANCELLATION_TERMS_VERSION, CHECKOUT_CONSENT_TEXT, checkoutConsentAt } from "../../../convex/model/checkoutConsent";

describe("consent at checkout", () => {
  it("records the statement, the terms' version and the instant", () => {
    expect(checkoutConsentAt(1_790_000_000_000)).toEqual({
      statement: "date_and_cancellation_terms",
      termsVersion: CANCELLATION_TERMS_VERSION,
      acceptedAt: 1_790_000_000_000,
    });
    expect(CANCELLATION_TERMS_VERSION).toMatch(/^\d{4}-\d{2}$/);
    expect(CHECKOUT_CONSENT_TEXT).toContain("art. 59 del Codice del Consumo");
  });
});
