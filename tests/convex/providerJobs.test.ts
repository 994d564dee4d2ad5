// A provider job's attempt and answer (convex/providerJobs.ts), with a refund as the job: each step called
// on its own, and calling it again changes nothing.
import { describe, expect, it } from "vitest";
import { internal } from "../../convex/_generated/api";
import { buildWorld } from "./fixtures/world";
import { requestProviderCall } from "../../convex/lib/money/providerJobs";
import { answerJob, attemptJob, failJobForGood, jobIdOf } from "./fixtures/providerJobs";
import { setupTest, stripe, useStripeStandIn } from "./setup";

useStripeStandIn();

describe("refunds as provider jobs", () => {
  async function pendingRefund() {
    const w = await buildWorld(setupTest());
    // The booking's payment, made at Stripe.
    const intent = await stripe().paidIntent(5000);
    await w.t.run(async (ctx) => {
      await ctx.db.patch("bookings", w.bookingA, { status: "cancelled", refundStatus: "pending", refundCents: 2500, stripePaymentIntentId: intent });
      await requestProviderCall(ctx, "refund", w.bookingA, Date.now());
    });
    return Object.assign(w, { intent });
  }

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
    const scheduled = () => w.t.run((ctx) => ctx.db.system.query("_scheduled_functions").filter((q) => q.eq(q.field("state.kind"), "pending")).collect());
    const before = (await scheduled()).length;
    await answerJob(w.t, "refund", w.bookingA, { kind: "failed", error: "down" });
    expect((await scheduled()).length).toBe(before + 1);
    expect((await w.t.run((ctx) => ctx.db.get("bookings", w.bookingA)))?.refundStatus).toBe("pending");
    await failJobForGood(w.t, "refund", w.bookingA, "down");
    expect((await w.t.run((ctx) => ctx.db.get("bookings", w.bookingA)))?.refundStatus).toBe("failed");
    expect(await w.t.query(internal.providerJobs.jobOf, { kind: "refund", subjectId: w.bookingA })).toMatchObject({ state: "failed", attempts: 4, lastError: "down" });
  });
});
