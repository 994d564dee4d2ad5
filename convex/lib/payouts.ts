// The psychics' shares on their way to Stripe (docs/product-rules.md, "Payouts"): the only code that
// writes `psychicTransfers` and `payoutAccounts`. The booking lifecycle records a share when a
// consultation is held or a client's cancellation leaves money with the platform; the Connect webhook
// moves the account's state; the send action (convex/payouts.ts) makes the transfer at Stripe.
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import {
  initialTransferState,
  reversalFor,
  retryDelayMs,
  bookingMoney,
  shareOf,
  type BookingMoney,
  type ConnectAccountFacts,
  type ShareReason,
} from "../model/payouts";
import { payoutStateOf } from "../model/payouts";
import type { Stripe } from "./stripe";

type Booking = Doc<"bookings">;

export async function payoutAccountOf(ctx: QueryCtx, psychicUserId: Id<"users">): Promise<Doc<"payoutAccounts"> | null> {
  return ctx.db
    .query("payoutAccounts")
    .withIndex("by_psychicUserId", (q) => q.eq("psychicUserId", psychicUserId))
    .unique();
}

/** Sends a share now, or at its due time; the send action checks the row again when it runs. */
async function scheduleSend(ctx: MutationCtx, transfer: Pick<Doc<"psychicTransfers">, "_id" | "state" | "dueAt">, now: number) {
  if (transfer.state === "pending") await ctx.scheduler.runAfter(0, internal.payouts.sendTransfer, { transferId: transfer._id });
  if (transfer.state === "scheduled")
    await ctx.scheduler.runAt(Math.max(now, transfer.dueAt), internal.payouts.releaseDue, { transferId: transfer._id });
}

/**
 * The psychic is owed their share of `grossCents` of this booking: recorded once per booking (a replayed
 * job or a corrected outcome records nothing more), sent when due if their account can take it,
 * otherwise kept 'In attesa di attivazione pagamenti' until it can.
 */
export async function recordShare(
  ctx: MutationCtx,
  booking: Booking,
  share: { reason: ShareReason; grossCents: number; dueAt: number },
  now: number,
): Promise<void> {
  const existing = await ctx.db
    .query("psychicTransfers")
    .withIndex("by_bookingId", (q) => q.eq("bookingId", booking._id))
    .first();
  if (existing !== null || share.grossCents <= 0) return;
  const account = await payoutAccountOf(ctx, booking.psychicUserId);
  const state = initialTransferState(share.dueAt, now, account?.state === "enabled");
  const transferId = await ctx.db.insert("psychicTransfers", {
    bookingId: booking._id,
    psychicUserId: booking.psychicUserId,
    reason: share.reason,
    ...shareOf(share.grossCents),
    state,
    dueAt: share.dueAt,
    attempts: 0,
  });
  await scheduleSend(ctx, { _id: transferId, state, dueAt: share.dueAt }, now);
}

/** A share whose time came: ready to send if the account can take it, otherwise waiting for it. */
export async function releaseDueShare(ctx: MutationCtx, transfer: Doc<"psychicTransfers">, now: number): Promise<void> {
  if (transfer.state !== "scheduled" || transfer.dueAt > now) return;
  const account = await payoutAccountOf(ctx, transfer.psychicUserId);
  const state = account?.state === "enabled" ? "pending" : "awaiting_onboarding";
  await ctx.db.patch("psychicTransfers", transfer._id, { state });
  await scheduleSend(ctx, { ...transfer, state }, now);
}

/** The psychic's Connect account, made at Stripe: recorded once (a second one for the same psychic is ignored). */
export async function recordPayoutAccount(ctx: MutationCtx, psychicUserId: Id<"users">, stripeAccountId: string, now: number) {
  const existing = await payoutAccountOf(ctx, psychicUserId);
  if (existing !== null) return existing.stripeAccountId;
  await ctx.db.insert("payoutAccounts", { psychicUserId, stripeAccountId, state: "not_started", requirementsDue: [], updatedAt: now });
  return stripeAccountId;
}

/**
 * What Stripe says of a connected account (`account.updated`, or the return page asking once). When the
 * account can take transfers, every share waiting for it that is due goes out, each once.
 */
