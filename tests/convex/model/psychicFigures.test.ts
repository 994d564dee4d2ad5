// The psychic figures' rules (model/psychicFigures.ts): what a booking adds, the on-time edge, the 90-day
// window on Rome days, the 'Nuovo' threshold and the list's order.
import { describe, expect, it } from "vitest";
import {
  cancellationWindowStart,
  compareForList,
  joinedOnTime,
  MIN_GIVEN_FOR_FIGURES,
  psychicFigureContributions,
  psychicFiguresOf,
} from "../../../convex/model/psychicFigures";

const MINUTE = 60_000;
const START = Date.parse("2026-11-20T17:00:00Z");
const base = { psychicProfileId: "p1", startsAt: START };

describe("on time", () => {
  it("is joining at most five minutes after the start", () => {
    expect(joinedOnTime({ startsAt: START, psychicJoinedAt: START })).toBe(true);
    expect(joinedOnTime({ startsAt: START, psychicJoinedAt: START + 5 * MINUTE })).toBe(true);
    expect(joinedOnTime({ startsAt: START, psychicJoinedAt: START + 5 * MINUTE + 1 })).toBe(false);
    expect(joinedOnTime({ startsAt: START })).toBe(false);
  });
});

describe("what one booking adds", () => {
  it("a consultation given is due and held, on time or not; a client's absence too", () => {
    expect(psychicFigureContributions({ ...base, status: "completed", psychicJoinedAt: START })).toEqual([
      { store: "psychicFigures", psychicProfileId: "p1", add: { dueConsultations: 1, consultationsGiven: 1, onTimeConsultations: 1 } },
    ]);
    expect(psychicFigureContributions({ ...base, status: "no_show", psychicJoinedAt: START + 6 * MINUTE })).toEqual([
      { store: "psychicFigures", psychicProfileId: "p1", add: { dueConsultations: 1, consultationsGiven: 1, onTimeConsultations: 0 } },
    ]);
  });

  it("the psychic's absence is due and not held; the psychic's cancellation counts on its Rome day", () => {
    expect(psychicFigureContributions({ ...base, status: "cancelled", cancelReason: "psychic_no_show", cancelledAt: START })).toEqual([
      { store: "psychicFigures", psychicProfileId: "p1", add: { dueConsultations: 1 } },
    ]);
    // 23:30 UTC on 20 November is 00:30 on the 21st in Rome.
    const lateNight = Date.parse("2026-11-20T23:30:00Z");
    expect(psychicFigureContributions({ ...base, status: "cancelled", cancelReason: "psychic_cancelled", cancelledAt: lateNight })).toEqual([
      { store: "psychicCancellationDays", psychicProfileId: "p1", day: "2026-11-21", add: { cancellations: 1 } },
    ]);
  });

  it("a client's cancellation, a late payment, a hold, a confirmed booking add nothing", () => {
    for (const booking of [
      { ...base, status: "cancelled" as const, cancelReason: "client_cancelled", cancelledAt: START },
      { ...base, status: "cancelled" as const, cancelReason: "late_payment", cancelledAt: START },
      { ...base, status: "cancelled" as const, cancelReason: "psychic_account_deleted", cancelledAt: START },
      { ...base, status: "pending_payment" as const },
      { ...base, status: "expired" as const },
      { ...base, status: "confirmed" as const, psychicJoinedAt: START },
    ]) {
      expect(psychicFigureContributions(booking)).toEqual([]);
    }
    expect(psychicFigureContributions(null)).toEqual([]);
  });
});

describe("the 90-day window", () => {
  it("is today and the 89 Rome days before it", () => {
    expect(cancellationWindowStart(Date.parse("2026-11-20T12:00:00Z"))).toBe("2026-08-23");
    // Just after midnight in Rome it is already the next day.
    expect(cancellationWindowStart(Date.parse("2026-11-20T23:30:00Z"))).toBe("2026-08-24");
    // Across the change of time in October and a year's end.
    expect(cancellationWindowStart(Date.parse("2027-01-15T10:00:00Z"))).toBe("2026-10-18");
  });
});

describe("what the profile shows", () => {
  it("'Nuovo' below the minimum of consultations given: no percentage", () => {
    const held = MIN_GIVEN_FOR_FIGURES - 1;
    expect(psychicFiguresOf({ dueConsultations: held, consultationsGiven: held, onTimeConsultations: held }, 2)).toEqual({
      consultationsGiven: held,
      onTimePercent: null,
      psychicCancellations90Days: 2,
      isNew: true,
    });
    expect(psychicFiguresOf(null, 0)).toEqual({ consultationsGiven: 0, onTimePercent: null, psychicCancellations90Days: 0, isNew: true });
  });

  it("from the minimum, the whole percent of consultations due joined on time", () => {
    expect(psychicFiguresOf({ dueConsultations: 6, consultationsGiven: 5, onTimeConsultations: 5 }, 0)).toEqual({
      consultationsGiven: 5,
      onTimePercent: 83,
      psychicCancellations90Days: 0,
      isNew: false,
    });
    expect(psychicFiguresOf({ dueConsultations: 8, consultationsGiven: 8, onTimeConsultations: 7 }, 0).onTimePercent).toBe(88);
  });
});

describe("the list's order", () => {
  it("taking consultations, then rating (none last), then reviews, then name", () => {
    const psychics = [
      { psychicName: "Zeta", isAvailable: false, rating: 5, reviewCount: 50 },
      { psychicName: "Nuova", isAvailable: true, reviewCount: 0 },
      { psychicName: "Beta", isAvailable: true, rating: 4.5, reviewCount: 3 },
      { psychicName: "Alfa", isAvailable: true, rating: 4.5, reviewCount: 3 },
      { psychicName: "Molte", isAvailable: true, rating: 4.5, reviewCount: 30 },
      { psychicName: "Alta", isAvailable: true, rating: 4.9, reviewCount: 1 },
    ];
    expect([...psychics].sort(compareForList).map((psychic) => psychic.psychicName)).toEqual(["Alta", "Molte", "Alfa", "Beta", "Nuova", "Zeta"]);
  });
});
