// How much time one client or a group of accounts may take (convex/model/bookingLimits.ts): paid consultations
// count with holds, a psychic's date takes a few holds at once, repeated full refunds pause new bookings.
import { describe, expect, it } from "vitest";
import {
  BOOKING_PAUSE_MS,
  bookingPausedUntil,
  FULL_REFUNDS_WINDOW_MS,
  isFullRefundCancellation,
  isUpcoming,
  MAX_HOLDS_PER_PSYCHIC_DAY,
  MAX_UPCOMING,
  MAX_UPCOMING_PER_PSYCHIC_DAY,
  MAX_UPCOMING_PER_PSYCHIC_WEEK,
  psychicDayHoldsFull,
  romeWeekOf,
  whyNoNewBooking,
} from "../../../convex/model/bookingLimits";

const NOW = Date.UTC(2026, 10, 25, 9, 0);
const DAY = 24 * 60 * 60 * 1000;
const booked = (psychicProfileId: string, scheduledDate: string) => ({ psychicProfileId, scheduledDate });

describe("the limits a real client never meets", () => {
  it("are the published ones: 2 a day and 4 a week with one psychic, 6 in all, 3 holds at once on a psychic's date", () => {
    expect([MAX_UPCOMING_PER_PSYCHIC_DAY, MAX_UPCOMING_PER_PSYCHIC_WEEK, MAX_UPCOMING, MAX_HOLDS_PER_PSYCHIC_DAY]).toEqual([2, 4, 6, 3]);
  });
});

describe("weeks start on Monday, in Rome dates", () => {
  it("every day of a week names its Monday, across a month's and a year's end", () => {
    expect(romeWeekOf("2026-11-30")).toBe("2026-11-30");
    expect(romeWeekOf("2026-12-06")).toBe("2026-11-30");
    expect(romeWeekOf("2026-12-07")).toBe("2026-12-07");
    expect(romeWeekOf("2027-01-01")).toBe("2026-12-28");
  });
});

describe("what counts as upcoming: paid and not over, or a live hold", () => {
  it("a paid consultation until its end; a hold while it lives; nothing else", () => {
    expect(isUpcoming({ status: "confirmed", endsAt: NOW + 1 }, NOW)).toBe(true);
    expect(isUpcoming({ status: "confirmed", endsAt: NOW }, NOW)).toBe(false);
    expect(isUpcoming({ status: "pending_payment", holdExpiresAt: NOW + 1, endsAt: NOW + DAY }, NOW)).toBe(true);
    expect(isUpcoming({ status: "pending_payment", holdExpiresAt: NOW, endsAt: NOW + DAY }, NOW)).toBe(false);
    for (const status of ["cancelled", "expired", "completed", "no_show"] as const) {
      expect(isUpcoming({ status, endsAt: NOW + DAY }, NOW)).toBe(false);
    }
  });
});

describe("paid bookings count toward the limits", () => {
  it("one client pays at most 2 consultations with one psychic on one date; another date or psychic is another question", () => {
    const two = [booked("p1", "2026-11-30"), booked("p1", "2026-11-30")];
    expect(whyNoNewBooking(two, { psychicProfileId: "p1", date: "2026-11-30" })).toBe("SAME_PSYCHIC_DAY_LIMIT");
    expect(whyNoNewBooking(two, { psychicProfileId: "p1", date: "2026-12-01" })).toBeNull();
    expect(whyNoNewBooking(two, { psychicProfileId: "p2", date: "2026-11-30" })).toBeNull();
  });

  it("at most 4 with one psychic in one week, Monday to Sunday", () => {
    const four = ["2026-11-30", "2026-12-01", "2026-12-02", "2026-12-06"].map((date) => booked("p1", date));
    expect(whyNoNewBooking(four, { psychicProfileId: "p1", date: "2026-12-03" })).toBe("SAME_PSYCHIC_WEEK_LIMIT");
    expect(whyNoNewBooking(four, { psychicProfileId: "p1", date: "2026-12-07" })).toBeNull();
  });

  it("at most 6 upcoming in all, whichever psychics", () => {
    const six = ["p1", "p2", "p3", "p4", "p5", "p6"].map((id) => booked(id, "2026-11-30"));
    expect(whyNoNewBooking(six, { psychicProfileId: "p7", date: "2026-12-10" })).toBe("UPCOMING_LIMIT");
    expect(whyNoNewBooking(six.slice(1), { psychicProfileId: "p7", date: "2026-12-10" })).toBeNull();
  });

  it("the widest refusal first: a full week is said before a full day", () => {
    const full = ["2026-11-30", "2026-11-30", "2026-12-01", "2026-12-01"].map((date) => booked("p1", date));
    expect(whyNoNewBooking(full, { psychicProfileId: "p1", date: "2026-11-30" })).toBe("SAME_PSYCHIC_WEEK_LIMIT");
  });

  it("a move adds no consultation: only the psychic's day and week of the new date count", () => {
    const six = ["p1", "p2", "p3", "p4", "p5", "p1"].map((id, i) => booked(id, `2026-12-0${i + 1}`));
    expect(whyNoNewBooking(six, { psychicProfileId: "p9", date: "2026-12-10" }, { moving: true })).toBeNull();
    const two = [booked("p1", "2026-11-30"), booked("p1", "2026-11-30")];
    expect(whyNoNewBooking(two, { psychicProfileId: "p1", date: "2026-11-30" }, { moving: true })).toBe("SAME_PSYCHIC_DAY_LIMIT");
  });
});

describe("a psychic's date takes at most 3 holds at once", () => {
  it("so a group of accounts cannot freeze a whole day", () => {
    expect(psychicDayHoldsFull(2)).toBe(false);
    expect(psychicDayHoldsFull(3)).toBe(true);
  });
});

describe("repeated full-refund cancellations pause new bookings, never a refund", () => {
  const cancelled = (at: number, refundCents = 5000, cancelReason: "client_cancelled" | "psychic_cancelled" = "client_cancelled") => ({
    status: "cancelled" as const,
    cancelReason,
    cancelledAt: at,
    refundCents,
    priceCents: 5000,
  });

  it("only the client's own cancellations refunded in full count", () => {
    expect(isFullRefundCancellation(cancelled(NOW))).toBe(true);
    expect(isFullRefundCancellation(cancelled(NOW, 2500))).toBe(false);
    expect(isFullRefundCancellation(cancelled(NOW, 5000, "psychic_cancelled"))).toBe(false);
    expect(isFullRefundCancellation({ status: "confirmed", priceCents: 5000 })).toBe(false);
  });

  it("the third within 30 days pauses new bookings for 7 days after it; two do not", () => {
    expect(bookingPausedUntil([NOW - 3 * DAY, NOW - DAY], NOW)).toBeNull();
    expect(bookingPausedUntil([NOW - 3 * DAY, NOW - 2 * DAY, NOW - DAY], NOW)).toBe(NOW - DAY + BOOKING_PAUSE_MS);
    // Over once its 7 days have passed.
    expect(bookingPausedUntil([NOW - 10 * DAY, NOW - 9 * DAY, NOW - 8 * DAY], NOW)).toBeNull();
  });

  it("cancellations older than 30 days no longer count", () => {
    expect(bookingPausedUntil([NOW - FULL_REFUNDS_WINDOW_MS, NOW - 2 * DAY, NOW - DAY], NOW)).toBeNull();
  });
});
