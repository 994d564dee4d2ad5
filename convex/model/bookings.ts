// Plain rules about bookings, shared by every query and mutation that needs them; no ctx here.
import type { BookingStatus } from "../lib/validators";

/** How long an unpaid booking holds its time: Stripe Checkout's minimum session lifetime. */
export const HOLD_MINUTES = 30;

export type BookingTimeState = { status: BookingStatus; holdExpiresAt?: number };

/**
 * "This booking blocks time" (docs/product-rules.md, "Slots and holds"): a paid booking (confirmed,
 * or the spec's `scheduled`) always does; an unpaid one only while its payment hold lasts. Every
 * other status (completed, cancelled, expired, no-show) frees nothing it did not already free.
 */
export function blocksTime(booking: BookingTimeState, nowMs: number): boolean {
  switch (booking.status) {
    case "confirmed":
    case "scheduled":
      return true;
    case "pending_payment":
      return (booking.holdExpiresAt ?? 0) > nowMs;
    default:
      return false;
  }
}
