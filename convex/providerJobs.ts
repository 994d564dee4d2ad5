// The provider jobs' attempts (model/providerJobs.ts, lib/money/providerJobs.ts): read what to send, call the
// provider (lib/money/providerCalls.ts), and hand the answer to the owner of what it is about: the booking's
// lifecycle for a refund, the payouts owner for a transfer or a reversal, the outbox for an email.
import { vOnCompleteArgs } from "@convex-dev/workpool";
import { v, type Infer } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc } from "./_generated/dataModel";
import type { MutationCtx, QueryCtx } from "./_generated/server";
import { changeBooking } from "./lib/bookings/bookingLifecycle";
import { recoverDebtFrom } from "./lib/money/debtRecovery";
import { internalAction, internalMutation, internalQuery } from "./lib/platform/functions";
import { recordEmailAttempt, recordEmailFailed, recordEmailSent } from "./lib/email/outbox";
import { recordReversalMade, recordReversalRefused, recordTransferMade, recordTransferRefused, reversalPayloadOf, transferPayloadOf } from "./lib/money/payouts";
import { callProvider, type ProviderPayload, type ProviderResult } from "./lib/money/providerCalls";
import { providerJobOf, recordProviderAttempt, type ProviderJobDoc } from "./lib/money/providerJobs";
import { providerJobKind } from "./framework/validators";
import { idempotencyKeyOf, looksUpFirst } from "./model/providerJobs";

const providerResult = v.union(
  v.object({ kind: v.literal("refund"), refundId: v.optional(v.string()), succeeded: v.boolean() }),
  v.object({ kind: v.literal("transfer"), stripeTransferId: v.string(), amountCents: v.number() }),
  v.object({ kind: v.literal("reversal"), stripeReversalId: v.string() }),
  v.object({ kind: v.literal("checkout_expiry") }),
  v.object({ kind: v.literal("email"), sent: v.boolean(), providerId: v.optional(v.string()) }),
);
const attemptOutcome = v.union(
  v.object({ kind: v.literal("succeeded"), result: providerResult }),
  v.object({ kind: v.literal("failed"), error: v.string() }),
  v.object({ kind: v.literal("nothing_to_send") }),
);

/** The row a job is about (null: gone, or an id of another table). */
async function subjectOf<Table extends "bookings" | "psychicTransfers" | "transferReversals" | "emailOutbox">(
  ctx: QueryCtx,
  table: Table,
  job: ProviderJobDoc,
): Promise<Doc<Table> | null> {
  const id = ctx.db.normalizeId(table, job.subjectId);
  return id === null ? null : await ctx.db.get(table, id);
}

/** What the job's subject still needs sent, or null when it was settled meanwhile. */
async function payloadOf(ctx: QueryCtx, job: ProviderJobDoc): Promise<ProviderPayload | null> {
  switch (job.kind) {
    case "refund": {
      const booking = await subjectOf(ctx, "bookings", job);
      if (booking === null || booking.refundStatus !== "pending" || !booking.refundCents) return null;
      return { kind: "refund", bookingId: booking._id, paymentIntentId: booking.stripePaymentIntentId ?? null, refundCents: booking.refundCents };
    }
    case "transfer": {
      const transferId = ctx.db.normalizeId("psychicTransfers", job.subjectId);
      return transferId === null ? null : transferPayloadOf(ctx, transferId);
    }
    case "reversal": {
      const reversalId = ctx.db.normalizeId("transferReversals", job.subjectId);
      return reversalId === null ? null : reversalPayloadOf(ctx, reversalId);
    }
    case "checkout_expiry":
      return { kind: "checkout_expiry", sessionId: job.subjectId };
    case "fiscal_document":
      // Issued in a transaction of its own (issueDue), never through a provider's API.
      return null;
    case "email": {
      const email = await subjectOf(ctx, "emailOutbox", job);
      if (email === null || email.status !== "queued") return null;
      const { to, subject, html, text, kind, attachments } = email;
      return { kind: "email", outboxId: email._id, email: { to, subject, html, text, kind, attachments } };
    }
  }
}

export const toAttempt = internalQuery({
  args: { jobId: v.id("providerJobs") },
  handler: async (ctx, { jobId }) => {
    const job = await ctx.db.get("providerJobs", jobId);
    if (job === null || job.state !== "pending") return null;
    if (job.kind === "fiscal_document") return { inTransaction: true as const };
    return {
      payload: await payloadOf(ctx, job),
      attempt: { idempotencyKey: idempotencyKeyOf(job), lookUpFirst: looksUpFirst(job) },
      label: `${job.kind} ${job.subjectId}`,
    };
  },
});

/** One attempt of a job: however many times it runs, the provider acts once per series (the key). */
export const attempt = internalAction({
  args: { jobId: v.id("providerJobs") },
  returns: v.null(),
  handler: async (ctx, { jobId }) => {
    const toSend = await ctx.runQuery(internal.providerJobs.toAttempt, { jobId });
    if (toSend === null) return null;
    if ("inTransaction" in toSend) {
      // A fiscal document: issued and recorded by one mutation; one that throws counts as a refused attempt.
      try {
        await ctx.runMutation(internal.fiscalDocuments.issueDue, { jobId });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        console.error(`Emissione del documento fiscale non riuscita (${jobId}):`, message);
        await ctx.runMutation(internal.providerJobs.recordAttempt, { jobId, outcome: { kind: "failed", error: message } });
      }
      return null;
    }
    if (toSend.payload === null) {
      await ctx.runMutation(internal.providerJobs.recordAttempt, { jobId, outcome: { kind: "nothing_to_send" } });
      return null;
    }
    let outcome: Infer<typeof attemptOutcome>;
    try {
      outcome = { kind: "succeeded", result: await callProvider(toSend.payload, toSend.attempt) };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`Chiamata al fornitore non riuscita (${toSend.label}):`, message);
      outcome = { kind: "failed", error: message };
    }
    await ctx.runMutation(internal.providerJobs.recordAttempt, { jobId, outcome });
    return null;
  },
});

