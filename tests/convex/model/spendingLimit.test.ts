// The spending limit's rules: at the right cent, on the right Rome day, a raise only after 24 hours.
import { describe, expect, it } from "vitest";
import { romeToUtcMs } from "../../../convex/framework/time";
import {
  COOL_OFF_MS,
  activePauseThrough,
  effectiveLimit,
  isValidLimit,
  NO_LIMIT,
  pauseEndInstant,
  spendMonthOf,
  spendOf,
  whySpendRefused,
  withLimit,
  withPause,
  withPauseEnded,
} from "../../../convex/model/spendingLimit";

const NOW = romeToUtcMs("2026-11-26", "12:00");
const HOUR = 3_600_000;

describe("the monthly limit", () => {
  it("limit 60,00 € with 30,00 € spent: a 30,00 € checkout passes, a 30,01 € one is refused naming the limit and what is left", () => {
    const state = { limitCents: 6000 };
    expect(whySpendRefused(state, 3000, 3000, NOW)).toBeNull();
    expect(whySpendRefused(state, 3000, 3001, NOW)).toEqual({ code: "SPENDING_LIMIT_REACHED", limitCents: 6000, remainingCents: 3000 });
    expect(whySpendRefused(state, 7000, 100, NOW)).toEqual({ code: "SPENDING_LIMIT_REACHED", limitCents: 6000, remainingCents: 0 });
    expect(whySpendRefused(NO_LIMIT, 1_000_000, 9000, NOW)).toBeNull();
  });

  it("lowering counts at once and drops a waiting raise; raising or removing only 24 hours later", () => {
    const lowered = withLimit({ limitCents: 10000 }, 5000, NOW);
    expect(effectiveLimit(lowered, NOW)).toBe(5000);
    const first = withLimit(NO_LIMIT, 8000, NOW);
    expect(effectiveLimit(first, NOW)).toBe(8000);

    const raised = withLimit({ limitCents: 5000 }, 9000, NOW);
    expect(effectiveLimit(raised, NOW)).toBe(5000);
    expect(effectiveLimit(raised, NOW + COOL_OFF_MS - 1)).toBe(5000);
    expect(effectiveLimit(raised, NOW + COOL_OFF_MS)).toBe(9000);
    expect(raised.pendingLimit).toEqual({ limitCents: 9000, effectiveAt: NOW + 24 * HOUR });

    const removed = withLimit({ limitCents: 5000 }, null, NOW);
    expect(effectiveLimit(removed, NOW + HOUR)).toBe(5000);
    expect(effectiveLimit(removed, NOW + COOL_OFF_MS)).toBeNull();

    // A lower limit while a raise waits: the raise is gone, the lower one counts at once.
    const lowerAgain = withLimit(raised, 4000, NOW + HOUR);
    expect(lowerAgain.pendingLimit).toBeUndefined();
    expect(effectiveLimit(lowerAgain, NOW + 2 * COOL_OFF_MS)).toBe(4000);
    // Back to the limit in force: the waiting raise is dropped.
    expect(withLimit(raised, 5000, NOW + HOUR)).toEqual({ limitCents: 5000 });
    // A raise that came into force is the base of the next change.
    expect(withLimit(raised, 9500, NOW + COOL_OFF_MS)).toEqual({
      limitCents: 9000,
      pendingLimit: { limitCents: 9500, effectiveAt: NOW + 2 * COOL_OFF_MS },
    });
  });

  it("accepts whole cents from 1 cent to 10 000 €, or none", () => {
    expect([null, 1, 6000, 1_000_000].every(isValidLimit)).toBe(true);
    expect([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 1_000_001].some(isValidLimit)).toBe(false);
  });
});

