// A booking's life as one pure function (docs/product-rules.md, "Slots and holds", "Payments and
// refunds", "Calls"): from a booking, an event and the time, either the fields that change with what
// must follow (emails, jobs, Stripe calls), or nothing to do (a replay), or a refusal. The figures are
// not effects: they follow the written rows (lib/platform/triggers.ts). The ctx side
// (lib/bookings/bookingLifecycle.ts) is the only code that writes these fields; it applies what this decides.
import type { Doc } from "../_generated/dataModel";
import type { ErrorCode } from "../framework/errors";
import type { Infer } from "convex/values";
import type { CancellationReason, CancelledBy, holdRelease } from "../framework/validators";
import { outcomeByClock, type WindowPresence } from "./attendance";
import { romeMonthOf } from "../framework/time";
import { cancellationRefusal } from "./cancellationRefunds";
import { outcomeRefusal, type Outcome } from "./consultationOutcomes";
import { rescheduleRefusal } from "./rescheduling";
import type { ShareReason } from "./payouts";

export type Booking = Doc<"bookings">;
type BookingPatch = Partial<Omit<Booking, "_id" | "_creationTime">>;
export type Party = "client" | "psychic";

/** Who stands behind each reason a booking is cancelled for. */
export const cancelledByOf: Record<CancellationReason, CancelledBy> = {
  client_cancelled: "client",
  psychic_cancelled: "psychic",
  late_payment: "system",
  psychic_no_show: "system",
  client_account_deleted: "system",
  psychic_account_deleted: "system",
};

/** Why an unpaid hold stops holding its time. */
type HoldRelease = Infer<typeof holdRelease>;

export type BookingEvent =
  /** The hold's Checkout Session was created. */
  | { kind: "checkout_opened"; sessionId: string; url: string }
  | { kind: "hold_released"; why: HoldRelease }
  /**
   * A Checkout Session was paid; `othersOverlap`: another booking now blocks this one's time;
   * `partyGone`: the client's account or the psychic's profile was deleted meanwhile; `spendRefused`: the
   * client's pause or monthly limit, as it stands at the payment, does not allow it.
   */
  | {
      kind: "paid";
      sessionId: string;
      paymentIntentId: string | null;
      amountCents: number | null;
      othersOverlap: boolean;
      partyGone: boolean;
      spendRefused: boolean;
    }
  /** Cancelled with `refundCents` going back (clamped to what was paid). */
  | { kind: "cancelled"; reason: CancellationReason; refundCents: number }
  /** Stripe answered a refund request; `refundId` absent when the charge showed the refund already made. */
  | { kind: "refund_answered"; refundId?: string; succeeded: boolean }
  /**
   * Stripe's `charge.refunded`: the charge has had `amountRefundedCents` refunded in all, by the app's refund
   * reaching the card's network or by support in Stripe's dashboard.
   */
  | { kind: "charge_refunded"; amountRefundedCents: number }
  /** The automatic attempts are over and the refund never went through. */
  | { kind: "refund_failed" }
  /** An admin asks again for a refund left failed. */
  | { kind: "refund_retried" }
  /**
   * The consultation took place (completed) or the client did not come: by the clock at the end of the
   * window, which reads the outcome off the call's records (model/attendance.ts), or by the psychic's word.
   * `presence`: each party's time in the call during the window, from the call session; the psychic's
   * too short while the client was there means not given by them (model/attendance.ts outcomeByClock).
   */
  | { kind: "took_place"; by: "clock"; presence: WindowPresence }
  | { kind: "took_place"; by: "psychic"; outcome: Outcome; reviewed: boolean; presence: WindowPresence }
  | { kind: "moved"; date: string; time: string; startsAt: number; endsAt: number }
  /** Stripe's `charge.dispute.created`: the client disputed the payment at their bank. */
  | { kind: "disputed"; disputeId: string; amountCents: number };

export type BookingEffect =
  | { kind: "expire_checkout_session"; sessionId: string }
  | { kind: "request_refund" }
  | { kind: "schedule_reminders" }
  | { kind: "end_call" }
  | { kind: "email_confirmed" }
  | { kind: "email_late_payment_refunded" }
  | { kind: "email_cancelled"; reason: CancellationReason; refundCents: number }
  | { kind: "email_moved"; previousDate: string; previousTime: string }
  /** The psychic is owed their share of `grossCents` (what the platform kept), not before `dueAt`. */
  | { kind: "pay_psychic_share"; reason: ShareReason; grossCents: number; dueAt: number }
  /** The client got `takenCents` of the payment back after the share was owed: its proportion comes back. */
  | { kind: "take_back_psychic_share"; why: "refund" | "dispute"; takenCents: number };

