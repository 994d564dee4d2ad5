// Paying psychics with Stripe Connect (docs/product-rules.md, "Payouts"): the psychic's Express account
// and its onboarding, the Connect webhook's account state, and one transfer per held consultation from
// that booking's charge ("separate charges and transfers").
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { appUrl } from "./lib/addresses";
import { fail } from "./lib/errors";
import { internalAction, internalMutation, internalQuery, psychicAction, psychicQuery } from "./lib/functions";
import { ensurePayoutAccount, refreshPayoutAccount } from "./lib/connectAccounts";
import {
  applyAccountFacts,
  payoutAccountOf,
  recordPayout,
  recordPayoutAccount,
  recordReversalMade,
  recordReversalRefused,
  recordTransferMade,
  recordTransferRefused,
  releaseDueShare,
} from "./lib/payouts";
import { stripeClient, type Stripe } from "./lib/stripe";
import { payoutAccountState, payoutStatus } from "./lib/validators";
import { transferGroupOf, type PayoutAccountState } from "./model/payouts";
import { onboardingLinkParams, reversalParams, transferParams } from "./model/stripeRequests";

const accountFacts = v.object({
  detailsSubmitted: v.boolean(),
  payoutsEnabled: v.boolean(),
  transfersActive: v.boolean(),
  currentlyDue: v.array(v.string()),
  pendingVerification: v.array(v.string()),
});

function requireStripe(): Stripe {
  return stripeClient() ?? fail("PAYMENT_FAILED");
}

// ─── The psychic's account ───

/** The psychic's payout account as their settings card shows it; no Stripe id leaves the server. */
export const getMyAccount = psychicQuery({
  args: {},
  returns: v.object({ state: payoutAccountState, requirementsDue: v.array(v.string()) }),
  handler: async (ctx) => {
    const account = await payoutAccountOf(ctx, ctx.viewerId);
    return account === null
      ? { state: "not_started" as const, requirementsDue: [] }
      : { state: account.state, requirementsDue: account.requirementsDue };
  },
});

export const accountIdOf = internalQuery({
  args: { psychicUserId: v.id("users") },
  returns: v.union(v.string(), v.null()),
  handler: async (ctx, { psychicUserId }) => (await payoutAccountOf(ctx, psychicUserId))?.stripeAccountId ?? null,
});

export const recordAccount = internalMutation({
  args: { psychicUserId: v.id("users"), stripeAccountId: v.string() },
  returns: v.string(),
  handler: async (ctx, { psychicUserId, stripeAccountId }) => recordPayoutAccount(ctx, psychicUserId, stripeAccountId, Date.now()),
});

export const applyAccount = internalMutation({
  args: { stripeAccountId: v.string(), facts: accountFacts },
  returns: v.union(payoutAccountState, v.null()),
  handler: async (ctx, { stripeAccountId, facts }) => applyAccountFacts(ctx, stripeAccountId, facts, Date.now()),
});

/** 'Ricevi i pagamenti': the psychic's account (made once) and a Stripe onboarding link back to the settings. */
export const startOnboarding = psychicAction({
  args: {},
  returns: v.object({ url: v.string() }),
  handler: async (ctx) => {
    const stripeAccountId = await ensurePayoutAccount(ctx, ctx.viewerId);
    const link = await requireStripe().accountLinks.create(onboardingLinkParams(stripeAccountId, `${appUrl()}/psychic/settings`));
    return { url: link.url };
  },
});

/** The return page asks Stripe once, in case the webhook is still on its way. */
export const refreshMyAccount = psychicAction({
  args: {},
  returns: v.union(payoutAccountState, v.null()),
  handler: async (ctx): Promise<PayoutAccountState | null> => {
    const stripeAccountId: string | null = await ctx.runQuery(internal.payouts.accountIdOf, { psychicUserId: ctx.viewerId });
    return stripeAccountId === null ? null : refreshPayoutAccount(ctx, stripeAccountId);
  },
});


/** 'Apri il pannello Stripe': a login link, for an account that can be paid. */
export const dashboardLink = psychicAction({
  args: {},
  returns: v.object({ url: v.string() }),
  handler: async (ctx): Promise<{ url: string }> => {
    const mine = await ctx.runQuery(internal.payouts.accountIdOf, { psychicUserId: ctx.viewerId });
    const account = await ctx.runQuery(internal.payouts.accountStateOf, { psychicUserId: ctx.viewerId });
    if (mine === null || account !== "enabled") return fail("INVALID_STATE");
    const link = await requireStripe().accounts.createLoginLink(mine);
    return { url: link.url };
  },
});

