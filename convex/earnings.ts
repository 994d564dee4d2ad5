// What a psychic reads of their money (docs/product-rules.md, "Payouts"): 'Guadagni' — each
// consultation's share and its transfer, Stripe's payouts to the bank, the connected account's balance —
// and the monthly statement ('Estratto conto') the page turns into a PDF.
import { v, type Infer } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc } from "./_generated/dataModel";
import { fail } from "./framework/errors";
import { psychicAction, psychicQuery } from "./lib/platform/functions";
import { stripeClient } from "./lib/money/stripe";
import { romeMonthBounds } from "./framework/time";
import { payoutStatus, shareReason, transferState } from "./framework/validators";
import { psychicMonthOf, sharesOfMonths } from "./lib/money/ledger";
import { creditedCents, psychicMonth } from "./model/ledger";
import { isStatementMonth, vatIncludedIn } from "./model/payouts";

const earningRow = v.object({
  bookingId: v.id("bookings"),
  scheduledDate: v.string(),
  scheduledTime: v.string(),
  durationMinutes: v.number(),
  reason: shareReason,
  grossCents: v.number(),
  commissionCents: v.number(),
  amountCents: v.number(),
  state: transferState,
  dueAt: v.number(),
  transferredAt: v.union(v.number(), v.null()),
  // Taken back afterwards (a refund made at Stripe, a dispute).
  reversedCents: v.number(),
  // What the share credits the psychic: the share less what was taken back (model/ledger.ts creditedCents).
  netCents: v.number(),
});

/** A psychic's month as the one ledger defines it (model/ledger.ts psychicMonth). */
const monthFigures = v.object({
  month: v.string(),
  earnedCents: v.number(),
  consultationsCents: v.number(),
  cancellationsCents: v.number(),
  grossCents: v.number(),
  commissionCents: v.number(),
  reversedCents: v.number(),
  shares: v.number(),
});

/** A share as 'Guadagni' and the statement show it, with its consultation's date, time and length. */
function earningRowOf(share: Doc<"psychicTransfers">, booking: Doc<"bookings">): Infer<typeof earningRow> {
  return {
    bookingId: share.bookingId,
    scheduledDate: booking.scheduledDate,
    scheduledTime: booking.scheduledTime,
    durationMinutes: booking.durationMinutes,
    reason: share.reason,
    grossCents: share.grossCents,
    commissionCents: share.commissionCents,
    amountCents: share.amountCents,
    state: share.state,
    dueAt: share.dueAt,
    transferredAt: share.transferredAt ?? null,
    reversedCents: share.reversedCents ?? 0,
    netCents: creditedCents(share),
  };
}

/** How many consultations' shares 'Guadagni' lists, newest first. */
export const EARNINGS_SHOWN = 200;

/** Each consultation's share, newest first: gross, commission, net and where its transfer is. */
export const listMyEarnings = psychicQuery({
  args: {},
  returns: v.array(earningRow),
  handler: async (ctx) => {
    const shares = await ctx.db
      .query("psychicTransfers")
      .withIndex("by_psychicUserId_dueAt", (q) => q.eq("psychicUserId", ctx.viewerId))
      .order("desc")
      .take(EARNINGS_SHOWN);
    const rows = [];
    for (const share of shares) {
      const booking = await ctx.db.get("bookings", share.bookingId);
      if (booking !== null) rows.push(earningRowOf(share, booking));
    }
    return rows;
  },
});

/** Stripe's payouts of the psychic's account to their bank, newest first. */
export const listMyPayouts = psychicQuery({
  args: {},
  returns: v.array(v.object({ stripePayoutId: v.string(), amountCents: v.number(), arrivalDate: v.number(), status: payoutStatus })),
  handler: async (ctx) => {
    const payouts = await ctx.db
      .query("psychicPayouts")
      .withIndex("by_psychicUserId_arrivalDate", (q) => q.eq("psychicUserId", ctx.viewerId))
      .order("desc")
      .take(100);
    return payouts.map(({ stripePayoutId, amountCents, arrivalDate, status }) => ({ stripePayoutId, amountCents, arrivalDate, status }));
  },
});

