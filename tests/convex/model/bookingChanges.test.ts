// The rules after the booking as plain functions: refund windows at their edges, moving a booking,
// the psychic's outcome, reminders, reviews and the monthly figures in Rome time.
import { describe, expect, it } from "vitest";
import { romeMonthOf, romeToUtcMs } from "../../../convex/framework/time";
import {
  cancellationRefusal,
  checkNickname,
  clientCancellationRefund,
  clientRefundWindow,
  lastMonths,
  MAX_RESCHEDULES,
  monthView,
  outcomeRefusal,
  refundCentsFor,
  reminderTimes,
  rescheduleDeadline,
  rescheduleRefusal,
  reviewDisplayName,
  reviewerName,
  validComment,
  validRating,
} from "../../../convex/model/bookingChanges";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const START = Date.UTC(2026, 10, 25, 9, 0);

describe("the client's refund window", () => {
  it("is full at exactly 24 hours before the start and earlier", () => {
    expect(clientRefundWindow(START, START - 24 * HOUR)).toBe("full");
    expect(clientRefundWindow(START, START - 30 * 24 * HOUR)).toBe("full");
  });

  it("is half from one millisecond under 24 hours down to exactly 2 hours", () => {
    expect(clientRefundWindow(START, START - 24 * HOUR + 1)).toBe("half");
    expect(clientRefundWindow(START, START - 2 * HOUR)).toBe("half");
  });

  it("is none under 2 hours", () => {
    expect(clientRefundWindow(START, START - 2 * HOUR + 1)).toBe("none");
    expect(clientRefundWindow(START, START - 1)).toBe("none");
  });

  it("gives back in whole cents: all, half (an odd cent in the client's favour), nothing", () => {
    expect(clientCancellationRefund({ startsAt: START, priceCents: 5000 }, START - 24 * HOUR)).toEqual({ window: "full", refundCents: 5000 });
    expect(clientCancellationRefund({ startsAt: START, priceCents: 5000 }, START - 2 * HOUR)).toEqual({ window: "half", refundCents: 2500 });
    expect(clientCancellationRefund({ startsAt: START, priceCents: 3501 }, START - 3 * HOUR)).toEqual({ window: "half", refundCents: 1751 });
    expect(clientCancellationRefund({ startsAt: START, priceCents: 5000 }, START - HOUR)).toEqual({ window: "none", refundCents: 0 });
  });

  it("is never negative nor more than was paid", () => {
    for (const window of ["full", "half", "none"] as const) {
      for (const paid of [0, 1, 2, 999, 5000, 20_000]) {
        const refund = refundCentsFor(window, paid);
        expect(Number.isInteger(refund)).toBe(true);
        expect(refund).toBeGreaterThanOrEqual(0);
        expect(refund).toBeLessThanOrEqual(paid);
      }
      expect(refundCentsFor(window, -100)).toBe(0);
    }
  });

  it("a booking can be cancelled only while confirmed and before its start", () => {
    const booking = { status: "confirmed" as const, startsAt: START };
    expect(cancellationRefusal(booking, START - 1)).toBeNull();
    expect(cancellationRefusal(booking, START)).toBe("CANCELLATION_NOT_ALLOWED");
    expect(cancellationRefusal({ ...booking, status: "cancelled" }, START - HOUR)).toBe("INVALID_STATE");
    expect(cancellationRefusal({ ...booking, status: "completed" }, START - HOUR)).toBe("INVALID_STATE");
  });
});

describe("moving a booking", () => {
  const booking = { status: "confirmed" as const, startsAt: START, rescheduleCount: 0 };

  it("is allowed up to exactly 24 hours before the current start, and not a millisecond later", () => {
    expect(rescheduleRefusal(booking, START - 48 * HOUR)).toBeNull();
    expect(rescheduleRefusal(booking, START - 24 * HOUR)).toBeNull();
    expect(rescheduleRefusal(booking, START - 24 * HOUR + 1)).toBe("RESCHEDULE_TOO_LATE");
    expect(rescheduleDeadline(booking)).toBe(START - 24 * HOUR);
  });

  it("at most twice per booking", () => {
    expect(rescheduleRefusal({ ...booking, rescheduleCount: MAX_RESCHEDULES - 1 }, START - 48 * HOUR)).toBeNull();
    expect(rescheduleRefusal({ ...booking, rescheduleCount: MAX_RESCHEDULES }, START - 48 * HOUR)).toBe("RESCHEDULE_LIMIT_REACHED");
    expect(rescheduleDeadline({ ...booking, rescheduleCount: MAX_RESCHEDULES })).toBeNull();
  });

  it("only a confirmed booking", () => {
    for (const status of ["pending_payment", "cancelled", "completed", "expired", "no_show"] as const) {
      expect(rescheduleRefusal({ ...booking, status }, START - 48 * HOUR)).toBe("INVALID_STATE");
      expect(rescheduleDeadline({ ...booking, status })).toBeNull();
    }
  });
});