export const accountStateOf = internalQuery({
  args: { psychicUserId: v.id("users") },
  returns: v.union(payoutAccountState, v.null()),
  handler: async (ctx, { psychicUserId }) => (await payoutAccountOf(ctx, psychicUserId))?.state ?? null,
});

// ─── The Connect webhook ───

/**
 * One verified Connect event, applied once (its id recorded with the effect, as the platform's are):
 * `account.updated` moves the account's state, and an account that can now be paid gets what waits for it.
 */
export const applyConnectEvent = internalMutation({
  args: {
    eventId: v.string(),
    type: v.string(),
    stripeAccountId: v.union(v.string(), v.null()),
    facts: v.optional(accountFacts),
    payout: v.optional(v.object({ id: v.string(), amountCents: v.number(), arrivalDate: v.number(), status: payoutStatus })),
  },
  returns: v.union(v.literal("applied"), v.literal("duplicate"), v.literal("ignored")),
  handler: async (ctx, event) => {
    const seen = await ctx.db
      .query("processedWebhookEvents")
      .withIndex("by_provider_eventId", (q) => q.eq("provider", "stripe_connect").eq("eventId", event.eventId))
      .first();
    if (seen !== null) return "duplicate";
    await ctx.db.insert("processedWebhookEvents", { provider: "stripe_connect", eventId: event.eventId, type: event.type, processedAt: Date.now() });
    if (event.stripeAccountId === null) return "ignored";
    if (event.type === "account.updated" && event.facts !== undefined) {
      return (await applyAccountFacts(ctx, event.stripeAccountId, event.facts, Date.now())) === null ? "ignored" : "applied";
    }
    if (event.payout !== undefined) return (await recordPayout(ctx, event.stripeAccountId, event.payout, Date.now())) ? "applied" : "ignored";
    return "ignored";
  },
});

// ─── Transfers ───

/** A scheduled share whose time came (a cancellation's, at the consultation's original end). */
export const releaseDue = internalMutation({
  args: { transferId: v.id("psychicTransfers") },
  returns: v.null(),
  handler: async (ctx, { transferId }) => {
    const transfer = await ctx.db.get("psychicTransfers", transferId);
    if (transfer !== null) await releaseDueShare(ctx, transfer, Date.now());
    return null;
  },
});

const transferToSend = v.union(
  v.null(),
  v.object({
    amountCents: v.number(),
    bookingId: v.id("bookings"),
    destination: v.string(),
    paymentIntentId: v.union(v.string(), v.null()),
    triedBefore: v.boolean(),
  }),
);

export const transferToSendOf = internalQuery({
  args: { transferId: v.id("psychicTransfers") },
  returns: transferToSend,
  handler: async (ctx, { transferId }) => {
    const transfer = await ctx.db.get("psychicTransfers", transferId);
    if (transfer === null || transfer.state !== "pending") return null;
    const account = await payoutAccountOf(ctx, transfer.psychicUserId);
    const booking = await ctx.db.get("bookings", transfer.bookingId);
    if (account === null || account.state !== "enabled" || booking === null) return null;
    return {
      amountCents: transfer.amountCents,
      bookingId: transfer.bookingId,
      destination: account.stripeAccountId,
      paymentIntentId: booking.stripePaymentIntentId ?? null,
      triedBefore: transfer.attempts > 0 || transfer.lastError !== undefined,
    };
  },
});

export const recordTransferResult = internalMutation({
  args: {
    transferId: v.id("psychicTransfers"),
    made: v.optional(v.object({ stripeTransferId: v.string(), amountCents: v.number() })),
    error: v.optional(v.string()),
  },
  returns: v.null(),
  handler: async (ctx, { transferId, made, error }) => {
    const transfer = await ctx.db.get("psychicTransfers", transferId);
    if (transfer === null) return null;
    if (made !== undefined) await recordTransferMade(ctx, transfer, made, Date.now());
    else await recordTransferRefused(ctx, transfer, error ?? "errore sconosciuto");
    return null;
  },
});

/**
 * Transfers a pending share from its booking's charge, under one idempotency key per share: however
 * many times this runs (the webhook, the retries, the admin), Stripe makes one transfer. A share tried
 * before is first looked up at Stripe, so a transfer made under an expired key is found, not repeated.
 */