describe("the pause", () => {
  it("of 7 days from Thursday 26 refuses through Wednesday 2 December (Rome) and not a minute after", () => {
    const paused = withPause(NO_LIMIT, 7, NOW);
    expect(paused.pausedThrough).toBe("2026-12-02");
    expect(whySpendRefused(paused, 0, 100, NOW)).toEqual({ code: "SPENDING_PAUSED", pausedThrough: "2026-12-02" });
    const lastMinute = romeToUtcMs("2026-12-02", "23:59");
    expect(activePauseThrough(paused, lastMinute)).toBe("2026-12-02");
    expect(pauseEndInstant("2026-12-02")).toBe(romeToUtcMs("2026-12-03", "00:00"));
    expect(whySpendRefused(paused, 0, 100, romeToUtcMs("2026-12-03", "00:00"))).toBeNull();
    expect(withPause(NO_LIMIT, 30, NOW).pausedThrough).toBe("2026-12-25");
    expect(withPause(NO_LIMIT, 90, NOW).pausedThrough).toBe("2027-02-23");
  });

  it("a shorter pause never shortens a longer one; ending early counts 24 hours later", () => {
    const long = withPause(NO_LIMIT, 90, NOW);
    expect(withPause(long, 7, NOW + HOUR).pausedThrough).toBe("2027-02-23");
    const ending = withPauseEnded(long, NOW);
    expect(activePauseThrough(ending, NOW + COOL_OFF_MS - 1)).toBe("2027-02-23");
    expect(activePauseThrough(ending, NOW + COOL_OFF_MS)).toBeNull();
    // Asking again does not move the end further away; a new pause cancels the early end.
    expect(withPauseEnded(ending, NOW + HOUR).pauseEndsEarlyAt).toBe(NOW + COOL_OFF_MS);
    expect(withPause(ending, 7, NOW + HOUR).pauseEndsEarlyAt).toBeUndefined();
  });
});

describe("the month's spend", () => {
  it("is the Rome calendar month: 23:30 on 30 November in Rome is still November, 00:00 on 1 December is not", () => {
    const lateNovember = romeToUtcMs("2026-11-30", "23:30");
    expect(spendMonthOf(lateNovember).month).toBe("2026-11");
    expect(new Date(lateNovember).toISOString().slice(0, 10)).toBe("2026-11-30");
    expect(spendMonthOf(romeToUtcMs("2026-12-01", "00:00")).month).toBe("2026-12");
    // Summer time: 31 March 23:30 in Rome is 21:30 UTC.
    expect(spendMonthOf(romeToUtcMs("2026-03-31", "23:30"))).toMatchObject({ month: "2026-03" });
    const { from, to } = spendMonthOf(NOW);
    expect([from, to]).toEqual([romeToUtcMs("2026-11-01", "00:00"), romeToUtcMs("2026-12-01", "00:00")]);
  });

  it("counts what was paid net of refunds, and live holds; lapsed holds and full refunds count nothing", () => {
    const paid = { status: "confirmed", priceCents: 5000, paidAt: NOW };
    expect(spendOf(paid, NOW)).toBe(5000);
    expect(spendOf({ ...paid, status: "cancelled", refundCents: 5000, refundStatus: "succeeded" }, NOW)).toBe(0);
    expect(spendOf({ ...paid, status: "cancelled", refundCents: 5000, refundStatus: "pending" }, NOW)).toBe(0);
    expect(spendOf({ ...paid, status: "cancelled", refundCents: 2500, refundStatus: "succeeded" }, NOW)).toBe(2500);
    expect(spendOf({ ...paid, status: "cancelled", refundCents: 5000, refundStatus: "failed" }, NOW)).toBe(5000);
    expect(spendOf({ status: "pending_payment", priceCents: 4000, holdExpiresAt: NOW + 1 }, NOW)).toBe(4000);
    expect(spendOf({ status: "pending_payment", priceCents: 4000, holdExpiresAt: NOW }, NOW)).toBe(0);
    expect(spendOf({ status: "expired", priceCents: 4000, holdExpiresAt: NOW - 1 }, NOW)).toBe(0);
  });
});
