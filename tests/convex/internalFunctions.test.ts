// The internal functions the payment, refund, upload and access paths are built from, each called on
// its own: what it does, and that calling it again changes nothing.
import { describe, expect, it, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import { buildWorld } from "./fixtures/world";
import { requestProviderCall } from "../../convex/lib/money/providerJobs";
import { answerJob, attemptJob, failJobForGood, jobIdOf } from "./fixtures/providerJobs";
import { errorCodeOf, fakeStripe, setupTest } from "./setup";

const MINUTE_MS = 60_000;

describe("payments' internal steps", () => {
  it("expireHold frees a lapsed hold once, and leaves a live one alone", async () => {
    const w = await buildWorld(setupTest());
    await w.t.mutation(internal.payments.expireHold, { bookingId: w.holdA });
    expect((await w.t.run((ctx) => ctx.db.get("bookings", w.holdA)))?.status).toBe("pending_payment");
    vi.advanceTimersByTime(31 * MINUTE_MS);
    await w.t.mutation(internal.payments.expireHold, { bookingId: w.holdA });
    await w.t.mutation(internal.payments.expireHold, { bookingId: w.holdA });
    expect((await w.t.run((ctx) => ctx.db.get("bookings", w.holdA)))?.status).toBe("expired");
  });

  it("attachCheckoutSession keeps the checkout link only while the booking is unpaid", async () => {
    const w = await buildWorld(setupTest());
    await w.t.mutation(internal.payments.attachCheckoutSession, { bookingId: w.holdA, sessionId: "cs_x", url: "http://pay/x" });
    await w.t.mutation(internal.payments.attachCheckoutSession, { bookingId: w.bookingA, sessionId: "cs_y", url: "http://pay/y" });
    const [hold, paid] = await w.t.run(async (ctx) => [await ctx.db.get("bookings", w.holdA), await ctx.db.get("bookings", w.bookingA)]);
    expect(hold).toMatchObject({ stripeCheckoutSessionId: "cs_x", checkoutUrl: "http://pay/x" });
    expect(paid?.checkoutUrl).toBeUndefined();
  });

  it("fulfilForClient refuses another client's booking and confirms the client's own once", async () => {
    const w = await buildWorld(setupTest());
    const paid = { sessionId: "cs_test_world_hold", bookingId: w.holdA, paymentIntentId: "pi_1", amountTotal: 5000 };
    expect(await errorCodeOf(w.t.mutation(internal.payments.fulfilForClient, { clientId: w.userIds.clientB, ...paid }))).toBe("FORBIDDEN");
    expect(await w.t.mutation(internal.payments.fulfilForClient, { clientId: w.userIds.clientA, ...paid })).toBe("confirmed");
    expect(await w.t.mutation(internal.payments.fulfilForClient, { clientId: w.userIds.clientA, ...paid })).toBe("already");
  });

  it("applyStripeEvent applies an event id once and ignores events about nothing it knows", async () => {
    const w = await buildWorld(setupTest());
    const event = { eventId: "evt_1", type: "checkout.session.expired", sessionId: "cs_test_world_hold", bookingId: w.holdA };
    expect(await w.t.mutation(internal.payments.applyStripeEvent, event)).toBe("applied");
    expect(await w.t.mutation(internal.payments.applyStripeEvent, event)).toBe("duplicate");
    expect(await w.t.mutation(internal.payments.applyStripeEvent, { eventId: "evt_2", type: "customer.created" })).toBe("ignored");
  });

  it("a checkout expiry job expires an open session at Stripe once, and is done for one no longer open or unknown", async () => {
    const w = await buildWorld(setupTest());
    await w.as.clientB.action(api.payments.startCheckout, {
      psychicProfileId: w.profileA,
      durationMinutes: 30,
      date: w.monday,
      time: "09:00",
      consent: true,
    });
    const session = fakeStripe().lastSession();
    for (const sessionId of [session.id, "cs_unknown"]) {
      await w.t.run((ctx) => requestProviderCall(ctx, "checkout_expiry", sessionId, Date.now()));
      await attemptJob(w.t, "checkout_expiry", sessionId);
      await attemptJob(w.t, "checkout_expiry", sessionId);
      expect(await w.t.query(internal.providerJobs.jobOf, { kind: "checkout_expiry", subjectId: sessionId })).toMatchObject({ state: "done", attempts: 1 });
    }
    expect(session.status).toBe("expired");
    expect(fakeStripe().requests.filter((request) => request.path.endsWith("/expire"))).toHaveLength(1);
  });
});

describe("refunds as provider jobs", () => {
  async function pendingRefund() {
    const w = await buildWorld(setupTest());
    await w.t.run(async (ctx) => {
      await ctx.db.patch("bookings", w.bookingA, { status: "cancelled", refundStatus: "pending", refundCents: 2500 });
      await requestProviderCall(ctx, "refund", w.bookingA, Date.now());
    });
    return w;
  }

  it("the attempt refunds the recorded amount once; a replayed answer changes nothing", async () => {
    const w = await pendingRefund();
    await attemptJob(w.t, "refund", w.bookingA);
    await attemptJob(w.t, "refund", w.bookingA);
    expect(fakeStripe().refunds).toEqual([expect.objectContaining({ amount: 2500, payment_intent: "pi_cs_test_world_a", idempotencyKey: `refund-${w.bookingA}` })]);
    const done = await w.t.run((ctx) => ctx.db.get("bookings", w.bookingA));
    expect(done).toMatchObject({ refundStatus: "succeeded", stripeRefundId: expect.any(String) });
    await answerJob(w.t, "refund", w.bookingA, { kind: "succeeded", result: { kind: "refund", refundId: "re_other", succeeded: true } });
    expect((await w.t.run((ctx) => ctx.db.get("bookings", w.bookingA)))?.stripeRefundId).toBe(done?.stripeRefundId);
  });

  it("toAttempt reads what a pending job still needs sent, its series' key and whether to ask Stripe first; nothing once settled", async () => {
    const w = await pendingRefund();
    const jobId = await jobIdOf(w.t, "refund", w.bookingA);
    expect(await w.t.query(internal.providerJobs.toAttempt, { jobId })).toEqual({
      payload: { kind: "refund", bookingId: w.bookingA, paymentIntentId: "pi_cs_test_world_a", refundCents: 2500 },
      attempt: { idempotencyKey: `refund-${w.bookingA}`, lookUpFirst: false },
      label: `refund ${w.bookingA}`,
    });
    // The refund settled meanwhile (Stripe's charge.refunded came first): nothing is left to send.
    await w.t.run((ctx) => ctx.db.patch("bookings", w.bookingA, { refundStatus: "succeeded" }));
    expect((await w.t.query(internal.providerJobs.toAttempt, { jobId }))?.payload).toBeNull();
    // A job no longer pending is not attempted at all.
    await attemptJob(w.t, "refund", w.bookingA);
    expect(await w.t.query(internal.providerJobs.toAttempt, { jobId })).toBeNull();
    expect(fakeStripe().refunds).toEqual([]);
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

describe("uploads, reset codes and the action check", () => {
  it("discardClaimed deletes a claimed file with its record, and nothing else", async () => {
    const w = await buildWorld(setupTest());
    const storageId = await w.uploadFor("psychicA");
    const uploadedAs = await w.t.run(async (ctx) => (await ctx.storage.get(storageId))!.type);
    const uploadId = await w.t.mutation(internal.uploads.claim, { ownerId: w.userIds.psychicA, storageId, purpose: "psychic_photo", uploadedAs });
    await w.t.mutation(internal.uploads.discardClaimed, { uploadId });
    await w.t.mutation(internal.uploads.discardClaimed, { uploadId });
    expect(await w.t.run((ctx) => ctx.db.system.get("_storage", storageId))).toBeNull();
    expect(await w.t.run((ctx) => ctx.db.get("uploads", uploadId))).toBeNull();
  });

  it("countResetRequest allows five an hour per address", async () => {
    const t = setupTest();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await t.mutation(internal.accounts.countResetRequest, { email: "a@esempio.it" })).ok);
    expect(answers).toEqual([true, true, true, true, true, false]);
    expect((await t.mutation(internal.accounts.countResetRequest, { email: "b@esempio.it" })).ok).toBe(true);
  });

  it("checkActionViewer names the caller for each audience and refuses the others", async () => {
    const w = await buildWorld(setupTest());
    expect(await w.as.visitor.query(internal.users.checkActionViewer, { audience: "anyone" })).toBeNull();
    expect(await w.as.clientA.query(internal.users.checkActionViewer, { audience: "client" })).toBe(w.userIds.clientA);
    expect(await errorCodeOf(w.as.clientA.query(internal.users.checkActionViewer, { audience: "psychic" }))).toBe("PSYCHIC_ONLY");
    expect(await errorCodeOf(w.as.adminNoGrant.query(internal.users.checkActionViewer, { audience: "admin" }))).toBe("FORBIDDEN");
    expect(await w.as.admin.query(internal.users.checkActionViewer, { audience: "admin" })).toBe(w.userIds.admin);
  });

  it("checkActionViewer also closes actions during maintenance, to everyone but an admin", async () => {
    const w = await buildWorld(setupTest());
    await w.as.admin.mutation(api.admin.setSetting, { key: "maintenance_mode", value: true });
    expect(await errorCodeOf(w.as.clientA.query(internal.users.checkActionViewer, { audience: "client" }))).toBe("MAINTENANCE_MODE");
    expect(await errorCodeOf(w.as.visitor.query(internal.users.checkActionViewer, { audience: "anyone" }))).toBe("MAINTENANCE_MODE");
    expect(await w.as.admin.query(internal.users.checkActionViewer, { audience: "admin" })).toBe(w.userIds.admin);
  });
});

describe("after the booking's internal steps", () => {
  it("reminders.send sends a reminder once, and nothing for a moved, cancelled or past booking", async () => {
    const w = await buildWorld(setupTest());
    const booking = (await w.t.run((ctx) => ctx.db.get("bookings", w.bookingA)))!;
    const args = { bookingId: w.bookingA, kind: "24h" as const, startsAt: booking.startsAt };
    expect(await w.t.mutation(internal.reminders.send, { ...args, startsAt: booking.startsAt - 60 * MINUTE_MS })).toBe(false);
    expect(await w.t.mutation(internal.reminders.send, args)).toBe(true);
    expect(await w.t.mutation(internal.reminders.send, args)).toBe(false);
    const reminders = await w.t.run(async (ctx) => (await ctx.db.query("emailOutbox").collect()).filter((e) => e.kind === "booking_reminder_24h"));
    expect(reminders).toHaveLength(2);
    await w.t.run((ctx) => ctx.db.patch("bookings", w.bookingB, { status: "cancelled" }));
    const other = (await w.t.run((ctx) => ctx.db.get("bookings", w.bookingB)))!;
    expect(await w.t.mutation(internal.reminders.send, { bookingId: w.bookingB, kind: "15m", startsAt: other.startsAt })).toBe(false);
    await w.t.run((ctx) => ctx.db.patch("bookings", w.bookingB, { status: "confirmed" }));
    vi.setSystemTime(other.startsAt + 1);
    expect(await w.t.mutation(internal.reminders.send, { bookingId: w.bookingB, kind: "15m", startsAt: other.startsAt })).toBe(false);
  });

  it("calls.settle completes a consultation and counts it once, however often it runs", async () => {
    const w = await buildWorld(setupTest());
    const booking = (await w.t.run((ctx) => ctx.db.get("bookings", w.bookingA)))!;
    await w.t.run((ctx) => ctx.db.patch("bookings", w.bookingA, { psychicJoinedAt: booking.startsAt, clientJoinedAt: booking.startsAt }));
    vi.setSystemTime(booking.endsAt);
    await w.t.mutation(internal.calls.settle, { bookingId: w.bookingA });
    await w.t.mutation(internal.calls.settle, { bookingId: w.bookingA });
    const { profile, stats } = await w.t.run(async (ctx) => ({
      profile: await ctx.db.get("psychicProfiles", w.profileA),
      stats: await ctx.db.query("consultationStats").collect(),
    }));
    expect(profile?.totalConsultations).toBe(1);
    expect(stats.map((row) => [row.totalConsultations, row.totalMinutes])).toEqual([[1, 30]]);
  });
});
