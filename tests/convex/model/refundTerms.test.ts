import { describe, expect, test } from "vitest";
import { clientCancellationRefund } from "../../../convex/model/cancellationRefunds";
import { formatDeadline, refundTermsLines, refundTermsOf } from "../../../convex/model/refundTerms";

const HOUR = 3_600_000;
// Monday 30 November 2026, 14:00 in Rome (13:00 UTC).
const startsAt = Date.UTC(2026, 10, 30, 13, 0);

describe("one booking's refund terms", () => {
  test("state this booking's deadlines as Rome dates and times, with the amounts", () => {
    expect(refundTermsLines({ startsAt, priceCents: 4500 }, startsAt - 48 * HOUR)).toEqual([
      "Rimborso completo (45,00\u00a0€) se annulli entro dom 29 nov, 14:00.",
      "Rimborso del 50% (22,50\u00a0€) se annulli entro lun 30 nov, 12:00.",
      "Dopo, o in caso di assenza, nessun rimborso.",
    ]);
  });

  test("a booking made less than 24 hours ahead says so and promises only the half refund", () => {
    expect(refundTermsLines({ startsAt, priceCents: 4500 }, startsAt - 23 * HOUR)).toEqual([
      "Inizia tra meno di 24 ore: annullando entro lun 30 nov, 12:00 ricevi il 50% (22,50\u00a0€).",
      "Dopo, o in caso di assenza, nessun rimborso.",
    ]);
    expect(refundTermsLines({ startsAt, priceCents: 4500 }, startsAt - HOUR)).toEqual([
      "Inizia tra meno di 2 ore: annullando non ricevi alcun rimborso.",
    ]);
  });

  test("promise exactly what a cancellation refunds, at every minute up to the start", () => {
    for (let notice = 30 * HOUR; notice > 0; notice -= 15 * 60_000) {
      for (const priceCents of [1500, 4500, 4501]) {
        const now = startsAt - notice;
        const terms = refundTermsOf({ startsAt, priceCents }, now);
        const actual = clientCancellationRefund({ startsAt, priceCents }, now);
        const promised = now <= terms.fullUntil ? terms.fullCents : now <= terms.halfUntil ? terms.halfCents : 0;
        expect(promised).toBe(actual.refundCents);
        expect(terms.window).toBe(actual.window);
      }
    }
  });

  test("deadlines follow Rome's clock across the change to winter time", () => {
    // Sunday 25 October 2026, 10:00 in Rome (UTC+1 after 03:00): 24 h earlier is Saturday 10:00 summer time.
    expect(formatDeadline(Date.UTC(2026, 9, 24, 8, 0))).toBe("sab 24 ott, 10:00");
  });
});
