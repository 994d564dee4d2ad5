// The demo's money at the local Stripe stand-in (convex/lib/demo/demoStandIn.ts): what the seed and the browser
// tests read and record there. Internal: no client can call them.
import { v } from "convex/values";
import { requestMissingDocuments } from "./lib/money/fiscalDocuments";
import { internal } from "./_generated/api";
import { attachDemoPayment } from "./lib/bookings/bookingLifecycle";
import { demoPayees, payAtStandIn, type UnpaidBooking } from "./lib/demo/demoStandIn";
import { internalAction, internalMutation, internalQuery } from "./lib/platform/functions";
import { fiscalDataFields } from "./framework/validators";
import { demoAccounts } from "./demo/data";

/** The seeded consultations given in the past that have no payment at Stripe yet (the demo's history). */
export const unpaidHistory = internalQuery({
  args: {},
  returns: v.array(v.object({ bookingId: v.id("bookings"), priceCents: v.number(), email: v.string() })),
  handler: async (ctx) => {
    const unpaid: UnpaidBooking[] = [];
    for (const profile of await ctx.db.query("psychicProfiles").take(50)) {
      const held = await ctx.db
        .query("bookings")
        .withIndex("by_psychicProfile_status_startsAt", (q) => q.eq("psychicProfileId", profile._id).eq("status", "completed"))
        .take(500);
      for (const booking of held) {
        if (booking.stripePaymentIntentId !== undefined) continue;
        const client = await ctx.db.get("users", booking.clientId);
        unpaid.push({ bookingId: booking._id, priceCents: booking.priceCents, email: client?.email ?? demoAccounts.client.email });
      }
    }
    return unpaid;
  },
});

export const attachPayment = internalMutation({
  args: { bookingId: v.id("bookings"), sessionId: v.string(), paymentIntentId: v.string() },
  returns: v.null(),
  handler: async (ctx, { bookingId, sessionId, paymentIntentId }) => {
    await attachDemoPayment(ctx, bookingId, sessionId, paymentIntentId);
    return null;
  },
});

/** A seeded booking (demo client or a past client) whose payment is due at the stand-in, for a test. */
export const bookingToPay = internalQuery({
  args: { bookingId: v.id("bookings") },
  returns: v.union(v.null(), v.object({ bookingId: v.id("bookings"), priceCents: v.number(), email: v.string() })),
  handler: async (ctx, { bookingId }) => {
    const booking = await ctx.db.get("bookings", bookingId);
    if (booking === null || booking.paidAt === undefined || booking.stripePaymentIntentId !== undefined) return null;
    const client = await ctx.db.get("users", booking.clientId);
    return { bookingId, priceCents: booking.priceCents, email: client?.email ?? demoAccounts.client.email };
  },
});

/** For a test: one seeded booking (e.g. seed:callNow's) paid at the stand-in, so its completion transfers. */
export const payBooking = internalAction({
  args: { bookingId: v.id("bookings") },
  returns: v.boolean(),
  handler: async (ctx, { bookingId }): Promise<boolean> => {
    const booking: UnpaidBooking | null = await ctx.runQuery(internal.seedPayouts.bookingToPay, { bookingId });
    return booking !== null && (await payAtStandIn(ctx, [booking])) === 1;
  },
});

export const payeeIds = internalQuery({
  args: {},
  returns: v.array(v.id("users")),
  handler: async (ctx) => {
    const ids = [];
    for (const payee of demoPayees) {
      const user = await ctx.db
        .query("users")
        .withIndex("email", (q) => q.eq("email", payee.email))
        .unique();
      if (user !== null) ids.push(user._id);
    }
    return ids;
  },
});

/** Shares of these psychics ready to go to Stripe. */
export const pendingTransfers = internalQuery({
  args: { psychicUserIds: v.array(v.id("users")) },
  returns: v.array(v.id("psychicTransfers")),
  handler: async (ctx, { psychicUserIds }) => {
    const ids = [];
    for (const psychicUserId of psychicUserIds) {
      const pending = await ctx.db
        .query("psychicTransfers")
        .withIndex("by_psychicUserId_state_transferredAt", (q) => q.eq("psychicUserId", psychicUserId).eq("state", "pending"))
        .take(500);
      ids.push(...pending.map((transfer) => transfer._id));
    }
    return ids;
  },
});

/** What the psychic enters in 'Dati fiscali' (the same fields as the onboarding form, for DAC7). */
export const recordFiscalData = internalMutation({
  args: {
    psychicUserId: v.id("users"),
    iban: v.string(),
    ...fiscalDataFields,
  },
  returns: v.null(),
  handler: async (ctx, { psychicUserId, ...fields }) => {
    const known = await ctx.db
      .query("psychicFiscalData")
      .withIndex("by_psychicUserId", (q) => q.eq("psychicUserId", psychicUserId))
      .unique();
    if (known === null) await ctx.db.insert("psychicFiscalData", { psychicUserId, ...fields, country: "IT", updatedAt: Date.now() });
    // Their past consultations' receipts and past months' commission invoices, as a real save of the data asks.
    await requestMissingDocuments(ctx, psychicUserId, Date.now());
    return null;
  },
});