/** The connected account's balance at Stripe, in euro cents: available now, and on its way. */
export const myBalance = psychicAction({
  args: {},
  returns: v.union(v.null(), v.object({ availableCents: v.number(), pendingCents: v.number() })),
  handler: async (ctx): Promise<{ availableCents: number; pendingCents: number } | null> => {
    const stripeAccountId: string | null = await ctx.runQuery(internal.payouts.accountIdOf, { psychicUserId: ctx.viewerId });
    if (stripeAccountId === null) return null;
    const stripe = stripeClient() ?? fail("PAYMENT_FAILED");
    const balance = await stripe.balance.retrieve({}, { stripeAccount: stripeAccountId });
    const eur = (entries: Array<{ amount: number; currency: string }>) =>
      entries.filter((entry) => entry.currency === "eur").reduce((sum, entry) => sum + entry.amount, 0);
    return { availableCents: eur(balance.available), pendingCents: eur(balance.pending) };
  },
});

/**
 * What the psychic earned in a Rome month: the figure 'Guadagni' shows, the dashboard's card and the
 * statement read the same shares with the same definition (model/ledger.ts psychicMonth).
 */
export const myMonth = psychicQuery({
  args: { month: v.string() },
  returns: monthFigures,
  handler: async (ctx, { month }) => {
    if (!isStatementMonth(month)) return fail("INVALID_INPUT", { field: "month" });
    return psychicMonthOf(ctx, ctx.viewerId, month);
  },
});

/**
 * The monthly statement ('Estratto conto') of a Rome month: the month's shares (model/ledger.ts shareMonth)
 * with their gross, commission (IVA included, stated) and net, what the month earned, the transfers made in
 * it and Stripe's payouts.
 */
export const myStatement = psychicQuery({
  args: { month: v.string() },
  returns: v.object({
    month: v.string(),
    psychicName: v.string(),
    lines: v.array(earningRow),
    totals: v.object({
      grossCents: v.number(),
      commissionCents: v.number(),
      commissionVatCents: v.number(),
      reversedCents: v.number(),
      earnedCents: v.number(),
    }),
    transferredCents: v.number(),
    payouts: v.array(v.object({ arrivalDate: v.number(), amountCents: v.number(), status: payoutStatus })),
  }),
  handler: async (ctx, { month }) => {
    if (!isStatementMonth(month)) return fail("INVALID_INPUT", { field: "month" });
    const { from, to } = romeMonthBounds(month);
    // The month's shares, as every screen counts them: by the Rome month they were credited (model/ledger.ts shareMonth).
    const shares = await sharesOfMonths(ctx, ctx.viewerId, month, month);
    const lines: Array<Infer<typeof earningRow>> = [];
    for (const share of shares) {
      const booking = await ctx.db.get("bookings", share.bookingId);
      if (booking !== null) lines.push(earningRowOf(share, booking));
    }
    lines.sort((a, b) => `${a.scheduledDate}${a.scheduledTime}`.localeCompare(`${b.scheduledDate}${b.scheduledTime}`));
    const figures = psychicMonth(month, shares);
    const transferred = await ctx.db
      .query("psychicTransfers")
      .withIndex("by_psychicUserId_state_transferredAt", (q) =>
        q.eq("psychicUserId", ctx.viewerId).eq("state", "transferred").gte("transferredAt", from).lt("transferredAt", to),
      )
      .take(2000);
    const payouts = await ctx.db
      .query("psychicPayouts")
      .withIndex("by_psychicUserId_arrivalDate", (q) => q.eq("psychicUserId", ctx.viewerId).gte("arrivalDate", from).lt("arrivalDate", to))
      .take(100);
    const profile = await ctx.db
      .query("psychicProfiles")
      .withIndex("by_userId", (q) => q.eq("userId", ctx.viewerId))
      .unique();
    return {
      month,
      psychicName: profile?.psychicName ?? (await ctx.db.get("users", ctx.viewerId))?.name ?? "",
      lines,
      totals: {
        grossCents: figures.grossCents,
        commissionCents: figures.commissionCents,
        commissionVatCents: vatIncludedIn(figures.commissionCents),
        reversedCents: figures.reversedCents,
        earnedCents: figures.earnedCents,
      },
      transferredCents: transferred.reduce((total, share) => total + share.amountCents, 0),
      payouts: payouts.map(({ arrivalDate, amountCents, status }) => ({ arrivalDate, amountCents, status })),
    };
  },
});
