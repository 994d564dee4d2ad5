// The psychics' shares on their way to Stripe (docs/product-rules.md, "Payouts"): the only code that
// writes `psychicTransfers`, `transferReversals` and `payoutAccounts`. What changes is decided by the pure
// transitions of model/payoutTransitions.ts; this applies them and what follows: a transfer or a reversal
// is a provider job (lib/money/providerJobs.ts), a share due later is released by a job at its time. The booking
// lifecycle records a share when a consultation is held or a client's cancellation leaves money with the
// platform; the Connect webhook moves the account's state.
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import type { ConnectAccountFacts, ShareReason } from "../../model/payouts";
import { payoutStateOf } from "../../model/payouts";
import {
  owedShare,
  reversalTransition,
  shareTransition,
  type ReversalEvent,
  type ShareEffect,
  type ShareEvent,
} from "../../model/payoutTransitions";
import { fail } from "../../framework/errors";
import { requestProviderCall } from "./providerJobs";
import { requestCommissionCorrection, requestFiscalDocuments } from "./fiscalDocuments";
import { romeMonthOf } from "../../framework/time";
import type { Stripe } from "./stripe";

type Booking = Doc<"bookings">;
type Transfer = Doc<"psychicTransfers">;
type Reversal = Doc<"transferReversals">;

export async function payoutAccountOf(ctx: QueryCtx, psychicUserId: Id<"users">): Promise<Doc<"payoutAccounts"> | null> {
  return ctx.db
    .query("payoutAccounts")
    .withIndex("by_psychicUserId", (q) => q.eq("psychicUserId", psychicUserId))
    .unique();
}

async function runShareEffects(ctx: MutationCtx, transfer: Pick<Transfer, "_id" | "bookingId">, effects: readonly ShareEffect[], now: number) {
  for (const effect of effects) {
    switch (effect.kind) {
      case "send_transfer":
        await requestProviderCall(ctx, "transfer", transfer._id, now);
        break;
      case "release_at":
        await ctx.scheduler.runAt(Math.max(now, effect.at), internal.payouts.releaseDue, { transferId: transfer._id });
        break;
      case "reverse": {
        const reversalId = await ctx.db.insert("transferReversals", {
          transferId: transfer._id,
          bookingId: transfer.bookingId,
          why: effect.why,
          amountCents: effect.amountCents,
          state: "pending",
          attempts: 0,
        });
        await requestProviderCall(ctx, "reversal", reversalId, now);
        break;
      }
    }
  }
}

/** Applies `event` to a share; a refusal is returned (a job records it), `changeShareX` throws it. */
async function changeShare(ctx: MutationCtx, transfer: Transfer, event: ShareEvent, now: number) {
  const result = shareTransition(transfer, event, now);
  if (result.outcome !== "changed") return result;
  await ctx.db.patch("psychicTransfers", transfer._id, result.patch);
  await runShareEffects(ctx, { ...transfer, ...result.patch }, result.effects, now);
  return result;
}

async function changeReversal(ctx: MutationCtx, reversal: Reversal, event: ReversalEvent, now: number) {
  const result = reversalTransition(reversal, event, now);
  if (result.outcome !== "changed") return result;
  await ctx.db.patch("transferReversals", reversal._id, result.patch);
  if (result.effects.length > 0) await requestProviderCall(ctx, "reversal", reversal._id, now);
  return result;
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
  const owed = owedShare(share, now, account?.state === "enabled");
  const transferId = await ctx.db.insert("psychicTransfers", { bookingId: booking._id, psychicUserId: booking.psychicUserId, ...owed.fields });
  await runShareEffects(ctx, { _id: transferId, bookingId: booking._id }, owed.effects, now);
  // The client's receipt, in the psychic's name, for what the consultation finally cost (lib/money/fiscalDocuments.ts).
  await requestFiscalDocuments(ctx, { kind: "receipt", bookingId: booking._id }, now);
}

/** A share whose time came: ready to send if the account can take it, otherwise waiting for it. */
export async function releaseDueShare(ctx: MutationCtx, transfer: Transfer, now: number): Promise<void> {
  if (transfer.state !== "scheduled" || transfer.dueAt > now) return;
  const account = await payoutAccountOf(ctx, transfer.psychicUserId);
  await changeShare(ctx, transfer, { kind: "due", accountEnabled: account?.state === "enabled" }, now);
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
    for (const transfer of waiting) await changeShare(ctx, transfer, { kind: "account_enabled" }, now);
  }
  return state;
}