export async function applyAccountFacts(ctx: MutationCtx, stripeAccountId: string, facts: ConnectAccountFacts, now: number) {
  const account = await ctx.db
    .query("payoutAccounts")
    .withIndex("by_stripeAccountId", (q) => q.eq("stripeAccountId", stripeAccountId))
    .unique();
  if (account === null) return null;
  const state = payoutStateOf(facts);
  await ctx.db.patch("payoutAccounts", account._id, { state, requirementsDue: [...facts.currentlyDue], updatedAt: now });
  if (state === "enabled") {
    const waiting = await ctx.db
      .query("psychicTransfers")
      .withIndex("by_psychicUserId_state_transferredAt", (q) => q.eq("psychicUserId", account.psychicUserId).eq("state", "awaiting_onboarding"))
      .collect();
    for (const transfer of waiting) {
      await ctx.db.patch("psychicTransfers", transfer._id, { state: "pending" });
      await scheduleSend(ctx, { ...transfer, state: "pending" }, now);
    }
  }
  return state;
}

/**
 * Stripe made the transfer (or had made it under the same key): the share is paid, once. If the share
 * shrank while the transfer was on its way (the client got money back meanwhile), the difference is
 * taken back at once.
 */
export async function recordTransferMade(
  ctx: MutationCtx,
  transfer: Doc<"psychicTransfers">,
  made: { stripeTransferId: string; amountCents: number },
  now: number,
) {
  if (transfer.state === "transferred") return;
  await ctx.db.patch("psychicTransfers", transfer._id, {
    state: "transferred",
    stripeTransferId: made.stripeTransferId,
    transferredAt: now,
    lastError: undefined,
    amountCents: made.amountCents,
  });
  const excess = made.amountCents - (transfer.state === "withheld" ? 0 : transfer.amountCents);
  if (excess > 0) await startReversal(ctx, { ...transfer, amountCents: made.amountCents }, excess, "refund");
}

async function startReversal(ctx: MutationCtx, transfer: Doc<"psychicTransfers">, amountCents: number, why: "refund" | "dispute") {
  const reversalId = await ctx.db.insert("transferReversals", {
    transferId: transfer._id,
    bookingId: transfer.bookingId,
    why,
    amountCents,
    state: "pending",
    attempts: 0,
  });
  await ctx.db.patch("psychicTransfers", transfer._id, { reversedCents: (transfer.reversedCents ?? 0) + amountCents });
  await ctx.scheduler.runAfter(0, internal.payouts.sendReversal, { reversalId });
}

/**
 * The client got `takenCents` of the booking's payment back (a refund made at Stripe, a dispute) after
 * the psychic's share was owed. A share already transferred gives back the same proportion (a transfer
 * reversal, never more than is left of it); one not yet transferred shrinks, or is withheld when nothing
 * of the gross is left.
 */
export async function takeBackShare(ctx: MutationCtx, booking: Booking, takenCents: number, why: "refund" | "dispute") {
  const share = await ctx.db
    .query("psychicTransfers")
    .withIndex("by_bookingId", (q) => q.eq("bookingId", booking._id))
    .first();
  if (share === null || share.state === "withheld") return;
  if (share.state === "transferred") {
    const amount = reversalFor(share, takenCents);
    // The share now stands on what the platform still keeps; what was transferred stays as it was.
    const grossLeft = Math.max(0, share.grossCents - takenCents);
    await ctx.db.patch("psychicTransfers", share._id, { grossCents: grossLeft, commissionCents: shareOf(grossLeft).commissionCents });
    if (amount > 0) await startReversal(ctx, { ...share, grossCents: grossLeft }, amount, why);
    return;
  }
  const grossLeft = Math.max(0, share.grossCents - takenCents);
  if (grossLeft === 0) await ctx.db.patch("psychicTransfers", share._id, { state: "withheld", grossCents: 0, commissionCents: 0, amountCents: 0 });
  else await ctx.db.patch("psychicTransfers", share._id, shareOf(grossLeft));
}

/** Stripe reversed the transfer (or had, under the same key). */
export async function recordReversalMade(ctx: MutationCtx, reversal: Doc<"transferReversals">, stripeReversalId: string, now: number) {
  if (reversal.state === "reversed") return;
  await ctx.db.patch("transferReversals", reversal._id, { state: "reversed", stripeReversalId, reversedAt: now, lastError: undefined });
}

/** Stripe refused the reversal: tried again like a transfer, then left failed for the admin. */
export async function recordReversalRefused(ctx: MutationCtx, reversal: Doc<"transferReversals">, error: string) {
  if (reversal.state !== "pending") return;
  const attempts = reversal.attempts + 1;
  const delay = retryDelayMs(attempts);
  await ctx.db.patch("transferReversals", reversal._id, {
    attempts,
    lastError: error.slice(0, 500),
    ...(delay === null ? { state: "failed" as const } : {}),
  });
  if (delay !== null) await ctx.scheduler.runAfter(delay, internal.payouts.sendReversal, { reversalId: reversal._id });
}

