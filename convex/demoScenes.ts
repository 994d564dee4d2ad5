// Moments of the product set up on the demo data at once, for trying them by hand
// (`npx convex run demoScenes:pendingPsychic '{"psychicName":"Lyra"}'`) and for the browser tests,
// which would otherwise click for a minute to reach them. Internal: no client can call them.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { changeBooking, shortenDemoWindow } from "./lib/bookings/bookingLifecycle";
import { internalMutation } from "./lib/platform/functions";
import { giveSlug } from "./lib/psychics/profileAddress";
import { pendingPsychicProfile } from "./demo/adminData";

/**
 * A new psychic account whose complete profile waits for the admin's review, as Vega's does in the
 * demo: each call makes another, so tests that approve or reject one never race for the same.
 */
export const pendingPsychic = internalMutation({
  args: { psychicName: v.string() },
  returns: v.object({ userId: v.id("users"), profileId: v.id("psychicProfiles"), email: v.string() }),
  handler: async (ctx, { psychicName }) => {
    const name = psychicName.trim();
    if (name.length === 0 || name.length > 60) throw new Error("psychicName: 1 to 60 characters");
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    const userId = await ctx.db.insert("users", { name: `${name} Prova`, accountType: "psychic", consentGivenAt: Date.now() });
    // The id makes the address unique however many are made at once.
    const email = `${slug}.${userId.slice(-8)}@esempio.it`;
    await ctx.db.patch("users", userId, { email });
    const profileId = await ctx.db.insert("psychicProfiles", pendingPsychicProfile(userId, name));
    // Sent for review, so published once: it has its readable address.
    await giveSlug(ctx, profileId);
    return { userId, profileId, email };
  },
});

/**
 * Brings the end of a consultation that is under way to `inSeconds` from now, so the room's closing
 * can be watched without waiting out a real window, and settles it then. Only a confirmed booking that has started.
 */
export const endCallIn = internalMutation({
  args: { bookingId: v.id("bookings"), inSeconds: v.number() },
  returns: v.number(),
  handler: async (ctx, { bookingId, inSeconds }) => {
    const booking = await ctx.db.get("bookings", bookingId);
    const now = Date.now();
    if (booking === null || booking.status !== "confirmed" || booking.startsAt > now) {
      throw new Error("endCallIn: only a confirmed consultation under way");
    }
    if (!Number.isFinite(inSeconds) || inSeconds < 0 || inSeconds > 3600) throw new Error("inSeconds: 0 to 3600");
    const endsAt = now + Math.round(inSeconds * 1000);
    await shortenDemoWindow(ctx, booking, endsAt);
    // Settled at the new end, as a real window's end is (the room then offers the review and the outcome).
    await ctx.scheduler.runAt(endsAt, internal.calls.settle, { bookingId });
    return endsAt;
  },
});

/**
 * `count` new client accounts with proven addresses and no password, for load scenarios (the bench's
 * slots fan-out takes one hold per client, as the limits on holds allow: docs/product-rules.md).
 */
export const newClients = internalMutation({
  args: { count: v.number() },
  returns: v.array(v.id("users")),
  handler: async (ctx, { count }) => {
    if (!Number.isInteger(count) || count < 1 || count > 500) throw new Error("count: 1 to 500");
    const now = Date.now();
    const ids = [];
    for (let index = 0; index < count; index++) {
      const userId = await ctx.db.insert("users", {
        name: `Cliente Prova ${index + 1}`,
        accountType: "client",
        consentGivenAt: now,
        emailVerificationTime: now,
      });
      await ctx.db.patch("users", userId, { email: `cliente.prova.${userId.slice(-8)}@esempio.it` });
      ids.push(userId);
    }
    return ids;
  },
});

/**
 * A paid consultation that its psychic cancels and whose refund Stripe keeps refusing, as if every
 * attempt had failed (the admin's 'Riprova il rimborso' then sends it again): for the client's and
 * the admin's views of a failed refund. Only a confirmed, paid booking that has not started.
 */
export const refundFailsFor = internalMutation({
  args: { bookingId: v.id("bookings") },
  returns: v.null(),
  handler: async (ctx, { bookingId }) => {
    const booking = await ctx.db.get("bookings", bookingId);
    const now = Date.now();
    if (booking === null || booking.status !== "confirmed" || booking.paidAt === undefined || booking.startsAt <= now) {
      throw new Error("refundFailsFor: only a confirmed, paid consultation that has not started");
    }
    await changeBooking(ctx, booking, { kind: "cancelled", reason: "psychic_cancelled", refundCents: booking.priceCents }, now);
    // The refund the cancellation asked for is pending; failing it now leaves the scheduled attempt nothing to do.
    const cancelled = await ctx.db.get("bookings", bookingId);
    if (cancelled !== null) await changeBooking(ctx, cancelled, { kind: "refund_failed" }, now);
    return null;
  },
});
