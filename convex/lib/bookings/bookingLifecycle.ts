// The one owner of a booking's life (docs/product-rules.md, "Slots and holds", "Payments and refunds",
// "Calls"): the only code that writes a booking's status, hold, payment, cancellation and refund
// fields. The pure rules decide (model/bookingTransitions.ts); this applies the patch and what must
// follow (emails, reminders, refunds and expiries through provider jobs, the call's end) inside the caller's transaction,
// so the booking, the money and the emails change together or not at all; the figures follow the
// booking's row through the triggers (lib/platform/triggers.ts) in the same transaction.
import type { WithoutSystemFields } from "convex/server";
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import {
  bookingCancelledEmail,
  bookingConfirmedClientEmail,
  bookingConfirmedPsychicEmail,
  bookingInvitation,
  bookingRescheduledEmail,
  latePaymentRefundedClientEmail,
  latePaymentRefundedPsychicEmail,
  psychicAbsentClientEmail,
} from "../../email/bookingEmails";
import type { WindowPresence } from "../../model/attendance";
import { reminderTimes } from "../../model/reminders";
import { transition, type Booking, type BookingEffect, type BookingEvent, type Party, type Transition } from "../../model/bookingTransitions";
import { freedDates } from "../../model/availabilityAlerts";
import { checkFreedTimeLater } from "./availabilityAlerts";
import { endSession, windowPresence } from "../calls/callSessions";
import { recordShare, takeBackShare } from "../money/payouts";
import { requestProviderCall } from "../money/providerJobs";
import { bookingFacts, emailParties, rebookUrl } from "../email/emailParties";
import { fail } from "../../framework/errors";

type Applied = Exclude<Transition, { outcome: "refused" }>;

type TookPlace = Extract<BookingEvent, { kind: "took_place" }>;
type Presence = { presence?: WindowPresence };
/**
 * An event as callers ask for it: a consultation that took place takes the call's records (each party's time in the
 * call during the window) from the call session here, so neither the clock nor the psychic supplies
 * them; only the demo's past consultations, which have no session, bring their own.
 */
type BookingRequest =
  | Exclude<BookingEvent, TookPlace>
  | (Omit<Extract<TookPlace, { by: "clock" }>, "presence"> & Presence)
  | (Omit<Extract<TookPlace, { by: "psychic" }>, "presence"> & Presence);

async function withRecords(ctx: MutationCtx, booking: Booking, request: BookingRequest, now: number): Promise<BookingEvent> {
  if (request.kind !== "took_place") return request;
  return { ...request, presence: request.presence ?? (await windowPresence(ctx, booking, now)) };
}

/**
 * Applies `event` to `booking` at `now`: writes the patch and runs its effects, or does nothing for a
 * replay. A refusal is returned, not thrown (a webhook or a job records it and moves on);
 * `changeBookingX` throws it as the caller's error instead. `skipEmailTo` leaves one party out of the
 * emails (a deleted account's own notice is queued by the deletion itself).
 */
export async function changeBooking(
  ctx: MutationCtx,
  booking: Booking,
  request: BookingRequest,
  now: number,
  { skipEmailTo }: { skipEmailTo?: Party } = {},
): Promise<Transition> {
  const result = transition(booking, await withRecords(ctx, booking, request, now), now);
  if (result.outcome !== "changed") return result;
  await ctx.db.patch("bookings", booking._id, result.patch);
  // The booking as written: what it was with the patch over it (no second read).
  const after: Booking = { ...booking, ...result.patch };
  for (const effect of result.effects) await runEffect(ctx, after, effect, now, skipEmailTo);
  // Time given back (a hold ended, a cancellation, a move): 'Avvisami' checks after this transaction.
  await checkFreedTimeLater(ctx, booking.psychicProfileId, freedDates(booking, after, now));
  return result;
}

/** `changeBooking` for a person's own action: a refusal is their error (an Italian message). */
export async function changeBookingX(ctx: MutationCtx, booking: Booking, event: BookingRequest, now: number): Promise<Applied> {
  const result = await changeBooking(ctx, booking, event, now);
  if (result.outcome === "refused") return fail(result.code);
  return result;
}

/**
 * A new unpaid booking that holds its time until `holdExpiresAt`; a job releases it then if it is
 * still unpaid (queries never read the clock, so the time frees itself through a write).
 */
export async function openHold(
  ctx: MutationCtx,
  fields: Omit<WithoutSystemFields<Booking>, "status" | "holdExpiresAt">,
  holdExpiresAt: number,
): Promise<Id<"bookings">> {
  const bookingId = await ctx.db.insert("bookings", { ...fields, status: "pending_payment", holdExpiresAt });
  await ctx.scheduler.runAt(holdExpiresAt, internal.payments.expireHold, { bookingId });
  return bookingId;
}

/**
 * A booking written as it stands, for the demo's data and its scenes only (past consultations, a refund
 * left failed, a call starting now): they have no checkout to go through.
 */
export async function insertDemoBooking(
  ctx: MutationCtx,
  booking: WithoutSystemFields<Booking>,
  { remindAt }: { remindAt?: number } = {},
): Promise<Id<"bookings">> {
  const bookingId = await ctx.db.insert("bookings", booking);
  if (remindAt !== undefined) await scheduleReminders(ctx, { _id: bookingId, startsAt: booking.startsAt }, remindAt);
  return bookingId;
}

/** The demo's payment made at the Stripe stand-in for a booking seeded as paid. */
export async function attachDemoPayment(ctx: MutationCtx, bookingId: Id<"bookings">, sessionId: string, paymentIntentId: string) {
  await ctx.db.patch("bookings", bookingId, { stripeCheckoutSessionId: sessionId, stripePaymentIntentId: paymentIntentId });
}

