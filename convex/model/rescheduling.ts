// Moving a paid booking to another time (docs/product-rules.md, "Payments and refunds"): how late and how
// often a client may move it. Plain functions over values: no ctx, no clock.
import type { ErrorCode } from "../framework/errors";
import type { BookingStatus } from "../framework/validators";

const HOUR_MS = 60 * 60_000;

/** A client may move a booking at least this long before its current start… */
export const RESCHEDULE_NOTICE_MS = 24 * HOUR_MS;
/** …and at most this many times. */
export const MAX_RESCHEDULES = 2;

type Movable = { status: BookingStatus; startsAt: number; rescheduleCount?: number };

/** The last instant a booking can still be moved; null when it can no longer be moved at all. */
export function rescheduleDeadline(booking: Movable): number | null {
  if (booking.status !== "confirmed" || (booking.rescheduleCount ?? 0) >= MAX_RESCHEDULES) return null;
  return booking.startsAt - RESCHEDULE_NOTICE_MS;
}

/** Why a booking cannot be moved now, or null: confirmed, at least 24 h before its current start, moved fewer than twice. */
export function rescheduleRefusal(booking: Movable, nowMs: number): ErrorCode | null {
  if (booking.status !== "confirmed") return "INVALID_STATE";
  if ((booking.rescheduleCount ?? 0) >= MAX_RESCHEDULES) return "RESCHEDULE_LIMIT_REACHED";
  return nowMs <= booking.startsAt - RESCHEDULE_NOTICE_MS ? null : "RESCHEDULE_TOO_LATE";
}
