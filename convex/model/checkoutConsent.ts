// Consent at checkout (docs/product-rules.md, "Consent at checkout"). A consultation is a service booked
// for a specific date, so the 14-day right of withdrawal does not apply (Codice del Consumo, art. 59,
// comma 1, lettera n): before paying, the client asks for the service on that date and acknowledges the
// cancellation terms. The server refuses a checkout without it and keeps what was accepted on the booking.

import { refundTermsText } from "./refundTerms";

/** The version of the cancellation terms (TermsPage, section 6): raise it whenever they change. */
export const CANCELLATION_TERMS_VERSION = "2026-11";

/** The statement ticked on the booking page, word for word. */
export const CHECKOUT_CONSENT_TEXT =
  "Chiedo che il consulto si svolga nella data e all'ora scelte e dichiaro di aver letto le condizioni di cancellazione e rimborso: trattandosi di un servizio prenotato per una data precisa, non si applica il diritto di recesso di 14 giorni (art. 59 del Codice del Consumo).";

type CheckoutConsent = {
  statement: "date_and_cancellation_terms";
  termsVersion: string;
  acceptedAt: number;
  /** This booking's own refund terms at that instant, word for word as the booking page showed them. */
  refundTerms?: string;
};

/** What the booking keeps of the tick given at `now` for this start and price (model/refundTerms.ts). */
export function checkoutConsentAt(now: number, booking?: { startsAt: number; priceCents: number }): CheckoutConsent {
  const consent: CheckoutConsent = { statement: "date_and_cancellation_terms", termsVersion: CANCELLATION_TERMS_VERSION, acceptedAt: now };
  return booking === undefined ? consent : { ...consent, refundTerms: refundTermsText(booking, now) };
}