export type Transition =
  | { outcome: "changed"; patch: BookingPatch; effects: BookingEffect[] }
  /** Nothing to do: a replayed webhook or job, or a state already reached. */
  | { outcome: "unchanged" }
  | { outcome: "refused"; code: ErrorCode };

const unchanged: Transition = { outcome: "unchanged" };
const refused = (code: ErrorCode): Transition => ({ outcome: "refused", code });
const changed = (patch: BookingPatch, effects: BookingEffect[] = []): Transition => ({ outcome: "changed", patch, effects });

/** What the platform keeps of a booking's payment: the price less what went back by refund or dispute. */
function keptCents(booking: Pick<Booking, "priceCents" | "refundCents" | "disputeCents">): number {
  return Math.max(0, booking.priceCents - (booking.refundCents ?? 0) - (booking.disputeCents ?? 0));
}

/** Whole cents between nothing and the price. */
export function clampRefund(refundCents: number, priceCents: number): number {
  return Math.min(priceCents, Math.max(0, Math.round(refundCents)));
}

/** What the given event does to `booking` at `now`. */
export function transition(booking: Booking, event: BookingEvent, now: number): Transition {
  switch (event.kind) {
    case "checkout_opened":
      return changed({
        stripeCheckoutSessionId: event.sessionId,
        ...(booking.status === "pending_payment" ? { checkoutUrl: event.url } : {}),
      });
    case "hold_released":
      return releaseHold(booking, event.why, now);
    case "paid":
      return pay(booking, event, now);
    case "cancelled":
      return cancel(booking, event.reason, event.refundCents, now);
    case "refund_answered": {
      if (booking.refundStatus === "succeeded" || booking.refundStatus === undefined) return unchanged;
      return changed({
        ...(event.refundId === undefined ? {} : { stripeRefundId: event.refundId }),
        ...(event.succeeded ? { refundStatus: "succeeded" as const, refundedAt: now } : {}),
      });
    }
    case "charge_refunded":
      return chargeRefunded(booking, event.amountRefundedCents, now);
    case "refund_failed":
      return booking.refundStatus === "pending" ? changed({ refundStatus: "failed" }) : unchanged;
    case "refund_retried":
      if (booking.refundStatus !== "failed") return refused("INVALID_STATE");
      return changed({ refundStatus: "pending", refundRetries: (booking.refundRetries ?? 0) + 1 }, [{ kind: "request_refund" }]);
    case "took_place":
      return tookPlace(booking, event, now);
    case "disputed": {
      if (booking.paidAt === undefined || booking.stripeDisputeId === event.disputeId) return unchanged;
      // A dispute is for at most what the client still has not got back.
      const disputed = clampRefund(event.amountCents, booking.priceCents - (booking.refundCents ?? 0));
      return changed({ stripeDisputeId: event.disputeId, disputeCents: disputed, disputedAt: now }, [
        { kind: "take_back_psychic_share", why: "dispute", takenCents: disputed },
      ]);
    }
    case "moved": {
      const refusal = rescheduleRefusal(booking, now);
      if (refusal !== null) return refused(refusal);
      if (event.date === booking.scheduledDate && event.time === booking.scheduledTime) return refused("INVALID_INPUT");
      return changed(
        {
          scheduledDate: event.date,
          scheduledTime: event.time,
          startsAt: event.startsAt,
          endsAt: event.endsAt,
          rescheduleCount: (booking.rescheduleCount ?? 0) + 1,
          reminder24hSentAt: undefined,
          reminder15mSentAt: undefined,
        },
        [{ kind: "schedule_reminders" }, { kind: "email_moved", previousDate: booking.scheduledDate, previousTime: booking.scheduledTime }],
      );
    }
  }
}

/**
 * What a charge has had refunded in all, as `charge.refunded` says. The app's own refund still on its way
 * has arrived once the charge shows at least its amount. Anything beyond what the booking records as
 * refunded was refunded at Stripe by someone else (support, in the dashboard), in whatever state the
 * booking is: it counts as refunded, and the psychic's share owed on it shrinks, is withheld, or comes back
 * by a reversal (docs/product-rules.md, "Payouts"). Stripe refunds nothing of what a dispute took.
 */
