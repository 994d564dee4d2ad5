// A provider job's attempt and answer (convex/providerJobs.ts), with a refund as the job: each step called
// on its own, and calling it again changes nothing.
import type { WorkId } from "@convex-dev/workpool";
import { describe, expect, it, vi } from "vitest";
import { internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { buildWorld } from "./fixtures/world";
import { requestProviderCall } from "../../convex/lib/money/providerJobs";
import { answerJob, attemptJob, failJobForGood, jobIdOf, queuedAttempts, takeQueuedAttempt } from "./fixtures/providerJobs";
import { setupTest, stripe, useStripeStandIn } from "./setup";

useStripeStandIn();

/** A cancelled booking whose refund is asked for: its job queued in Stripe's pool. */
async function pendingRefund() {
  const w = await buildWorld(setupTest());
  // The booking's payment, made at Stripe.
  const intent = await stripe().paidIntent(5000);
  await w.t.run(async (ctx) => {
    await ctx.db.patch("bookings", w.bookingA, { status: "cancelled", refundStatus: "pending", refundCents: 2500, stripePaymentIntentId: intent });
    await requestProviderCall(ctx, "refund", w.bookingA, Date.now());
  });
  return Object.assign(w, { intent, jobId: await jobIdOf(w.t, "refund", w.bookingA) });
}

describe("refunds as provider jobs", () => {
  it("the attempt refunds the recorded amount once; a replayed answer changes nothing", async () => {
    const w = await pendingRefund();
    await attemptJob(w.t, "refund", w.bookingA);
    await attemptJob(w.t, "refund", w.bookingA);
    expect(stripe().refunds()).toEqual([expect.objectContaining({ amount: 2500, payment_intent: w.intent, idempotencyKey: `refund-${w.bookingA}` })]);
    const done = await w.t.run((ctx) => ctx.db.get("bookings", w.bookingA));
    expect(done).toMatchObject({ refundStatus: "succeeded", stripeRefundId: expect.any(String) });
    await answerJob(w.t, "refund", w.bookingA, { kind: "succeeded", result: { kind: "refund", refundId: "re_other", succeeded: true } });
    expect((await w.t.run((ctx) => ctx.db.get("bookings", w.bookingA)))?.stripeRefundId).toBe(done?.stripeRefundId);
  });

  it("toAttempt reads what a pending job still needs sent, its series' key and whether to ask Stripe first; nothing once settled", async () => {
    const w = await pendingRefund();
    const jobId = await jobIdOf(w.t, "refund", w.bookingA);
    expect(await w.t.query(internal.providerJobs.toAttempt, { jobId })).toEqual({
      payload: { kind: "refund", bookingId: w.bookingA, paymentIntentId: w.intent, refundCents: 2500 },
      attempt: { idempotencyKey: `refund-${w.bookingA}`, lookUpFirst: false },
      label: `refund ${w.bookingA}`,
    });
    // The refund settled meanwhile (Stripe's charge.refunded came first): nothing is left to send.
    await w.t.run((ctx) => ctx.db.patch("bookings", w.bookingA, { refundStatus: "succeeded" }));
    expect((await w.t.query(internal.providerJobs.toAttempt, { jobId }))?.payload).toBeNull();
    // A job no longer pending is not attempted at all.
    await attemptJob(w.t, "refund", w.bookingA);
    expect(await w.t.query(internal.providerJobs.toAttempt, { jobId })).toBeNull();
    expect(stripe().refunds()).toEqual([]);
  });

  it("a refused attempt schedules the next one, and after the last the refund is left failed", async () => {
    const w = await pendingRefund();
    const jobId = await jobIdOf(w.t, "refund", w.bookingA);
    const before = await queuedAttempts(w.t, jobId);
    await answerJob(w.t, "refund", w.bookingA, { kind: "failed", error: "down" });
    // The next attempt queued in Stripe's pool, a minute on.
    const after = await queuedAttempts(w.t, jobId);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({ pool: "stripeCalls" });
    expect((await w.t.run((ctx) => ctx.db.get("bookings", w.bookingA)))?.refundStatus).toBe("pending");
    await failJobForGood(w.t, "refund", w.bookingA, "down");
    expect((await w.t.run((ctx) => ctx.db.get("bookings", w.bookingA)))?.refundStatus).toBe("failed");
    expect(await w.t.query(internal.providerJobs.jobOf, { kind: "refund", subjectId: w.bookingA })).toMatchObject({ state: "failed", attempts: 4, lastError: "down" });
  });
});

describe("the attempts in the provider's pool", () => {
  const ended = (jobId: Id<"providerJobs">, attempts: number, result: { kind: "success"; returnValue: null } | { kind: "failed"; error: string }) => ({
    workId: "work" as WorkId,
    context: { jobId, series: 0, attempts },
    result,
  });

  it("Stripe's pool runs the queued attempt: the refund made once", async () => {
    const w = await pendingRefund();
    expect(await queuedAttempts(w.t, w.jobId)).toEqual([expect.objectContaining({ pool: "stripeCalls" })]);
    await w.t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(stripe().refunds()).toEqual([expect.objectContaining({ amount: 2500, payment_intent: w.intent })]);
    expect(await w.t.query(internal.providerJobs.jobOf, { kind: "refund", subjectId: w.bookingA })).toMatchObject({ state: "done", attempts: 1 });
    expect(await queuedAttempts(w.t, w.jobId)).toEqual([]);
  });

  it("an attempt whose action died before recording anything counts as refused: the next one queued a minute on", async () => {
    const w = await pendingRefund();
    await takeQueuedAttempt(w.t, w.jobId);
    await w.t.mutation(internal.providerJobs.attemptEnded, ended(w.jobId, 0, { kind: "failed", error: "Action timed out" }));
    expect(await w.t.query(internal.providerJobs.jobOf, { kind: "refund", subjectId: w.bookingA })).toMatchObject({
      state: "pending",
      attempts: 1,
      lastError: "Tentativo interrotto: Action timed out",
    });
    const next = await takeQueuedAttempt(w.t, w.jobId);
    expect(Math.round(next!.delayMs / 60_000)).toBe(1);
    // The pool's word again for the same attempt (a replay), or for one that recorded its outcome: nothing more.
    await w.t.mutation(internal.providerJobs.attemptEnded, ended(w.jobId, 0, { kind: "failed", error: "Action timed out" }));
    await w.t.mutation(internal.providerJobs.attemptEnded, ended(w.jobId, 1, { kind: "success", returnValue: null }));
    expect(await w.t.query(internal.providerJobs.jobOf, { kind: "refund", subjectId: w.bookingA })).toMatchObject({ attempts: 1 });
    expect(await queuedAttempts(w.t, w.jobId)).toEqual([]);
    expect(stripe().refunds()).toEqual([]);
  });
});
