// A booking's state as each person sees it, as enums: the server sends them with every booking it
// lists, and the app maps each to its Italian words and colour in one table (src/lib/text/states.ts), so
// no screen decides a state from display text or from the raw fields itself.
import type { BookingStatus, BookingViewState, CancelledBy, PaymentViewState, RefundStatus, RefundViewState } from "../framework/validators";

type Timed = { status: BookingStatus; startsAt: number; endsAt: number };

/** A paid booking by the clock: before, during, or after its window. */
function paidByTime(booking: Timed, now: number): "upcoming" | "live" | "over" {
  if (now < booking.startsAt) return "upcoming";
  return now < booking.endsAt ? "live" : "over";
}

/**
 * The client's view at `now`: a paid consultation by the clock (once over it is over for them: the
 * server completes it by itself), an unpaid one by its hold.
 */
export function clientBookingState(booking: Timed & { holdExpiresAt?: number }, now: number): BookingViewState {
  switch (booking.status) {
    case "confirmed": {
      const time = paidByTime(booking, now);
      return time === "over" ? "completed" : time;
    }
    case "pending_payment":
      return (booking.holdExpiresAt ?? 0) > now ? "awaiting_payment" : "payment_lapsed";
    case "expired":
      return "payment_lapsed";
    case "completed":
    case "no_show":
    case "cancelled":
      return booking.status;
  }
}

/** The psychic's view at `now`: a paid consultation by the clock; once over, it waits for their word. */
export function psychicBookingState(booking: Timed, now: number): BookingViewState {
  if (booking.status !== "confirmed") return recordedBookingState(booking.status);
  const time = paidByTime(booking, now);
  return time === "over" ? "awaiting_outcome" : time;
}

/**
 * The status as recorded, without a clock (the admin's list, a page that sends no time). An unpaid
 * booking still `pending_payment` is still held: the hold's end releases it (payments.expireHold).
 */
export function recordedBookingState(status: BookingStatus): BookingViewState {
  switch (status) {
    case "pending_payment":
      return "awaiting_payment";
    case "expired":
      return "payment_lapsed";
    case "confirmed":
    case "completed":
    case "no_show":
    case "cancelled":
      return status;
  }
}

/**
 * The payment pages' view: whether the payment went through. Paid is paid, whatever happened after
 * (completed, client absent); a late payment on a lapsed hold is cancelled and refunded.
 */
export function paymentState(status: BookingStatus): PaymentViewState {
  switch (status) {
    case "pending_payment":
      return "awaiting_payment";
    case "confirmed":
    case "completed":
    case "no_show":
      return "confirmed";
    case "cancelled":
      return "cancelled";
    case "expired":
      return "payment_lapsed";
  }
}

/** The refund as recorded (the admin's list); null when there is none. */
export function refundState(refundStatus: RefundStatus | undefined): RefundViewState | null {
  switch (refundStatus) {
    case undefined:
      return null;
    case "pending":
      return "refund_pending";
    case "failed":
      return "refund_failed";
    case "succeeded":
      return "refunded";
  }
}

/**
 * The client's view of a cancelled booking's refund: the same as the admin's (a failed refund reads
 * as failed, with what happens next), and their own late cancellation refunds nothing. Null when
 * there is nothing to say.
 */
export function clientRefundState(booking: {
  status: BookingStatus;
  refundStatus?: RefundStatus;
  cancelledBy?: CancelledBy;
}): RefundViewState | null {
  if (booking.status !== "cancelled") return null;
  if (booking.refundStatus === undefined) return booking.cancelledBy === "client" ? "not_refunded" : null;
  return refundState(booking.refundStatus);
}
