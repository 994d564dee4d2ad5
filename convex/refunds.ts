// Money going back through Stripe. A refund is requested by an action with an idempotency key per
// booking, so a retry never refunds twice; its result is recorded on the booking, and a refund that
// keeps failing is left visible as failed (the admin's bookings list shows it, and may ask again),
// never lost.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { changeBooking } from "./lib/bookingLifecycle";
import { internalAction, internalMutation, internalQuery } from "./lib/functions";
import { stripeClient } from "./lib/stripe";
import { refundParams } from "./model/stripeRequests";

/** Attempts before a refund is left as failed; retries wait 1, 5 and 25 minutes. */
export const MAX_REFUND_ATTEMPTS = 4;
const retryDelayMs = (attempt: number) => 60_000 * 5 ** (attempt - 1);

export const getForRefund = internalQuery({
  args: { bookingId: v.id("bookings") },
  handler: async (ctx, { bookingId }) => ctx.db.get("bookings", bookingId),
});

export const refundBooking = internalAction({
  args: { bookingId: v.id("bookings"), attempt: v.number() },
  returns: v.null(),
  handler: async (ctx, { bookingId, attempt }) => {
    const booking = await ctx.runQuery(internal.refunds.getForRefund, { bookingId });
    if (booking === null || booking.refundStatus !== "pending" || !booking.refundCents) return null;
    try {
      const stripe = stripeClient();
      if (stripe === null) throw new Error("STRIPE_SECRET_KEY is not set");
      if (!booking.stripePaymentIntentId) throw new Error("no payment intent recorded for the booking");
      const retries = booking.refundRetries ?? 0;
      if (retries > 0) {
        // An admin's new series under a new key (Stripe replays a refused request's answer for 24 hours
        // under the old one). A refund made while its answer was lost would show on the charge: never twice.
        const intent = await stripe.paymentIntents.retrieve(booking.stripePaymentIntentId, { expand: ["latest_charge"] });
        const charge = intent.latest_charge;
        const refunded = typeof charge === "object" && charge !== null ? charge.amount_refunded : 0;
        if (refunded >= booking.refundCents) {
          await ctx.runMutation(internal.refunds.recordRefund, { bookingId, succeeded: true });
          return null;
        }
        if (refunded > 0) throw new Error(`the charge already has ${refunded} cents refunded: check it on Stripe's dashboard`);
      }
      const refund = await stripe.refunds.create(
        refundParams(bookingId, booking.stripePaymentIntentId, booking.refundCents),
        // One refund per booking, whatever the number of attempts in a series.
        { idempotencyKey: retries > 0 ? `refund-${bookingId}-retry-${retries}` : `refund-${bookingId}` },
      );
      await ctx.runMutation(internal.refunds.recordRefund, {
        bookingId,
        refundId: refund.id,
        succeeded: refund.status === "succeeded",
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.error(`Rimborso della prenotazione ${bookingId} non riuscito (tentativo ${attempt}): ${reason}`);
      await ctx.runMutation(internal.refunds.recordRefundFailure, { bookingId, attempt, reason });
    }
    return null;
  },
});

/** Stripe's answer to a refund; without `refundId` when the charge showed the refund already made. */
export const recordRefund = internalMutation({
  args: { bookingId: v.id("bookings"), refundId: v.optional(v.string()), succeeded: v.boolean() },
  returns: v.null(),
  handler: async (ctx, { bookingId, refundId, succeeded }) => {
    const booking = await ctx.db.get("bookings", bookingId);
    if (booking !== null) await changeBooking(ctx, booking, { kind: "refund_answered", refundId, succeeded }, Date.now());
    return null;
  },
});

export const recordRefundFailure = internalMutation({
  args: { bookingId: v.id("bookings"), attempt: v.number(), reason: v.string() },
  returns: v.null(),
  handler: async (ctx, { bookingId, attempt }) => {
    const booking = await ctx.db.get("bookings", bookingId);
    if (booking === null || booking.refundStatus !== "pending") return null;
    if (attempt < MAX_REFUND_ATTEMPTS) {
      await ctx.scheduler.runAfter(retryDelayMs(attempt), internal.refunds.refundBooking, { bookingId, attempt: attempt + 1 });
    } else {
      await changeBooking(ctx, booking, { kind: "refund_failed" }, Date.now());
    }
    return null;
  },
});