function chargeRefunded(booking: Booking, amountRefundedCents: number, now: number): Transition {
  if (booking.paidAt === undefined) return unchanged;
  const before = booking.refundCents ?? 0;
  const total = clampRefund(amountRefundedCents, booking.priceCents - (booking.disputeCents ?? 0));
  const ownArrived = (booking.refundStatus === "pending" || booking.refundStatus === "failed") && total >= before;
  const elsewhere = total - before;
  if (!ownArrived && elsewhere <= 0) return unchanged;
  return changed(
    {
      ...(ownArrived || booking.refundStatus === undefined ? { refundStatus: "succeeded" as const, refundedAt: now } : {}),
      ...(elsewhere > 0 ? { refundCents: total } : {}),
    },
    elsewhere > 0 ? [{ kind: "take_back_psychic_share", why: "refund", takenCents: elsewhere }] : [],
  );
}

/**
 * An unpaid hold stops holding its time at once; its checkout page goes from the dashboard. A hold the
 * client left, or whose account went, also has its Checkout Session expired at Stripe so it can never
 * be paid (one that ended by itself, or failed to open, has nothing left to expire).
 */
function releaseHold(booking: Booking, why: HoldRelease, now: number): Transition {
  if (booking.status !== "pending_payment") return unchanged;
  if (why === "hold_ended" && (booking.holdExpiresAt ?? 0) > now) return unchanged;
  const expireSession = (why === "client_left" || why === "account_deleted") && booking.stripeCheckoutSessionId !== undefined;
  return changed(
    { status: "expired", holdExpiresAt: Math.min(booking.holdExpiresAt ?? now, now), checkoutUrl: undefined, holdReleasedFor: why },
    expireSession ? [{ kind: "expire_checkout_session", sessionId: booking.stripeCheckoutSessionId! }] : [],
  );
}

/**
 * A payment confirms a booking still held, or one whose hold lapsed if its time is still free and
 * ahead, for exactly its price, while both parties still exist and the client's pause and monthly limit
 * allow it. Otherwise (too late, a hold the client left, time taken, wrong amount, an account deleted
 * meanwhile, over the limit or paused) the whole payment goes back at once and the booking is
 * cancelled: a payment never confirms a booking that is no longer payable.
 * A second payment event for the same booking changes nothing.
 */
function pay(booking: Booking, event: Extract<BookingEvent, { kind: "paid" }>, now: number): Transition {
  if (booking.paidAt !== undefined) return unchanged;
  const paidFields = {
    stripeCheckoutSessionId: event.sessionId,
    stripePaymentIntentId: event.paymentIntentId ?? undefined,
    paidAt: now,
    checkoutUrl: undefined,
  };
  // A hold that lapsed may still be paid while its time is free; one the client left, or whose checkout
  // failed or whose account went, may not (its session's expiry may have been refused or not yet made).
  const lapsed = booking.status === "expired" && (booking.holdReleasedFor === undefined || booking.holdReleasedFor === "hold_ended" || booking.holdReleasedFor === "session_expired");
  const payable = booking.status === "pending_payment" || lapsed;
  const rightAmount = event.amountCents === null || event.amountCents === booking.priceCents;
  if (payable && rightAmount && booking.startsAt > now && !event.othersOverlap && !event.partyGone && !event.spendRefused) {
    return changed({ ...paidFields, status: "confirmed", holdExpiresAt: undefined }, [{ kind: "schedule_reminders" }, { kind: "email_confirmed" }]);
  }
  return changed(
    {
      ...paidFields,
      status: "cancelled",
      holdExpiresAt: undefined,
      cancelledAt: now,
      cancelledBy: cancelledByOf.late_payment,
      cancelReason: "late_payment",
      refundCents: event.amountCents ?? booking.priceCents,
      refundStatus: "pending",
    },
    [{ kind: "request_refund" }, { kind: "email_late_payment_refunded" }],
  );
}

