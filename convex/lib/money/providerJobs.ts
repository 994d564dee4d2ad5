// The provider jobs' one writer (model/providerJobs.ts decides): a job is asked for inside the transaction
// that needs the provider (a refund with the booking's cancellation, a transfer with the share, an email with
// its outbox row), so the call happens if and only if the change committed; the attempt runs in an action
// (convex/providerJobs.ts), and its outcome comes back here. What the outcome means for the booking, the share,
// the reversal or the email is their owners' to record: this module only says when a series ended.
// The attempts run in a workpool per provider (convex/convex.config.ts): a bounded number at a time, so a burst of
// jobs (the month's invoices, a day's reminders) or an outage's retries never floods a provider; and an attempt
// whose action dies before recording its outcome still ends, through the pool's onComplete (a refused attempt).
import { Workpool } from "@convex-dev/workpool";
import { components, internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { reserveRateLimit } from "../platform/rateLimits";
import { providerJobStep, type ProviderJobEvent, type ProviderJobKind, type ProviderJobStep } from "../../model/providerJobs";

export type ProviderJobDoc = Doc<"providerJobs">;

/**
 * At most this many attempts at a time per provider. Stripe allows 25 requests a second in test mode (100 live);
 * Resend 2 a second by default, so its attempts go two at a time; a fiscal document takes the numbering counter,
 * so they are issued one at a time (no two transactions contend for it).
 */
// Warnings and errors only: the attempts log their own failures, and a minute's report would fill the logs.
const POOLS = {
  stripe: new Workpool(components.stripeCalls, { maxParallelism: 10, logLevel: "WARN" }),
  email: new Workpool(components.emailSends, { maxParallelism: 2, logLevel: "WARN" }),
  fiscal: new Workpool(components.fiscalIssues, { maxParallelism: 1, logLevel: "WARN" }),
};

const poolOf = (kind: ProviderJobKind) => (kind === "email" ? POOLS.email : kind === "fiscal_document" ? POOLS.fiscal : POOLS.stripe);

export async function providerJobOf(ctx: QueryCtx, kind: ProviderJobKind, subjectId: string): Promise<ProviderJobDoc | null> {
  return ctx.db
    .query("providerJobs")
    .withIndex("by_kind_subjectId", (q) => q.eq("kind", kind).eq("subjectId", subjectId))
    .unique();
}

/** `paced`: a new email of a batch, which waits for its turn in Resend's rate (lib/email/outbox.ts). */
async function apply(ctx: MutationCtx, kind: ProviderJobKind, subjectId: string, job: ProviderJobDoc | null, step: ProviderJobStep, now: number, paced = false) {
  if (step.outcome === "unchanged") return null;
  let jobId: Id<"providerJobs">;
  if (job === null) {
    jobId = await ctx.db.insert("providerJobs", { kind, subjectId, state: "pending", attempts: 0, series: 0, ...step.patch, updatedAt: now });
  } else {
    jobId = job._id;
    await ctx.db.patch("providerJobs", job._id, { ...step.patch, updatedAt: now });
  }
  if (step.attemptInMs !== undefined) {
    // Which attempt this is, so its onComplete tells a dead attempt from one that recorded its outcome.
    const context = { jobId, series: step.patch.series ?? job?.series ?? 0, attempts: step.patch.attempts ?? job?.attempts ?? 0 };
    // A batch's new email waits for its turn in Resend's rate: the batch is spread out rather than refused.
    // Retries come minutes after failures that were spread out already.
    const turn = paced && kind === "email" && step.attemptInMs === 0 ? await reserveRateLimit(ctx, "resendRequests") : 0;
    await poolOf(kind).enqueueAction(ctx, internal.providerJobs.attempt, { jobId }, {
      runAfter: Math.max(step.attemptInMs, turn),
      onComplete: internal.providerJobs.attemptEnded,
      context,
    });
  }
  return jobId;
}

/**
 * `kind` of call is needed for `subjectId`: a first series, or a new one if the last ended; a series under
 * way is left to finish. Returns the job's id.
 */
export async function requestProviderCall(
  ctx: MutationCtx,
  kind: ProviderJobKind,
  subjectId: string,
  now: number,
  { paced = false }: { paced?: boolean } = {},
): Promise<Id<"providerJobs">> {
  const job = await providerJobOf(ctx, kind, subjectId);
  const jobId = await apply(ctx, kind, subjectId, job, providerJobStep(job, { kind: "requested" }), now, paced);
  return jobId ?? job!._id;
}

/**
 * An attempt's outcome. Returns how the series ended with it ("done" or "failed"), or null while it goes on
 * (a retry is scheduled) or when the outcome came for a job no longer pending (a replayed attempt).
 */
export async function recordProviderAttempt(
  ctx: MutationCtx,
  job: ProviderJobDoc,
  event: Exclude<ProviderJobEvent, { kind: "requested" }>,
  now: number,
): Promise<"done" | "failed" | null> {
  const step = providerJobStep(job, event);
  await apply(ctx, job.kind, job.subjectId, job, step, now);
  return step.outcome === "changed" ? (step.ended ?? null) : null;
}

/** The retention sweep: up to `limit` jobs done before `before` are forgotten (the failed ones wait for the admin). */
export async function forgetDoneJobs(ctx: MutationCtx, before: number, limit: number): Promise<number> {
  const done = await ctx.db
    .query("providerJobs")
    .withIndex("by_state_updatedAt", (q) => q.eq("state", "done").lt("updatedAt", before))
    .take(limit);
  for (const job of done) await ctx.db.delete("providerJobs", job._id);
  return done.length;
}