/**
 * Stripe made the transfer (or had made it under the same key): the share is paid, once. If the share
 * shrank while the transfer was on its way (the client got money back meanwhile), the difference is
 * taken back at once.
 */
export async function recordTransferMade(ctx: MutationCtx, transfer: Transfer, made: { stripeTransferId: string; amountCents: number }, now: number) {
  await changeShare(ctx, transfer, { kind: "transferred", stripeTransferId: made.stripeTransferId, amountCents: made.amountCents }, now);
}

/**
 * The client got `takenCents` of the booking's payment back (a refund made at Stripe, a dispute) after
 * the psychic's share was owed. A share already transferred gives back the same proportion (a transfer
 * reversal, never more than is left of it); one not yet transferred shrinks, or is withheld when nothing
 * of the gross is left.
 */
export async function takeBackShare(ctx: MutationCtx, booking: Booking, takenCents: number, why: "refund" | "dispute", now: number) {
  const share = await ctx.db
    .query("psychicTransfers")
    .withIndex("by_bookingId", (q) => q.eq("bookingId", booking._id))
    .first();
  if (share === null) return;
  await changeShare(ctx, share, { kind: "taken_back", takenCents, why }, now);
  // What went back is corrected on paper: a credit note to the client, and to the psychic when their month was invoiced.
  await requestFiscalDocuments(ctx, { kind: "receipt", bookingId: booking._id }, now);
  await requestCommissionCorrection(ctx, share.psychicUserId, romeMonthOf(share.dueAt), now);
}

/** A refused transfer attempt (`final`: the series' last, left failed for the admin). */
export async function recordTransferRefused(ctx: MutationCtx, transfer: Transfer, error: string, final: boolean, now: number) {
  await changeShare(ctx, transfer, { kind: "send_refused", error, final }, now);
}

/** The admin's 'Riprova' on a failed transfer: a new series of attempts. */
export async function retryFailedTransfer(ctx: MutationCtx, transfer: Transfer, now: number) {
  if ((await changeShare(ctx, transfer, { kind: "retried" }, now)).outcome === "refused") fail("INVALID_STATE");
}

/** Stripe reversed the transfer (or had, under the same key). */
export async function recordReversalMade(ctx: MutationCtx, reversal: Reversal, stripeReversalId: string, now: number) {
  await changeReversal(ctx, reversal, { kind: "reversed", stripeReversalId }, now);
}

/** A refused reversal attempt (`final`: the series' last, left failed for the admin). */
export async function recordReversalRefused(ctx: MutationCtx, reversal: Reversal, error: string, final: boolean, now: number) {
  await changeReversal(ctx, reversal, { kind: "send_refused", error, final }, now);
}

/** The admin's 'Riprova' on a failed reversal: a new series of attempts. */
export async function retryFailedReversal(ctx: MutationCtx, reversal: Reversal, now: number) {
  if ((await changeReversal(ctx, reversal, { kind: "retried" }, now)).outcome === "refused") fail("INVALID_STATE");
}

/** What a pending share's transfer sends, or null when it is not to be sent now. */
export async function transferPayloadOf(ctx: QueryCtx, transferId: Id<"psychicTransfers">) {
  const transfer = await ctx.db.get("psychicTransfers", transferId);
  if (transfer === null || transfer.state !== "pending") return null;
  const account = await payoutAccountOf(ctx, transfer.psychicUserId);
  const booking = await ctx.db.get("bookings", transfer.bookingId);
  if (account === null || account.state !== "enabled" || booking === null) return null;
  return {
    kind: "transfer" as const,
    transferId,
    bookingId: transfer.bookingId,
    amountCents: transfer.amountCents,
    destination: account.stripeAccountId,
    paymentIntentId: booking.stripePaymentIntentId ?? null,
  };
}

/** What a pending reversal sends, or null. */
export async function reversalPayloadOf(ctx: QueryCtx, reversalId: Id<"transferReversals">) {
  const reversal = await ctx.db.get("transferReversals", reversalId);
  if (reversal === null || reversal.state !== "pending") return null;
  const transfer = await ctx.db.get("psychicTransfers", reversal.transferId);
  if (transfer?.stripeTransferId === undefined) return null;
  return { kind: "reversal" as const, reversalId, bookingId: reversal.bookingId, stripeTransferId: transfer.stripeTransferId, amountCents: reversal.amountCents };
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