/** Why this cancellation may not happen now, or null. */
function cancelRefusal(booking: Booking, reason: CancellationReason, now: number): ErrorCode | null {
  switch (reason) {
    case "client_cancelled":
    case "psychic_cancelled":
    case "client_account_deleted":
      // The parties may cancel only before the start; a client leaving the platform is a client cancelling
      // (their refund follows the same windows), and a consultation under way completes as usual.
      return cancellationRefusal(booking, now);
    case "psychic_no_show":
      // The clock decides it (model/attendance.ts): absent 10 minutes after the start, or too little in the call by its end.
      return booking.status === "confirmed" ? null : "INVALID_STATE";
    case "psychic_account_deleted":
      // A psychic leaving cancels what has not ended, also a consultation under way: the client is refunded in full.
      if (booking.status !== "confirmed") return "INVALID_STATE";
      return now < booking.endsAt ? null : "CANCELLATION_NOT_ALLOWED";
    case "late_payment":
      // Only a payment makes one (see `pay`).
      return "INVALID_STATE";
  }
}

/**
 * A confirmed booking is cancelled: its time is free at once, the refund (if any) goes through Stripe,
 * and the parties are told (the psychic's absence is told to the client only, by the email about it).
 */
function cancel(booking: Booking, reason: CancellationReason, refundCents: number, now: number): Transition {
  const refusal = cancelRefusal(booking, reason, now);
  if (refusal !== null) return refused(refusal);
  // What a dispute already took back is not refunded a second time.
  const refund = clampRefund(refundCents, booking.priceCents - (booking.disputeCents ?? 0));
  // What a client's cancellation leaves with the platform is shared with the psychic as a consultation
  // is, at the time it would have ended (docs/product-rules.md, "Payouts").
  const retained = Math.max(0, booking.priceCents - refund - (booking.disputeCents ?? 0));
  const byClient = reason === "client_cancelled" || reason === "client_account_deleted";
  return changed(
    {
      status: "cancelled",
      cancelledAt: now,
      cancelledBy: cancelledByOf[reason],
      cancelReason: reason,
      ...(refund > 0 ? { refundCents: refund, refundStatus: "pending" as const } : {}),
    },
    [
      ...(refund > 0 ? [{ kind: "request_refund" } as const] : []),
      { kind: "end_call" },
      { kind: "email_cancelled", reason, refundCents: refund },
      ...(byClient && retained > 0 ? [{ kind: "pay_psychic_share", reason: "cancellation", grossCents: retained, dueAt: booking.endsAt } as const] : []),
    ],
  );
}

/**
 * The consultation took place or the client did not come. The clock settles a confirmed one at the end
 * of its window from the call's records: completed if the client was in the call during it, a no-show
 * otherwise; but a psychic in the call too little while the client was there did not hold it, and it is
 * cancelled as for the psychic's absence (full refund, no share). The psychic may record either after
 * the end, and correct one with the other, except that a consultation the client attended or reviewed
 * stays completed, and one the records show they did not give is never theirs to call given.
 */
function tookPlace(booking: Booking, event: Extract<BookingEvent, { kind: "took_place" }>, now: number): Transition {
  const byRecords = outcomeByClock(booking, event.presence);
  if (event.by === "clock") {
    if (booking.status !== "confirmed") return unchanged;
    if (now < booking.endsAt) return refused("CONSULTATION_NOT_ENDED");
    if (byRecords === "psychic_absent") return cancel(booking, "psychic_no_show", booking.priceCents, now);
    return heldAs(booking, byRecords, now);
  }
  if (booking.status === event.outcome) return unchanged;
  const refusal = outcomeRefusal(booking, event.outcome, now, event.reviewed);
  if (refusal !== null) return refused(refusal);
  // The psychic's word settles nothing the records contradict: the clock refunds the client.
  if (booking.status === "confirmed" && byRecords === "psychic_absent") return refused("PSYCHIC_NOT_PRESENT");
  return heldAs(booking, event.outcome, now);
}

/** Given or not attended, the psychic is paid in full, once: a later correction moves no money. */
function heldAs(booking: Booking, outcome: Outcome, now: number): Transition {
  const first = booking.status === "confirmed";
  return changed(
    { status: outcome, completedAt: booking.completedAt ?? now, statsMonth: booking.statsMonth ?? romeMonthOf(booking.startsAt) },
    first ? [{ kind: "end_call" }, { kind: "pay_psychic_share", reason: "consultation", grossCents: keptCents(booking), dueAt: now }] : [],
  );
}
