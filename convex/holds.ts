// A client's own payment holds (docs/product-rules.md, "Slots and holds"): the ones still payable, so
// the booking page and the dashboard show them as the client's (not as time someone took), and
// releasing one at once, which frees its time for everyone and expires its Checkout Session at Stripe.
import { v } from "convex/values";
import { bookingAsClientX } from "./lib/platform/access";
import { changeBookingX } from "./lib/bookings/bookingLifecycle";
import { fail } from "./framework/errors";
import { clientMutation, clientQuery } from "./lib/platform/functions";
import { requireInstant } from "./framework/time";
import { consultationType, durationMinutes } from "./framework/validators";
import { isLiveHold, MAX_LIVE_HOLDS, ownHoldRelease } from "./model/bookings";

const liveHold = v.object({
  id: v.id("bookings"),
  psychicProfileId: v.id("psychicProfiles"),
  psychicName: v.string(),
  /** A call or a chat: the banner names it, and 'Cambia orario' brings back that type's times. */
  consultationType,
  scheduledDate: v.string(),
  scheduledTime: v.string(),
  durationMinutes,
  priceCents: v.number(),
  /** Until when the time is held for the client. */
  holdExpiresAt: v.number(),
  /** The hold's Stripe Checkout page, where 'Completa il pagamento' goes. */
  checkoutUrl: v.string(),
});

/**
 * The viewer's holds still payable at the page's `now`, soonest consultation first; only those with
 * `psychicProfileId` when given (the booking page). Live: paying, releasing or the hold's end re-runs it.
 */
export const listMine = clientQuery({
  args: { now: v.number(), psychicProfileId: v.optional(v.string()) },
  returns: v.array(liveHold),
  handler: async (ctx, { now, psychicProfileId }) => {
    requireInstant(now);
    const profileId = psychicProfileId === undefined ? undefined : ctx.db.normalizeId("psychicProfiles", psychicProfileId);
    if (profileId === null) return [];
    // A client holds at most MAX_LIVE_HOLDS at once; unpaid ones whose job has not run yet are few more.
    const pending = await ctx.db
      .query("bookings")
      .withIndex("by_client_status_startsAt", (q) => q.eq("clientId", ctx.viewerId).eq("status", "pending_payment"))
      .take(MAX_LIVE_HOLDS * 10);
    return pending
      .filter((booking) => isLiveHold(booking, now) && (profileId === undefined || booking.psychicProfileId === profileId))
      .map((booking) => ({
        id: booking._id,
        psychicProfileId: booking.psychicProfileId,
        psychicName: booking.psychicName,
        consultationType: booking.consultationType,
        scheduledDate: booking.scheduledDate,
        scheduledTime: booking.scheduledTime,
        durationMinutes: booking.durationMinutes,
        priceCents: booking.priceCents,
        holdExpiresAt: booking.holdExpiresAt!,
        checkoutUrl: booking.checkoutUrl!,
      }));
  },
});

/**
 * The client gives up one of their own holds ('Cambia orario', or back from the checkout with
 * 'Annulla'): released at once, so the time is free on every open booking page, and its Checkout
 * Session expired at Stripe so it can no longer be paid. Only its client may; a hold already released
 * or lapsed answers "already_released" and changes nothing; a paid booking is refused (NOT_A_HOLD).
 * A released hold keeps counting against the client's limits on holds for the cool-down, as a lapsed one.
 */
export const releaseMine = clientMutation({
  args: { bookingId: v.string() },
  returns: v.union(v.literal("released"), v.literal("already_released")),
  handler: async (ctx, { bookingId }) => {
    const booking = await bookingAsClientX(ctx, ctx.viewerId, bookingId);
    const release = ownHoldRelease(booking.status);
    if (release === "NOT_A_HOLD") return fail("NOT_A_HOLD");
    if (release === "already_released") return "already_released";
    await changeBookingX(ctx, booking, { kind: "hold_released", why: "client_left" }, Date.now());
    return "released";
  },
});
