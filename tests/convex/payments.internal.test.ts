// The internal steps a payment is built from (convex/payments.ts), each called on its own: what it does,
// and that calling it again changes nothing.
import { describe, expect, it, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import { buildWorld } from "./fixtures/world";
import { requestProviderCall } from "../../convex/lib/money/providerJobs";
import { attemptJob } from "./fixtures/providerJobs";
import { errorCodeOf, setupTest, stripe, useStripeStandIn } from "./setup";

useStripeStandIn();

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
    const session = await stripe().lastSession();
    for (const sessionId of [session.id, "cs_unknown"]) {
      await w.t.run((ctx) => requestProviderCall(ctx, "checkout_expiry", sessionId, Date.now()));
      await attemptJob(w.t, "checkout_expiry", sessionId);
      await attemptJob(w.t, "checkout_expiry", sessionId);
      expect(await w.t.query(internal.providerJobs.jobOf, { kind: "checkout_expiry", subjectId: sessionId })).toMatchObject({ state: "done", attempts: 1 });
    }
    expect((await stripe().session(session.id)).status).toBe("expired");
    expect(stripe().requests.filter((request) => request.path.endsWith("/expire"))).toHaveLength(1);
  });
});