export const sendTransfer = internalAction({
  args: { transferId: v.id("psychicTransfers") },
  returns: v.null(),
  handler: async (ctx, { transferId }) => {
    const toSend = await ctx.runQuery(internal.payouts.transferToSendOf, { transferId });
    if (toSend === null) return null;
    const stripe = stripeClient();
    try {
      if (stripe === null) throw new Error("STRIPE_SECRET_KEY is not set");
      const group = transferGroupOf(toSend.bookingId);
      if (toSend.triedBefore) {
        const made = await stripe.transfers.list({ transfer_group: group, destination: toSend.destination, limit: 10 });
        const mine = made.data.find((transfer) => transfer.metadata?.transferId === transferId);
        if (mine !== undefined) {
          await ctx.runMutation(internal.payouts.recordTransferResult, { transferId, made: { stripeTransferId: mine.id, amountCents: mine.amount } });
          return null;
        }
      }
      if (toSend.paymentIntentId === null) throw new Error("the booking has no payment");
      const intent = await stripe.paymentIntents.retrieve(toSend.paymentIntentId);
      const charge = typeof intent.latest_charge === "string" ? intent.latest_charge : intent.latest_charge?.id;
      if (!charge) throw new Error("the payment has no charge");
      const transfer = await stripe.transfers.create(
        transferParams({ transferId, bookingId: toSend.bookingId, amountCents: toSend.amountCents, destination: toSend.destination, charge }),
        { idempotencyKey: `transfer-${transferId}` },
      );
      await ctx.runMutation(internal.payouts.recordTransferResult, {
        transferId,
        made: { stripeTransferId: transfer.id, amountCents: transfer.amount },
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`Trasferimento ${transferId} non riuscito:`, message);
      await ctx.runMutation(internal.payouts.recordTransferResult, { transferId, error: message });
    }
    return null;
  },
});

// ─── Reversals ───

export const reversalToSendOf = internalQuery({
  args: { reversalId: v.id("transferReversals") },
  returns: v.union(
    v.null(),
    v.object({ stripeTransferId: v.string(), amountCents: v.number(), bookingId: v.id("bookings"), triedBefore: v.boolean() }),
  ),
  handler: async (ctx, { reversalId }) => {
    const reversal = await ctx.db.get("transferReversals", reversalId);
    if (reversal === null || reversal.state !== "pending") return null;
    const transfer = await ctx.db.get("psychicTransfers", reversal.transferId);
    if (transfer?.stripeTransferId === undefined) return null;
    return {
      stripeTransferId: transfer.stripeTransferId,
      amountCents: reversal.amountCents,
      bookingId: reversal.bookingId,
      triedBefore: reversal.attempts > 0 || reversal.lastError !== undefined,
    };
  },
});

export const recordReversalResult = internalMutation({
  args: { reversalId: v.id("transferReversals"), stripeReversalId: v.optional(v.string()), error: v.optional(v.string()) },
  returns: v.null(),
  handler: async (ctx, { reversalId, stripeReversalId, error }) => {
    const reversal = await ctx.db.get("transferReversals", reversalId);
    if (reversal === null) return null;
    if (stripeReversalId !== undefined) await recordReversalMade(ctx, reversal, stripeReversalId, Date.now());
    else await recordReversalRefused(ctx, reversal, error ?? "errore sconosciuto");
    return null;
  },
});

/**
 * Takes money back from a psychic's transfer at Stripe, once per reversal: one idempotency key each, and a
 * reversal tried before is first looked up among the transfer's reversals.
 */
export const sendReversal = internalAction({
  args: { reversalId: v.id("transferReversals") },
  returns: v.null(),
  handler: async (ctx, { reversalId }) => {
    const toSend = await ctx.runQuery(internal.payouts.reversalToSendOf, { reversalId });
    if (toSend === null) return null;
    try {
      const stripe = stripeClient();
      if (stripe === null) throw new Error("STRIPE_SECRET_KEY is not set");
      // Tried before: a reversal made under an expired key is found, not made again.
      if (toSend.triedBefore) {
        const made = await stripe.transfers.listReversals(toSend.stripeTransferId, { limit: 100 });
        const mine = made.data.find((candidate) => candidate.metadata?.reversalId === reversalId);
        if (mine !== undefined) {
          await ctx.runMutation(internal.payouts.recordReversalResult, { reversalId, stripeReversalId: mine.id });
          return null;
        }
      }
      const reversal = await stripe.transfers.createReversal(
        toSend.stripeTransferId,
        reversalParams({ reversalId, bookingId: toSend.bookingId, amountCents: toSend.amountCents }),
        { idempotencyKey: `reversal-${reversalId}` },
      );
      await ctx.runMutation(internal.payouts.recordReversalResult, { reversalId, stripeReversalId: reversal.id });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`Storno ${reversalId} non riuscito:`, message);
      await ctx.runMutation(internal.payouts.recordReversalResult, { reversalId, error: message });
    }
    return null;
  },
});
