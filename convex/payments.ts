// Paying for a consultation (docs/product-rules.md, "Slots and holds", "Payments and refunds"):
// a transactional hold, a Stripe Checkout Session, and fulfilment that runs once per session from
// either door (the verified webhook, or the success page asking Stripe).
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import type { MutationCtx } from "./_generated/server";
import { listedProfile } from "./lib/platform/access";
import { changeBooking, openHold } from "./lib/bookings/bookingLifecycle";
import { requireRoomForHold } from "./lib/bookings/bookingLimits";
import { blockingIntervals } from "./lib/bookings/bookingTime";
import { fail } from "./framework/errors";
import { clientAction, internalMutation } from "./lib/platform/functions";
import { originOfPass } from "./lib/platform/originPasses";
import { rateLimit } from "./lib/platform/rateLimits";
import { readSettings } from "./lib/platform/settings";
import { requireWithinSpendingLimit, spendRefusedAtPayment } from "./lib/money/spendingLimits";
import { checkoutConsentAt } from "./model/checkoutConsent";
import { paidSessionOf, stripeClient } from "./lib/money/stripe";
import { parseDate, parseTime } from "./framework/time";
import { appUrl } from "./lib/platform/addresses";
import { consultationType, durationMinutes } from "./framework/validators";
import { formatItalianDate } from "./model/format";
import { cleanNotes, consultationTypeWords, HOLD_MARGIN_MINUTES, HOLD_MINUTES, newBookingFields, NOTES_MAX_LENGTH } from "./model/bookings";
import { offeredTypesOf } from "./model/psychics";
import { dayWindow, overlaps, whyNotFree } from "./model/slots";
import { checkoutSessionParams } from "./model/stripeRequests";

const MINUTE_MS = 60_000;

const holdRequest = {
  psychicProfileId: v.string(),
  durationMinutes,
  // Voice when absent (a page from before chat).
  consultationType: v.optional(consultationType),
  date: v.string(),
  time: v.string(),
  notes: v.optional(v.string()),
  // From the HTTP action /origin-pass: the network origin the checkout limit counts under.
  originPass: v.optional(v.string()),
  // The tick on the booking page (model/checkoutConsent.ts): a checkout without it is refused.
  consent: v.optional(v.boolean()),
};

/**
 * Takes the time for the client in one transaction, after checking everything again: the account,
 * the switches, the psychic (listed and available), the duration, the time (free by the slot engine,
 * with notice), the notes, and the limits on holds and bookings. The price comes from the psychic's prices.
 */
export const createHold = internalMutation({
  args: { clientId: v.id("users"), ...holdRequest },
  returns: v.object({
    bookingId: v.id("bookings"),
    priceCents: v.number(),
    holdExpiresAt: v.number(),
    description: v.string(),
    clientEmail: v.union(v.string(), v.null()),
  }),
  handler: async (ctx, { clientId, psychicProfileId, durationMinutes: minutes, consultationType: type = "voice", date, time, notes, originPass, consent }) => {
    const client = await ctx.db.get("users", clientId);
    if (client === null || client.accountType !== "client") return fail("CLIENT_ONLY");
    if (consent !== true) return fail("CHECKOUT_CONSENT_REQUIRED");
    const settings = await readSettings(ctx);
    if (settings.maintenance_mode) return fail("MAINTENANCE_MODE");
    if (!settings.booking_enabled) return fail("BOOKING_DISABLED");
    parseDate(date);
    parseTime(time);
    const cleaned = cleanNotes(notes);
    if (cleaned !== undefined && cleaned.length > NOTES_MAX_LENGTH) return fail("INVALID_INPUT", { field: "notes" });

    const profile = await listedProfile(ctx, psychicProfileId);
    if (profile === null) return fail("NOT_FOUND");
    if (!profile.isAvailable) return fail("PSYCHIC_UNAVAILABLE");
    if (!profile.availableDurations.includes(minutes)) return fail("DURATION_NOT_OFFERED");
    if (!offeredTypesOf(profile).includes(type)) return fail("CONSULTATION_TYPE_NOT_OFFERED");

    const now = Date.now();
    const blocking = await blockingIntervals(ctx, profile._id, dayWindow(date), now);
    const refusal = whyNotFree({ availability: profile.availability, date, durationMinutes: minutes, blocking, nowMs: now }, time);
    if (refusal !== null) return fail(refusal);

    // Limits against locking a calendar, paid bookings counted (docs/product-rules.md, "Slots and holds").
    await requireRoomForHold(ctx, clientId, { psychicProfileId: profile._id, date }, now);
    if (client.emailVerificationTime === undefined) return fail("EMAIL_NOT_VERIFIED");
    const origin = await originOfPass(ctx, originPass);
    if (origin !== null && !(await rateLimit(ctx, { name: "checkoutsByOrigin", key: origin })).ok) return fail("RATE_LIMITED");

    const fields = newBookingFields(profile, clientId, { date, time, durationMinutes: minutes, consultationType: type });
    const priceCents = fields.priceCents;
    await requireWithinSpendingLimit(ctx, clientId, priceCents, now);
    const holdExpiresAt = now + (HOLD_MINUTES + HOLD_MARGIN_MINUTES) * MINUTE_MS;
    const bookingId = await openHold(ctx, { ...fields, notes: cleaned, checkoutConsent: checkoutConsentAt(now, fields) }, holdExpiresAt);
    return {
      bookingId,
      priceCents,
      holdExpiresAt,
      description: `${consultationTypeWords[type].consultation} con ${profile.psychicName}, ${formatItalianDate(date)} alle ${time} (${minutes} minuti)`,
      clientEmail: client.email ?? null,
    };
  },
});