/** Demo scenes: a consultation under way ends sooner, to watch the room close without waiting. */
export async function shortenDemoWindow(ctx: MutationCtx, booking: Booking, endsAt: number) {
  await ctx.db.patch("bookings", booking._id, { endsAt: Math.max(booking.startsAt, endsAt) });
}

/**
 * A party was in the call during the paid window, first at `at` (model/attendance.ts; a presence before
 * the start is never recorded): kept for settling (the psychic's absence, the clock's outcome), for the
 * psychic's 'Cliente assente' and for the record. The first instant stays.
 */
export async function recordJoin(ctx: MutationCtx, booking: Booking, party: Party, at: number) {
  if (booking[party === "client" ? "clientJoinedAt" : "psychicJoinedAt"] !== undefined) return;
  await ctx.db.patch("bookings", booking._id, party === "client" ? { clientJoinedAt: at } : { psychicJoinedAt: at });
}

/** A reminder was queued, so a job run twice sends it once; moving the booking clears it ("moved"). */
export async function recordReminderSent(ctx: MutationCtx, booking: Booking, kind: "24h" | "15m", now: number) {
  await ctx.db.patch("bookings", booking._id, kind === "24h" ? { reminder24hSentAt: now } : { reminder15mSentAt: now });
}

/** The psychic's account is gone: their past bookings stay for accounting, under `name` instead of theirs. */
export async function renamePsychicOf(ctx: MutationCtx, booking: Booking, name: string) {
  await ctx.db.patch("bookings", booking._id, { psychicName: name });
}

/** A client's private notes to the psychic go (the account deleted, or 24 months passed); the booking stays for accounting. */
export async function forgetClientNotesOf(ctx: MutationCtx, booking: Booking) {
  if (booking.notes !== undefined) await ctx.db.patch("bookings", booking._id, { notes: undefined });
}

/**
 * Schedules the reminders of a booking's current start (24 hours and 15 minutes before); one already
 * due is skipped. A job checks the booking when it runs (reminders.ts), so a job of a cancelled or
 * moved booking sends nothing.
 */
async function scheduleReminders(ctx: MutationCtx, booking: Pick<Doc<"bookings">, "_id" | "startsAt">, now: number) {
  for (const { kind, at } of reminderTimes(booking.startsAt, now)) {
    await ctx.scheduler.runAt(at, internal.reminders.send, { bookingId: booking._id, kind, startsAt: booking.startsAt });
  }
}

async function runEffect(ctx: MutationCtx, after: Booking, effect: BookingEffect, now: number, skipEmailTo?: Party) {
  switch (effect.kind) {
    case "expire_checkout_session":
      await requestProviderCall(ctx, "checkout_expiry", effect.sessionId, now);
      return;
    case "request_refund":
      await requestProviderCall(ctx, "refund", after._id, now);
      return;
    case "schedule_reminders":
      await scheduleReminders(ctx, after, now);
      return;
    case "end_call":
      await endSession(ctx, after, now);
      return;
    case "email_confirmed": {
      const facts = await bookingFacts(ctx, after);
      await emailParties(
        ctx,
        after,
        "booking_confirmed",
        (f, audience) => (audience === "client" ? bookingConfirmedClientEmail(f, now) : bookingConfirmedPsychicEmail(f)),
        { attachments: [bookingInvitation(facts)], facts },
      );
      return;
    }
    case "email_late_payment_refunded":
      await emailParties(ctx, after, "refund_issued", (facts, audience) =>
        audience === "client" ? latePaymentRefundedClientEmail(facts) : latePaymentRefundedPsychicEmail(facts),
      );
      return;
    case "email_cancelled":
      await emailCancellation(ctx, after, effect, skipEmailTo);
      return;
    case "pay_psychic_share":
      await recordShare(ctx, after, effect, now);
      return;
    case "take_back_psychic_share":
      await takeBackShare(ctx, after, effect.takenCents, effect.why, now);
      return;
    case "email_moved": {
      const facts = await bookingFacts(ctx, after);
      await emailParties(
        ctx,
        after,
        "booking_rescheduled",
        (f, audience) => bookingRescheduledEmail(f, { audience, previousDate: effect.previousDate, previousTime: effect.previousTime, writtenAt: now }),
        { attachments: [bookingInvitation(facts)], facts },
      );
      return;
    }
  }
}

/**
 * Both parties hear of a cancellation, with the calendar's cancellation attached; the psychic's absence
 * is told to the client alone, with the refund.
 */
async function emailCancellation(
  ctx: MutationCtx,
  booking: Booking,
  effect: Extract<BookingEffect, { kind: "email_cancelled" }>,
  skipEmailTo?: Party,
) {
  if (effect.reason === "psychic_no_show") {
    await emailParties(ctx, booking, "refund_issued", (facts) => psychicAbsentClientEmail(facts, effect.refundCents), { only: "client" });
    return;
  }
  // A late payment's refund has its own email (email_late_payment_refunded).
  if (effect.reason === "late_payment") return;
  const reason = effect.reason;
  const facts = await bookingFacts(ctx, booking);
  const invitation = bookingInvitation({ ...facts, sequence: facts.sequence + 1 }, true);
  await emailParties(
    ctx,
    booking,
    "booking_cancelled",
    (f, audience) => bookingCancelledEmail(f, { audience, reason, refundCents: effect.refundCents, rebookUrl: rebookUrl(booking) }),
    { attachments: [invitation], except: skipEmailTo, facts },
  );
}
