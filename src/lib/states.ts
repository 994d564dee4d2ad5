// The one table of states the app shows: each state is an enum, derived from the fields the server
// returns (status, startsAt/endsAt, holdExpiresAt, refundStatus, cancelledBy, profileStatus), with its
// Italian words and its colour. Views branch on the enums and take the words and colours from here,
// so a state reads and looks the same for the client, the psychic and the admin.
import type { BookingStatus, CancelledBy, ProfileStatus, RefundStatus } from "@convex/lib/validators";

export type StateColor = "green" | "amber" | "blue" | "gray" | "red";

/** What a state looks like: its words and the colour of its badge. */
export type StateBadge = { label: string; color: StateColor };

/**
 * Where a booking stands, payment included: its status read with the clock where the view has one.
 * `confirmed` is "paid" where time does not matter (the payment pages, the admin's list).
 */
export type BookingState =
  "awaiting_payment" | "payment_lapsed" | "confirmed" | "upcoming" | "live" | "awaiting_outcome" | "completed" | "no_show" | "cancelled";

export const bookingStates: Record<BookingState, StateBadge> = {
  /** Unpaid, its hold still running: the client may still pay. */
  awaiting_payment: { label: "Pagamento in corso", color: "amber" },
  /** Unpaid and its hold over (or released): nothing was charged. */
  payment_lapsed: { label: "Pagamento non completato", color: "gray" },
  confirmed: { label: "Confermato", color: "green" },
  /** Paid, before its start. */
  upcoming: { label: "Programmato", color: "blue" },
  /** Paid, inside its window. */
  live: { label: "In corso", color: "green" },
  /** Paid, its window over, and the psychic's word (held or client absent) not recorded yet. */
  awaiting_outcome: { label: "Da confermare", color: "amber" },
  completed: { label: "Completato", color: "gray" },
  no_show: { label: "Cliente assente", color: "gray" },
  cancelled: { label: "Annullato", color: "red" },
};

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
export function clientBookingState(booking: Timed & { holdExpiresAt: number | null }, now: number): BookingState {
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
export function psychicBookingState(booking: Timed, now: number): BookingState {
  switch (booking.status) {
    case "confirmed": {
      const time = paidByTime(booking, now);
      return time === "over" ? "awaiting_outcome" : time;
    }
    default:
      return recordedBookingState(booking.status);
  }
}

/** The status as recorded, without a clock (the admin's list). */
export function recordedBookingState(status: BookingStatus): BookingState {
  switch (status) {
    case "pending_payment":
      return "awaiting_payment";
    case "expired":
      return "payment_lapsed";
    case "confirmed":
      return "confirmed";
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
export function paymentState(status: BookingStatus): "awaiting_payment" | "confirmed" | "payment_lapsed" | "cancelled" {
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

/** Where the refund of a cancelled booking stands. */
export type RefundState = "not_refunded" | "refund_pending" | "refund_failed" | "refunded";

export const refundStates: Record<RefundState, StateBadge> = {
  /** The client cancelled too late for a refund. */
  not_refunded: { label: "Nessun rimborso", color: "gray" },
  refund_pending: { label: "Rimborso in corso", color: "amber" },
  /** Stripe kept refusing: the admin retries it. */
  refund_failed: { label: "Rimborso non riuscito", color: "red" },
  /** Arrived: "Rimborsato il …" when the date is known. */
  refunded: { label: "Rimborsato", color: "green" },
};

/** The refund as recorded (the admin's list); null when there is none. */
export function refundState(refundStatus: RefundStatus | null): RefundState | null {
  switch (refundStatus) {
    case null:
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
 * The client's view of a cancelled booking's refund: a failed refund is retried by the server, so for
 * them it is still on its way; their own late cancellation refunds nothing. Null when there is nothing to say.
 */
export function clientRefundState(booking: {
  status: BookingStatus;
  refundStatus: RefundStatus | null;
  cancelledBy: CancelledBy | null;
}): RefundState | null {
  if (booking.status !== "cancelled") return null;
  if (booking.refundStatus === null) return booking.cancelledBy === "client" ? "not_refunded" : null;
  return booking.refundStatus === "failed" ? "refund_pending" : refundState(booking.refundStatus);
}

/** Where a psychic's profile stands in review; `none` where there is no review state to show (the admin's N/A). */
export type ProfileState = ProfileStatus | "none";

export const profileStates: Record<ProfileState, StateBadge> = {
  draft: { label: "Bozza", color: "gray" },
  pending: { label: "In Attesa", color: "amber" },
  approved: { label: "Approvato", color: "green" },
  rejected: { label: "Rifiutato", color: "red" },
  none: { label: "N/A", color: "gray" },
};

/** The admin's view (the spec's labels): a draft, or an account without a profile, has no review state yet. */
export function adminProfileState(profileStatus: ProfileStatus | null): ProfileState {
  return profileStatus === null || profileStatus === "draft" ? "none" : profileStatus;
}