export const attachCheckoutSession = internalMutation({
  args: { bookingId: v.id("bookings"), sessionId: v.string(), url: v.string() },
  returns: v.null(),
  handler: async (ctx, { bookingId, sessionId, url }) => {
    const booking = await ctx.db.get("bookings", bookingId);
    if (booking !== null) await changeBooking(ctx, booking, { kind: "checkout_opened", sessionId, url }, Date.now());
    return null;
  },
});

export const releaseHoldAfterFailure = internalMutation({
  args: { bookingId: v.id("bookings") },
  returns: v.null(),
  handler: async (ctx, { bookingId }) => {
    const booking = await ctx.db.get("bookings", bookingId);
    if (booking !== null) await changeBooking(ctx, booking, { kind: "hold_released", why: "checkout_failed" }, Date.now());
    return null;
  },
});

/** Scheduled at the hold's end: an unpaid booking stops holding its time (queries never read the clock). */
export const expireHold = internalMutation({
  args: { bookingId: v.id("bookings") },
  returns: v.null(),
  handler: async (ctx, { bookingId }) => {
    const booking = await ctx.db.get("bookings", bookingId);
    if (booking !== null) await changeBooking(ctx, booking, { kind: "hold_released", why: "hold_ended" }, Date.now());
    return null;
  },
});

type Hold = {
  bookingId: Id<"bookings">;
  priceCents: number;
  holdExpiresAt: number;
  description: string;
  clientEmail: string | null;
};

/**
 * Starts paying: holds the time, then opens a Stripe Checkout Session for exactly that booking and
 * price. If Stripe fails, the hold is released at once: no hold is ever left behind.
 */
export const startCheckout = clientAction({
  args: holdRequest,
  returns: v.object({ url: v.string(), bookingId: v.id("bookings") }),
  handler: async (ctx, args): Promise<{ url: string; bookingId: Id<"bookings"> }> => {
    const hold: Hold = await ctx.runMutation(internal.payments.createHold, { clientId: ctx.viewerId, ...args });
    const stripe = stripeClient();
    try {
      if (stripe === null) throw new Error("STRIPE_SECRET_KEY is not set");
      const session = await stripe.checkout.sessions.create(checkoutSessionParams(hold, appUrl()), { idempotencyKey: `checkout-${hold.bookingId}` });
      if (!session.url) throw new Error("Stripe returned no checkout URL");
      await ctx.runMutation(internal.payments.attachCheckoutSession, {
        bookingId: hold.bookingId,
        sessionId: session.id,
        url: session.url,
      });
      return { url: session.url, bookingId: hold.bookingId };
    } catch (error) {
      console.error(`Checkout per la prenotazione ${hold.bookingId} non creato:`, error instanceof Error ? error.message : error);
      await ctx.runMutation(internal.payments.releaseHoldAfterFailure, { bookingId: hold.bookingId });
      return fail("PAYMENT_FAILED");
    }
  },
});

