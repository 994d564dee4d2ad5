// Paying psychics with Stripe Connect (docs/product-rules.md, "Payouts"): the psychic's Express account
// and its onboarding, the Connect webhook's account state, and the release of a share at its time. The
// transfers and reversals themselves are provider jobs (convex/providerJobs.ts).
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { appUrl } from "./lib/platform/addresses";
import { fail } from "./framework/errors";
import { internalMutation, internalQuery, psychicAction, psychicQuery } from "./lib/platform/functions";
import { ensurePayoutAccount, refreshPayoutAccount } from "./lib/money/connectAccounts";
import { applyAccountFacts, payoutAccountOf, recordPayout, recordPayoutAccount, releaseDueShare } from "./lib/money/payouts";
import { stripeClient, type Stripe } from "./lib/money/stripe";
import { payoutAccountState, payoutStatus } from "./framework/validators";
import type { PayoutAccountState } from "./model/payouts";
import { onboardingLinkParams } from "./model/stripeRequests";

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