describe("the psychic's outcome and the reminders", () => {
  const held = { status: "confirmed" as const, endsAt: START + 30 * MINUTE };

  it("the psychic records an outcome only after the end, and never a no-show of a reviewed consultation", () => {
    expect(outcomeRefusal(held, "completed", START, false)).toBe("CONSULTATION_NOT_ENDED");
    expect(outcomeRefusal(held, "no_show", START - HOUR, false)).toBe("CONSULTATION_NOT_ENDED");
    expect(outcomeRefusal(held, "no_show", held.endsAt, false)).toBeNull();
    expect(outcomeRefusal({ ...held, status: "completed" }, "no_show", held.endsAt, false)).toBeNull();
    expect(outcomeRefusal({ ...held, status: "completed" }, "no_show", held.endsAt, true)).toBe("INVALID_STATE");
    expect(outcomeRefusal({ ...held, status: "cancelled" }, "completed", held.endsAt + HOUR, false)).toBe("INVALID_STATE");
  });

  it("the client attended (in the call during the paid window): 'Cliente assente' is refused, held is not", () => {
    const attended = { ...held, status: "completed" as const, clientJoinedAt: START + MINUTE };
    expect(outcomeRefusal(attended, "no_show", held.endsAt, false)).toBe("CLIENT_ATTENDED");
    expect(outcomeRefusal({ ...attended, status: "confirmed" }, "no_show", held.endsAt, false)).toBe("CLIENT_ATTENDED");
    expect(outcomeRefusal({ ...attended, status: "no_show" }, "completed", held.endsAt, false)).toBeNull();
    // Before the end the answer is still "not yet".
    expect(outcomeRefusal(attended, "no_show", START, false)).toBe("CONSULTATION_NOT_ENDED");
  });

  it("reminders are due 24 hours and 15 minutes before; one already due is skipped", () => {
    expect(reminderTimes(START, START - 3 * 24 * HOUR)).toEqual([
      { kind: "24h", at: START - 24 * HOUR },
      { kind: "15m", at: START - 15 * MINUTE },
    ]);
    expect(reminderTimes(START, START - 24 * HOUR)).toEqual([{ kind: "15m", at: START - 15 * MINUTE }]);
    expect(reminderTimes(START, START - 10 * MINUTE)).toEqual([]);
  });
});

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

describe("the monthly figures", () => {
  it("put a consultation in the Rome month of its start, across the month's edge", () => {
    // 31 January 23:30 and 1 February 00:30 in Rome are both 31 January in UTC.
    expect(romeMonthOf(romeToUtcMs("2026-01-31", "23:30"))).toBe("2026-01");
    expect(romeMonthOf(romeToUtcMs("2026-02-01", "00:30"))).toBe("2026-02");
    expect(new Date(romeToUtcMs("2026-02-01", "00:30")).toISOString().slice(0, 10)).toBe("2026-01-31");
    // Summer time: 1 July 01:00 in Rome is 30 June 23:00 UTC.
    expect(romeMonthOf(Date.UTC(2026, 5, 30, 23, 0))).toBe("2026-07");
  });

  it("show the last six months oldest first, across the year", () => {
    expect(lastMonths(romeToUtcMs("2026-03-01", "00:10"), 6)).toEqual(["2025-10", "2025-11", "2025-12", "2026-01", "2026-02", "2026-03"]);
    expect(lastMonths(Date.UTC(2026, 1, 28, 23, 30), 2)).toEqual(["2026-02", "2026-03"]);
  });

  it("read as hours and averages", () => {
    const month = { totalConsultations: 2, totalMinutes: 75, totalRevenueCents: 4250 + 2833, ratingCount: 2, ratingSum: 7 };
    expect(monthView("2026-01", month)).toEqual({
      month: "2026-01",
      heldConsultations: 2,
      minutes: 75,
      hours: 1.3,
      earningsCents: 7083,
      averageRating: 3.5,
      ratingCount: 2,
    });
    expect(monthView("2026-02", null)).toMatchObject({ heldConsultations: 0, hours: 0, earningsCents: 0, averageRating: null });
  });
});