export const recordAttempt = internalMutation({
  args: { jobId: v.id("providerJobs"), outcome: attemptOutcome },
  returns: v.null(),
  handler: async (ctx, { jobId, outcome }) => {
    const job = await ctx.db.get("providerJobs", jobId);
    if (job !== null) await recordOutcome(ctx, job, outcome, Date.now());
    return null;
  },
});

/**
 * The pool's word that an attempt's action ended (lib/money/providerJobs.ts). One that returned has recorded its
 * outcome; one that failed (threw, timed out, was cut by a restart) before the job moved on counts as a refused
 * attempt, so its series goes on (the next attempt, or the admin's 'Riprova') instead of waiting forever.
 */
export const attemptEnded = internalMutation({
  args: vOnCompleteArgs(v.object({ jobId: v.id("providerJobs"), series: v.number(), attempts: v.number() })),
  returns: v.null(),
  handler: async (ctx, { context, result }) => {
    if (result.kind !== "failed") return null;
    const job = await ctx.db.get("providerJobs", context.jobId);
    // Recorded already (the job moved on), or a later series under way: nothing of this attempt is left.
    if (job === null || job.state !== "pending" || job.series !== context.series || job.attempts !== context.attempts) return null;
    console.error(`Tentativo interrotto (${job.kind} ${job.subjectId}):`, result.error);
    await recordOutcome(ctx, job, { kind: "failed", error: `Tentativo interrotto: ${result.error}` }, Date.now());
    return null;
  },
});

async function recordOutcome(ctx: MutationCtx, job: ProviderJobDoc, outcome: Infer<typeof attemptOutcome>, now: number) {
  if (outcome.kind === "nothing_to_send") {
    await recordProviderAttempt(ctx, job, { kind: "nothing_to_send" }, now);
  } else if (outcome.kind === "succeeded") {
    if ((await recordProviderAttempt(ctx, job, { kind: "attempt_succeeded" }, now)) === "done") await recordResult(ctx, job, outcome.result, now);
  } else {
    const ended = await recordProviderAttempt(ctx, job, { kind: "attempt_failed", error: outcome.error }, now);
    if (job.state === "pending") await recordFailure(ctx, job, outcome.error, ended === "failed", now);
  }
}

async function recordResult(ctx: MutationCtx, job: ProviderJobDoc, result: ProviderResult, now: number) {
  switch (result.kind) {
    case "refund": {
      const booking = await subjectOf(ctx, "bookings", job);
      if (booking !== null) await changeBooking(ctx, booking, { kind: "refund_answered", refundId: result.refundId, succeeded: result.succeeded }, now);
      return;
    }
    case "transfer": {
      const transfer = await subjectOf(ctx, "psychicTransfers", job);
      if (transfer !== null) await recordTransferMade(ctx, transfer, result, now);
      // New money in the psychic's account: what they owe back is asked for again (lib/money/debtRecovery.ts).
      if (transfer !== null) await recoverDebtFrom(ctx, transfer.psychicUserId, now);
      return;
    }
    case "reversal": {
      const reversal = await subjectOf(ctx, "transferReversals", job);
      if (reversal !== null) await recordReversalMade(ctx, reversal, result.stripeReversalId, now);
      return;
    }
    case "checkout_expiry":
      return;
    case "email": {
      const email = await subjectOf(ctx, "emailOutbox", job);
      if (email !== null) await recordEmailSent(ctx, email, result, now);
      return;
    }
  }
}

/** A refused attempt: the owner keeps its trace; after the last one of the series, the failure. */
async function recordFailure(ctx: MutationCtx, job: ProviderJobDoc, error: string, final: boolean, now: number) {
  switch (job.kind) {
    case "refund": {
      const booking = await subjectOf(ctx, "bookings", job);
      if (booking !== null && final) await changeBooking(ctx, booking, { kind: "refund_failed" }, now);
      return;
    }
    case "transfer": {
      const transfer = await subjectOf(ctx, "psychicTransfers", job);
      if (transfer !== null) await recordTransferRefused(ctx, transfer, error, final, now);
      return;
    }
    case "reversal": {
      const reversal = await subjectOf(ctx, "transferReversals", job);
      if (reversal !== null) await recordReversalRefused(ctx, reversal, error, final, now);
      return;
    }
    case "checkout_expiry":
    case "fiscal_document":
      return;
    case "email": {
      const email = await subjectOf(ctx, "emailOutbox", job);
      if (email !== null && final) await recordEmailFailed(ctx, email, error);
      else if (email !== null) await recordEmailAttempt(ctx, email, error);
      return;
    }
  }
}

/** The job of a kind for a subject (tests, the demo's immediate transfers, the admin's view). */
export const jobOf = internalQuery({
  args: { kind: providerJobKind, subjectId: v.string() },
  handler: async (ctx, { kind, subjectId }) => providerJobOf(ctx, kind, subjectId),
});