type PaidSession = ReturnType<typeof paidSessionOf>;
type Fulfilment = "confirmed" | "refunding" | "already" | "unknown";

const paidSession = {
  sessionId: v.string(),
  bookingId: v.union(v.string(), v.null()),
  paymentIntentId: v.union(v.string(), v.null()),
  amountTotal: v.union(v.number(), v.null()),
};
const fulfilment = v.union(v.literal("confirmed"), v.literal("refunding"), v.literal("already"), v.literal("unknown"));

/**
 * Confirms a paid Checkout Session, once: a second call for the same session changes nothing.
 * A payment for a booking whose hold lapsed is still honoured if its time is free; if someone else
 * has taken the time since (or the consultation is already past), it is refunded in full
 * (model/bookingTransitions.ts decides).
 */
async function fulfil(ctx: MutationCtx, paid: PaidSession): Promise<Fulfilment> {
  const byId = paid.bookingId === null ? null : ctx.db.normalizeId("bookings", paid.bookingId);
  const booking =
    (byId ? await ctx.db.get("bookings", byId) : null) ??
    (await ctx.db
      .query("bookings")
      .withIndex("by_checkoutSession", (q) => q.eq("stripeCheckoutSessionId", paid.sessionId))
      .first());
  // A session of another booking, or of none we know: nothing to do.
  if (booking === null || (booking.stripeCheckoutSessionId && booking.stripeCheckoutSessionId !== paid.sessionId)) return "unknown";
  const now = Date.now();
  const others = await blockingIntervals(ctx, booking.psychicProfileId, dayWindow(booking.scheduledDate), now, booking._id);
  // A client who deleted the account, or a psychic whose profile is gone, before the payment landed.
  const partyGone =
    (await ctx.db.get("users", booking.clientId)) === null || (await ctx.db.get("psychicProfiles", booking.psychicProfileId)) === null;
  const result = await changeBooking(
    ctx,
    booking,
    {
      kind: "paid",
      sessionId: paid.sessionId,
      paymentIntentId: paid.paymentIntentId,
      amountCents: paid.amountTotal,
      othersOverlap: others.some((other) => overlaps(booking, other)),
      partyGone,
      spendRefused: await spendRefusedAtPayment(ctx, booking, now),
    },
    now,
  );
  if (result.outcome !== "changed") return "already";
  return result.patch.status === "confirmed" ? "confirmed" : "refunding";
}

/** A Checkout Session that ended unpaid frees its booking's time (idempotent). */
async function releaseForExpiredSession(ctx: MutationCtx, sessionId: string, bookingId: string | null) {
  const id = bookingId === null ? null : ctx.db.normalizeId("bookings", bookingId);
  const booking = id ? await ctx.db.get("bookings", id) : null;
  if (booking !== null && (booking.stripeCheckoutSessionId ?? sessionId) === sessionId) {
    await changeBooking(ctx, booking, { kind: "hold_released", why: "session_expired" }, Date.now());
  }
}

/**
 * `charge.refunded` from Stripe: what the charge has had refunded in all, whoever refunded it (the app, or
 * support in Stripe's dashboard). Returns whether it was about a booking we know.
 */
async function markChargeRefunded(ctx: MutationCtx, paymentIntentId: string, amountRefunded: number) {
  const booking = await bookingOfPayment(ctx, paymentIntentId);
  if (booking === null) return false;
  await changeBooking(ctx, booking, { kind: "charge_refunded", amountRefundedCents: amountRefunded }, Date.now());
  return true;
}

function bookingOfPayment(ctx: MutationCtx, paymentIntentId: string) {
  return ctx.db
    .query("bookings")
    .withIndex("by_paymentIntent", (q) => q.eq("stripePaymentIntentId", paymentIntentId))
    .first();
}

/** `charge.dispute.created`: the booking shows the dispute to the admin and the psychic's share comes back. */
async function markDisputed(ctx: MutationCtx, paymentIntentId: string, disputeId: string, amountCents: number) {
  const booking = await bookingOfPayment(ctx, paymentIntentId);
  if (booking === null) return false;
  return (await changeBooking(ctx, booking, { kind: "disputed", disputeId, amountCents }, Date.now())).outcome === "changed";
}