/** Stripe refused the transfer: tried again after 1, 5 and 25 minutes, then left failed for the admin. */
export async function recordTransferRefused(ctx: MutationCtx, transfer: Doc<"psychicTransfers">, error: string) {
  if (transfer.state !== "pending") return;
  const attempts = transfer.attempts + 1;
  const delay = retryDelayMs(attempts);
  await ctx.db.patch("psychicTransfers", transfer._id, {
    attempts,
    lastError: error.slice(0, 500),
    ...(delay === null ? { state: "failed" as const } : {}),
  });
  if (delay !== null) await ctx.scheduler.runAfter(delay, internal.payouts.sendTransfer, { transferId: transfer._id });
}

/** The admin's 'Riprova' on a failed transfer: a new series of attempts. */
export async function retryFailedTransfer(ctx: MutationCtx, transfer: Doc<"psychicTransfers">): Promise<boolean> {
  if (transfer.state !== "failed") return false;
  await ctx.db.patch("psychicTransfers", transfer._id, { state: "pending", attempts: 0 });
  await ctx.scheduler.runAfter(0, internal.payouts.sendTransfer, { transferId: transfer._id });
  return true;
}

/** What the app reads of a connected account. */
export function factsOf(account: Stripe.Account): ConnectAccountFacts {
  return {
    detailsSubmitted: account.details_submitted ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    transfersActive: account.capabilities?.transfers === "active",
    currentlyDue: account.requirements?.currently_due ?? [],
    pendingVerification: account.requirements?.pending_verification ?? [],
  };
}

/** The fields of a Connect event the rules read (payouts.applyConnectEvent). */
export function connectEventFields(event: Stripe.Event) {
  const base = { eventId: event.id, type: event.type, stripeAccountId: event.account ?? null };
  if (event.type === "account.updated") return { ...base, facts: factsOf(event.data.object as Stripe.Account) };
  if (event.type === "payout.paid" || event.type === "payout.failed") {
    const payout = event.data.object as Stripe.Payout;
    return {
      ...base,
      payout: {
        id: payout.id,
        amountCents: payout.amount,
        arrivalDate: payout.arrival_date * 1000,
        status: event.type === "payout.paid" ? ("paid" as const) : ("failed" as const),
      },
    };
  }
  return base;
}

/** Connect's `payout.paid` / `payout.failed` for a psychic's account: recorded once, updated if it changes. */
export async function recordPayout(
  ctx: MutationCtx,
  stripeAccountId: string,
  payout: { id: string; amountCents: number; arrivalDate: number; status: "paid" | "failed" },
  now: number,
): Promise<boolean> {
  const account = await ctx.db
    .query("payoutAccounts")
    .withIndex("by_stripeAccountId", (q) => q.eq("stripeAccountId", stripeAccountId))
    .unique();
  if (account === null) return false;
  const existing = await ctx.db
    .query("psychicPayouts")
    .withIndex("by_stripePayoutId", (q) => q.eq("stripePayoutId", payout.id))
    .unique();
  const fields = { amountCents: payout.amountCents, arrivalDate: payout.arrivalDate, status: payout.status, updatedAt: now };
  if (existing !== null) await ctx.db.patch("psychicPayouts", existing._id, fields);
  else await ctx.db.insert("psychicPayouts", { psychicUserId: account.psychicUserId, stripePayoutId: payout.id, ...fields });
  return true;
}

/** The admin's 'Riprova' on a failed reversal: a new series of attempts under the same key. */
export async function retryFailedReversal(ctx: MutationCtx, reversal: Doc<"transferReversals">): Promise<boolean> {
  if (reversal.state !== "failed") return false;
  await ctx.db.patch("transferReversals", reversal._id, { state: "pending", attempts: 0 });
  await ctx.scheduler.runAfter(0, internal.payouts.sendReversal, { reversalId: reversal._id });
  return true;
}

/** One paid booking's money for the reconciliation (model/payouts.ts bookingMoney). */
export async function bookingMoneyOf(ctx: QueryCtx, booking: Doc<"bookings">): Promise<BookingMoney> {
  const share = await ctx.db
    .query("psychicTransfers")
    .withIndex("by_bookingId", (q) => q.eq("bookingId", booking._id))
    .first();
  const reversals =
    share === null
      ? []
      : await ctx.db
          .query("transferReversals")
          .withIndex("by_transferId", (q) => q.eq("transferId", share._id))
          .collect();
  return bookingMoney(booking, share, reversals);
}
