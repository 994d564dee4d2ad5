// Consent at checkout and the client's own spending limit, through the real checkout (payments:startCheckout)
// and the settings' functions (convex/spendingLimits.ts).
import { describe, expect, it, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import schema from "../../convex/schema";
import { weekFrom } from "../../convex/demo/data";
import { romeToUtcMs } from "../../convex/framework/time";
import { CANCELLATION_TERMS_VERSION } from "../../convex/model/checkoutConsent";
import { addDays } from "../../convex/model/nextAvailability";
import { signedEvent } from "./fixtures/stripeStandIn";
import { buildWorld, snapshotAllTables, type World } from "./fixtures/world";
import { runDueWork } from "./fixtures/providerJobs";
import { errorCodeOf, setupTest, stripe, useStripeStandIn } from "./setup";

useStripeStandIn();

const HOUR = 3_600_000;
const tableNames = Object.keys(schema.tables);

async function world() {
  const w = await buildWorld(setupTest());
  // psychicA: Mondays 09:00–12:00, 30 minutes for 30 €.
  await w.t.run((ctx) =>
    ctx.db.patch("psychicProfiles", w.profileA, {
      availableDurations: [30],
      pricesCents: { "30": 3000 },
      availability: weekFrom({ monday: ["09:00", "09:30", "10:00", "10:30", "11:00", "11:30"] }),
    }),
  );
  // clientB starts with no spend of their own: the world's bookings of theirs go.
  await w.t.run(async (ctx) => {
    const own = await ctx.db
      .query("bookings")
      .withIndex("by_client_startsAt", (q) => q.eq("clientId", w.userIds.clientB))
      .collect();
    for (const booking of own) await ctx.db.delete("bookings", booking._id);
  });
  return w;
}

const checkout = (w: World, time = "10:00", date = addDays(w.monday, 14)) => ({
  psychicProfileId: w.profileA,
  durationMinutes: 30 as const,
  date,
  time,
  consent: true,
});

/** A booking of clientB's paid at `paidAt` for `priceCents`, as the webhook leaves it. */
function paidBooking(w: World, priceCents: number, paidAt: number, extra: Record<string, unknown> = {}) {
  return w.t.run(async (ctx) => {
    const startsAt = paidAt + 48 * HOUR;
    return ctx.db.insert("bookings", {
      clientId: w.userIds.clientB,
      psychicUserId: w.userIds.psychicB,
      psychicProfileId: w.profileB,
      psychicName: "B",
      consultationType: "voice",
      scheduledDate: "2026-01-01",
      scheduledTime: "10:00",
      startsAt,
      endsAt: startsAt + 30 * 60_000,
      durationMinutes: 30,
      priceCents,
      status: "confirmed",
      paidAt,
      ...extra,
    });
  });
}

const bookingOf = (w: World, id: Id<"bookings">) => w.t.run((ctx) => ctx.db.get("bookings", id));

/** The client pays the session on Stripe's page; its webhook arrives. */
async function deliverPaid(w: World, sessionId: string) {
  const { body, header } = await signedEvent("checkout.session.completed", await stripe().pay(sessionId));
  await w.t.fetch("/stripe/webhook", { method: "POST", body, headers: { "stripe-signature": header } });
  await w.t.finishInProgressScheduledFunctions();
}

describe("consent at checkout", () => {
  it("without the tick the checkout is refused and nothing is written; with it the booking keeps what, when and the terms' version", async () => {
    const w = await world();
    const before = await snapshotAllTables(w.t, tableNames);
    const { consent: _tick, ...unticked } = checkout(w);
    expect(await errorCodeOf(w.as.clientB.action(api.payments.startCheckout, unticked))).toBe("CHECKOUT_CONSENT_REQUIRED");
    expect(await errorCodeOf(w.as.clientB.action(api.payments.startCheckout, { ...unticked, consent: false }))).toBe("CHECKOUT_CONSENT_REQUIRED");
    expect(await snapshotAllTables(w.t, tableNames)).toEqual(before);
    expect(stripe().requests).toHaveLength(0);

    const { bookingId } = await w.as.clientB.action(api.payments.startCheckout, checkout(w));
    const booking = (await bookingOf(w, bookingId))!;
    expect(booking.checkoutConsent).toEqual({
      statement: "date_and_cancellation_terms",
      termsVersion: CANCELLATION_TERMS_VERSION,
      acceptedAt: expect.any(Number),
      // This booking's own terms, word for word (model/refundTerms.ts).
      refundTerms: expect.stringMatching(/^Rimborso completo \(\d+,\d\d\s€\) se annulli entro /),
    });
    expect(Math.abs(booking.checkoutConsent!.acceptedAt - Date.now())).toBeLessThan(60_000);

    // The confirmation repeats it, with the Rome date and time of acceptance.
    const { body, header } = await signedEvent("checkout.session.completed", await stripe().pay((await stripe().lastSession()).id));
    expect((await w.t.fetch("/stripe/webhook", { method: "POST", body, headers: { "stripe-signature": header } })).status).toBe(200);
    const emails = await w.t.run((ctx) => ctx.db.query("emailOutbox").collect());
    const toClient = emails.find((email) => email.kind === "booking_confirmed" && email.to === "cliente.b@esempio.it")!;
    expect(toClient.text).toMatch(/alle \d\d:\d\d \(ora italiana\) hai chiesto che il consulto si svolga nella data e all'ora scelte/);
    expect(toClient.text).toContain(`(versione ${CANCELLATION_TERMS_VERSION})`);
    expect(toClient.html).toContain("art. 59 del Codice del Consumo");
  });
});

describe("the monthly limit at checkout", () => {
  it("limit 60,00 € with 30,00 € spent: a 30,00 € checkout passes; with 30,01 € spent it is refused, naming the limit and what is left", async () => {
    const w = await world();
    await w.as.clientB.mutation(api.spendingLimits.setMonthlyLimit, { limitCents: 6000 });
    const spent = await paidBooking(w, 3001, Date.now() - HOUR);
    const before = await snapshotAllTables(w.t, tableNames);
    const refused = w.as.clientB.action(api.payments.startCheckout, checkout(w));
    await expect(refused).rejects.toMatchObject({ data: { code: "SPENDING_LIMIT_REACHED", limitCents: 6000, remainingCents: 2999 } });
    expect(await snapshotAllTables(w.t, tableNames)).toEqual(before);

    await w.t.run((ctx) => ctx.db.patch("bookings", spent, { priceCents: 3000 }));
    const { bookingId } = await w.as.clientB.action(api.payments.startCheckout, checkout(w));
    // The live hold counts: a second checkout the same month is refused with nothing left.
    const second = w.as.clientB.action(api.payments.startCheckout, checkout(w, "10:00", addDays(w.monday, 21)));
    await expect(second).rejects.toMatchObject({ data: { code: "SPENDING_LIMIT_REACHED", remainingCents: 0 } });
    await w.as.clientB.mutation(api.holds.releaseMine, { bookingId });
    const view = await w.as.clientB.query(api.spendingLimits.getMine, { now: Date.now() });
    expect(view).toMatchObject({ limitCents: 6000, spentCents: 3000, remainingCents: 3000, pendingLimit: null, pausedThrough: null });
  });

  it("counts the Rome calendar month by payment time, net of full refunds: 23:30 on the last day in Rome is that month", async () => {
    const w = await world();
    const clientAAt = async () => (await w.as.clientA.query(api.spendingLimits.getMine, { now: romeToUtcMs("2026-11-30", "23:59") })).spentCents;
    const clientABefore = await clientAAt();
    await paidBooking(w, 2000, romeToUtcMs("2026-11-30", "23:30"));
    await paidBooking(w, 1500, romeToUtcMs("2026-12-01", "00:00"));
    await paidBooking(w, 4000, romeToUtcMs("2026-11-10", "10:00"), { status: "cancelled", refundCents: 4000, refundStatus: "succeeded" });
    await paidBooking(w, 4000, romeToUtcMs("2026-11-11", "10:00"), { status: "cancelled", refundCents: 2000, refundStatus: "succeeded" });
    const spentAt = async (date: string, time: string) =>
      (await w.as.clientB.query(api.spendingLimits.getMine, { now: romeToUtcMs(date, time) })).spentCents;
    expect(await spentAt("2026-11-30", "23:59")).toBe(2000 + 2000);
    expect(await spentAt("2026-12-01", "00:01")).toBe(1500);
    // Another client's spend is not theirs.
    expect(await clientAAt()).toBe(clientABefore);
  });

  it("a raise counts 24 hours later, a lowering at once", async () => {
    const w = await world();
    await w.as.clientB.mutation(api.spendingLimits.setMonthlyLimit, { limitCents: 2000 });
    expect(await errorCodeOf(w.as.clientB.action(api.payments.startCheckout, checkout(w)))).toBe("SPENDING_LIMIT_REACHED");
    await w.as.clientB.mutation(api.spendingLimits.setMonthlyLimit, { limitCents: 10000 });
    const waiting = await w.as.clientB.query(api.spendingLimits.getMine, { now: Date.now() });
    expect(waiting).toMatchObject({ limitCents: 2000, pendingLimit: { limitCents: 10000 } });
    expect(await errorCodeOf(w.as.clientB.action(api.payments.startCheckout, checkout(w)))).toBe("SPENDING_LIMIT_REACHED");
    vi.setSystemTime(waiting.pendingLimit!.effectiveAt - 1);
    expect(await errorCodeOf(w.as.clientB.action(api.payments.startCheckout, checkout(w)))).toBe("SPENDING_LIMIT_REACHED");
    vi.setSystemTime(waiting.pendingLimit!.effectiveAt);
    const { bookingId } = await w.as.clientB.action(api.payments.startCheckout, checkout(w));
    await w.as.clientB.mutation(api.holds.releaseMine, { bookingId });
    // Lowering: at once.
    await w.as.clientB.mutation(api.spendingLimits.setMonthlyLimit, { limitCents: 2500 });
    expect(await errorCodeOf(w.as.clientB.action(api.payments.startCheckout, checkout(w, "11:00")))).toBe("SPENDING_LIMIT_REACHED");
    // Removing it is a raise too.
    await w.as.clientB.mutation(api.spendingLimits.setMonthlyLimit, { limitCents: null });
    expect((await w.as.clientB.query(api.spendingLimits.getMine, { now: Date.now() })).limitCents).toBe(2500);
  });

  it("refuses a limit that is not whole cents between 1 cent and 10 000 €, writing nothing", async () => {
    const w = await world();
    for (const limitCents of [0, -100, 12.5, 1_000_001]) {
      expect(await errorCodeOf(w.as.clientB.mutation(api.spendingLimits.setMonthlyLimit, { limitCents }))).toBe("INVALID_INPUT");
    }
    expect(await w.t.run((ctx) => ctx.db.query("spendingLimits").collect())).toEqual([]);
  });
});

describe("the pause", () => {
  it("a payment for a released hold's checkout page, left open at Stripe, is refunded at once: the limit cannot be passed by paying two pages", async () => {
    const w = await world();
    await w.as.clientB.mutation(api.spendingLimits.setMonthlyLimit, { limitCents: 3000 });
    const first = await w.as.clientB.action(api.payments.startCheckout, checkout(w));
    const firstSession = await stripe().lastSession();
    // Stripe refuses the expiry's first attempt: the page stays open for now.
    await stripe().failNext(1);
    await w.as.clientB.mutation(api.holds.releaseMine, { bookingId: first.bookingId });
    await runDueWork(w.t);
    expect((await stripe().session(firstSession.id)).status).toBe("open");
    const second = await w.as.clientB.action(api.payments.startCheckout, checkout(w, "11:00"));
    await deliverPaid(w, firstSession.id);
    await deliverPaid(w, (await stripe().lastSession()).id);
    expect(await bookingOf(w, first.bookingId)).toMatchObject({ status: "cancelled", cancelReason: "late_payment", refundCents: 3000 });
    expect(await bookingOf(w, second.bookingId)).toMatchObject({ status: "confirmed" });
    expect((await w.as.clientB.query(api.spendingLimits.getMine, { now: Date.now() })).spentCents).toBe(3000);
  });

  it("a refused expiry is tried again on the provider jobs' schedule until the page is closed at Stripe", async () => {
    const w = await world();
    const { bookingId } = await w.as.clientB.action(api.payments.startCheckout, checkout(w));
    const session = await stripe().lastSession();
    await stripe().failNext(1);
    await w.as.clientB.mutation(api.holds.releaseMine, { bookingId });
    await runDueWork(w.t);
    expect((await stripe().session(session.id)).status).toBe("open");
    expect(await stripe().failuresLeft()).toBe(0);
    vi.advanceTimersByTime(61_000);
    await w.t.finishAllScheduledFunctions(vi.runAllTimers);
    expect((await stripe().session(session.id)).status).toBe("expired");
  });

  it("a pause started while a checkout page is open: its payment is refunded, not confirmed", async () => {
    const w = await world();
    const { bookingId } = await w.as.clientB.action(api.payments.startCheckout, checkout(w));
    await w.as.clientB.mutation(api.spendingLimits.startPause, { days: 7 });
    await deliverPaid(w, (await stripe().lastSession()).id);
    expect(await bookingOf(w, bookingId)).toMatchObject({ status: "cancelled", cancelReason: "late_payment", refundCents: 3000, refundStatus: "pending" });
  });

  it("refuses every checkout through its last Rome day, naming it; ending early counts a day later", async () => {
    const w = await world();
    vi.setSystemTime(romeToUtcMs(addDays(w.monday, -2), "12:00"));
    await w.as.clientB.mutation(api.spendingLimits.startPause, { days: 7 });
    const lastDay = addDays(w.monday, 4);
    const refused = w.as.clientB.action(api.payments.startCheckout, checkout(w));
    await expect(refused).rejects.toMatchObject({ data: { code: "SPENDING_PAUSED", pausedThrough: lastDay } });
    vi.setSystemTime(romeToUtcMs(lastDay, "23:59"));
    expect(await errorCodeOf(w.as.clientB.action(api.payments.startCheckout, checkout(w)))).toBe("SPENDING_PAUSED");
    vi.setSystemTime(romeToUtcMs(addDays(lastDay, 1), "00:00"));
    const { bookingId } = await w.as.clientB.action(api.payments.startCheckout, checkout(w));
    await w.as.clientB.mutation(api.holds.releaseMine, { bookingId });

    await w.as.clientB.mutation(api.spendingLimits.startPause, { days: 30 });
    await w.as.clientB.mutation(api.spendingLimits.endPause, {});
    const view = await w.as.clientB.query(api.spendingLimits.getMine, { now: Date.now() });
    expect(view.pauseEndsEarlyAt).toBe(Date.now() + 24 * HOUR);
    expect(await errorCodeOf(w.as.clientB.action(api.payments.startCheckout, checkout(w, "11:00")))).toBe("SPENDING_PAUSED");
    vi.setSystemTime(view.pauseEndsEarlyAt! + 1);
    await w.as.clientB.action(api.payments.startCheckout, checkout(w, "11:00"));
    // No pause running: nothing to end.
    expect(await errorCodeOf(w.as.clientB.mutation(api.spendingLimits.endPause, {}))).toBe("INVALID_STATE");
  });
});