/**
 * One verified Stripe event, applied once: its id is recorded in the same transaction as its effect,
 * so a replayed, duplicated or late delivery changes nothing. Events about bookings we do not know
 * are recorded and ignored.
 */
export const applyStripeEvent = internalMutation({
  args: {
    eventId: v.string(),
    type: v.string(),
    sessionId: v.optional(v.string()),
    bookingId: v.optional(v.union(v.string(), v.null())),
    paymentStatus: v.optional(v.string()),
    paymentIntentId: v.optional(v.union(v.string(), v.null())),
    amountTotal: v.optional(v.union(v.number(), v.null())),
    amountRefunded: v.optional(v.number()),
    disputeId: v.optional(v.string()),
    amountDisputed: v.optional(v.number()),
  },
  returns: v.union(v.literal("applied"), v.literal("duplicate"), v.literal("ignored")),
  handler: async (ctx, event) => {
    const seen = await ctx.db
      .query("processedWebhookEvents")
      .withIndex("by_provider_eventId", (q) => q.eq("provider", "stripe").eq("eventId", event.eventId))
      .first();
    if (seen !== null) return "duplicate";
    await ctx.db.insert("processedWebhookEvents", {
      provider: "stripe",
      eventId: event.eventId,
      type: event.type,
      processedAt: Date.now(),
    });
    const bookingId = event.bookingId ?? null;
    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded":
        if (event.sessionId === undefined || event.paymentStatus !== "paid") return "ignored";
        return (await fulfil(ctx, {
          sessionId: event.sessionId,
          bookingId,
          paymentIntentId: event.paymentIntentId ?? null,
          amountTotal: event.amountTotal ?? null,
        })) === "unknown"
          ? "ignored"
          : "applied";
      case "checkout.session.expired":
        if (event.sessionId === undefined) return "ignored";
        await releaseForExpiredSession(ctx, event.sessionId, bookingId);
        return "applied";
      case "charge.refunded":
        if (!event.paymentIntentId) return "ignored";
        return (await markChargeRefunded(ctx, event.paymentIntentId, event.amountRefunded ?? 0)) ? "applied" : "ignored";
      case "charge.dispute.created":
        if (!event.paymentIntentId || event.disputeId === undefined) return "ignored";
        return (await markDisputed(ctx, event.paymentIntentId, event.disputeId, event.amountDisputed ?? 0)) ? "applied" : "ignored";
      default:
        return "ignored";
    }
  },
});

/** The success page's door to fulfilment, for the booking's own client only. */
export const fulfilForClient = internalMutation({
  args: { clientId: v.id("users"), ...paidSession },
  returns: fulfilment,
  handler: async (ctx, { clientId, ...paid }) => {
    const id = paid.bookingId === null ? null : ctx.db.normalizeId("bookings", paid.bookingId);
    const booking = id ? await ctx.db.get("bookings", id) : null;
    if (booking === null || booking.clientId !== clientId) return fail("FORBIDDEN");
    return fulfil(ctx, paid);
  },
});

const CHECKOUT_SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

/**
 * The success page asks Stripe about the session and fulfils it if paid, so a late webhook never
 * leaves a paid client waiting (Stripe's fulfilment guide). The page then shows the booking live.
 */
export const confirmFromSuccessPage = clientAction({
  args: { sessionId: v.string() },
  returns: v.object({ status: v.union(v.literal("paid"), v.literal("unpaid"), v.literal("unknown")) }),
  handler: async (ctx, { sessionId }): Promise<{ status: "paid" | "unpaid" | "unknown" }> => {
    if (!CHECKOUT_SESSION_ID.test(sessionId)) return fail("INVALID_INPUT", { field: "sessionId" });
    const stripe = stripeClient();
    if (stripe === null) return { status: "unknown" };
    let session;
    try {
      session = await stripe.checkout.sessions.retrieve(sessionId);
    } catch (error) {
      console.warn(`Sessione ${sessionId} non recuperata:`, error instanceof Error ? error.message : error);
      return { status: "unknown" };
    }
    if (session.payment_status !== "paid") return { status: "unpaid" };
    await ctx.runMutation(internal.payments.fulfilForClient, { clientId: ctx.viewerId, ...paidSessionOf(session) });
    return { status: "paid" };
  },
});
