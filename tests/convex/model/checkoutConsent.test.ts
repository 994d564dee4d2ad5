// What the booking keeps of the consent at checkout.
import { describe, expect, it } from "vitest";
import { CANCELLATION_TERMS_VERSION, CHECKOUT_CONSENT_TEXT, checkoutConsentAt } from "../../../convex/model/checkoutConsent";
import { refundTermsText } from "../../../convex/model/refundTerms";

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

  it("records this booking's own refund terms at that instant, as the booking page states them", () => {
    // Sunday 29 November 2026, 15:00 in Rome, 45,00 €: booked 23 hours ahead, then 3 days ahead.
    const startsAt = Date.UTC(2026, 10, 29, 14, 0);
    const booking = { startsAt, priceCents: 4500 };
    const late = startsAt - 23 * 3_600_000;
    expect(checkoutConsentAt(late, booking)).toEqual({
      statement: "date_and_cancellation_terms",
      termsVersion: CANCELLATION_TERMS_VERSION,
      acceptedAt: late,
      refundTerms: refundTermsText(booking, late),
    });
    expect(checkoutConsentAt(late, booking).refundTerms?.replace(/\s/g, " ")).toBe(
      "Inizia tra meno di 24 ore: annullando entro dom 29 nov, 13:00 ricevi il 50% (22,50 €). Dopo, o in caso di assenza, nessun rimborso.",
    );
    expect(checkoutConsentAt(startsAt - 72 * 3_600_000, booking).refundTerms).toMatch(/^Rimborso completo \(45,00\s€\) se annulli entro sab 28 nov, 15:00\./);
  });
});
