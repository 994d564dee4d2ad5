// Moving a booking: up to 24 hours before its current start, at most twice, only while confirmed.
import { describe, expect, it } from "vitest";
import { MAX_RESCHEDULES, rescheduleDeadline, rescheduleRefusal } from "../../../convex/model/rescheduling";

const HOUR = 60 * 60_000;
const START = Date.UTC(2026, 10, 25, 9, 0);

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
