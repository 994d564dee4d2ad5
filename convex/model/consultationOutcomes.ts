// What the psychic records after a consultation (docs/product-rules.md, "Calls"): held, or the client absent,
// and when the call's records or a review forbid it. Plain functions over values: no ctx, no clock.
import type { ErrorCode } from "../framework/errors";
import type { BookingStatus } from "../framework/validators";
import { clientAttended } from "./attendance";

/** What the psychic may record after a consultation. */
export type Outcome = "completed" | "no_show";

/**
 * Why the psychic may not record `outcome` now, or null. Only after the end of the window; only for a
 * booking that was held (confirmed, or already completed / marked absent: the psychic may correct it);
 * never a no-show when the call's records show the client in the call during the paid window
 * (model/attendance.ts), nor once the client reviewed it as attended (a no-show then would contradict
 * the records or the review).
 */
export function outcomeRefusal(
  booking: { status: BookingStatus; endsAt: number } & { clientJoinedAt?: number },
  outcome: Outcome,
  nowMs: number,
  reviewed: boolean,
): ErrorCode | null {
  if (!["confirmed", "completed", "no_show"].includes(booking.status)) return "INVALID_STATE";
  if (nowMs < booking.endsAt) return "CONSULTATION_NOT_ENDED";
  if (outcome === "no_show" && clientAttended(booking)) return "CLIENT_ATTENDED";
  if (outcome === "no_show" && reviewed) return "INVALID_STATE";
  return null;
}
