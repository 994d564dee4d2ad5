// Booking and paying: the hold, the price, Stripe Checkout, the webhook and the success page.
import { describe, expect, it, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { romeToUtcMs } from "../../convex/framework/time";
import { weekFrom } from "../../convex/demo/data";
import { buildWorld, mondayAhead, type World } from "./fixtures/world";
import { signedEvent } from "./fixtures/stripeStandIn";
import { addDays } from "../../convex/model/nextAvailability";
import { errorCodeOf, originPassFor, setupTest, stripe, useStripeStandIn, type TestConvex } from "./setup";

useStripeStandIn();

const MINUTE_MS = 60_000;

async function world() {
  const w = await buildWorld(setupTest());
  // psychicA: Mondays 09:00–11:00, 30 minutes for € 50 and 60 for € 90.
  await w.t.run((ctx) =>
    ctx.db.patch("psychicProfiles", w.profileA, {
      availableDurations: [30, 60],
      pricesCents: { "30": 5000, "60": 9000 },
      availability: weekFrom({ monday: ["09:00", "09:30", "10:00", "10:30", "11:00", "11:30"] }),
    }),
  );
  return w;
}

const checkout = (w: World, time = "10:00", durationMinutes: 30 | 60 = 30) => ({
  psychicProfileId: w.profileA,
  durationMinutes,
  date: w.monday,
  time,
  consent: true,
});

const bookingOf = (t: TestConvex, id: Id<"bookings">) => t.run((ctx) => ctx.db.get("bookings", id));
const freeStarts = (w: World, durationMinutes: 30 | 60 = 30) =>
  w.t.query(api.bookings.listFreeStarts, { psychicProfileId: w.profileA, date: w.monday, durationMinutes, now: Date.now() });

async function deliver(t: TestConvex, type: string, object: unknown, eventId?: string) {
  const { body, header } = await signedEvent(type, object, eventId);
  return t.fetch("/stripe/webhook", { method: "POST", body, headers: { "stripe-signature": header } });
}

describe("starting payment", () => {
  it("holds the time and opens a Checkout Session for the psychic's price, in cents", async () => {
    const w = await world();
    const { url, bookingId } = await w.as.clientA.action(api.payments.startCheckout, checkout(w, "10:00", 60));
    const session = await stripe().lastSession();
    expect(url).toBe(session.url);
    expect(session.amount_total).toBe(9000);
    expect(session.client_reference_id).toBe(bookingId);
    expect(session.metadata?.bookingId).toBe(bookingId);
    expect(session.cancel_url).toContain(`/payment-canceled?booking_id=${bookingId}`);
    expect(session.success_url).toContain("/payment-success?session_id={CHECKOUT_SESSION_ID}");
    expect(stripe().requests.at(-1)?.idempotencyKey).toBe(`checkout-${bookingId}`);
    const booking = (await bookingOf(w.t, bookingId))!;
    expect(booking).toMatchObject({ status: "pending_payment", priceCents: 9000, stripeCheckoutSessionId: session.id });
    expect(booking.startsAt).toBe(romeToUtcMs(w.monday, "10:00"));
    // The Checkout Session ends before the hold, and lasts at least Stripe's 30 minutes.
    expect(session.expires_at * 1000).toBeLessThanOrEqual(booking.holdExpiresAt!);
    expect(session.expires_at * 1000 - Date.now()).toBeGreaterThanOrEqual(30 * MINUTE_MS);
    // 09:30 is the world's own booking; 10:00–11:00 is now held.
    expect(await freeStarts(w)).toEqual({ times: ["09:00", "11:00", "11:30"] });
  });

  it("a client cannot change what is charged: no price argument, and only offered durations", async () => {
    const w = await world();
    const withPrice = { ...checkout(w), priceCents: 1 } as unknown as ReturnType<typeof checkout>;
    await expect(w.as.clientA.action(api.payments.startCheckout, withPrice)).rejects.toThrow(/Unexpected field/);
    const refused = w.as.clientA.action(api.payments.startCheckout, { ...checkout(w), durationMinutes: 45 });
    expect(await errorCodeOf(refused)).toBe("DURATION_NOT_OFFERED");
    expect((await stripe().sessions()).length).toBe(0);
  });

  it("refuses a time that overlaps another client's hold, a time off the schedule and one too soon", async () => {
    const w = await world();
    await w.as.clientA.action(api.payments.startCheckout, checkout(w, "10:00", 60));
    expect(await errorCodeOf(w.as.clientB.action(api.payments.startCheckout, checkout(w, "10:30")))).toBe("SLOT_TAKEN");
    expect(await errorCodeOf(w.as.clientB.action(api.payments.startCheckout, checkout(w, "12:00")))).toBe("SLOT_UNAVAILABLE");
    vi.setSystemTime(romeToUtcMs(w.monday, "08:30"));
    expect(await errorCodeOf(w.as.clientB.action(api.payments.startCheckout, checkout(w, "09:00")))).toBe("SLOT_TOO_SOON");
  });

  it("50 clients starting payment for the same time at once leave exactly one hold", async () => {
    const w = await world();
    const t = w.t;
    const clients = await t.run(async (ctx) => {
      const ids = [];
      for (let i = 0; i < 50; i++) {
        const userId = await ctx.db.insert("users", {
          email: `c${i}@esempio.it`,
          accountType: "client",
          name: `C${i}`,
          emailVerificationTime: Date.now(),
        });
        const sessionId = await ctx.db.insert("authSessions", { userId, expirationTime: Date.now() + 86_400_000 });
        ids.push(`${userId}|${sessionId}`);
      }
      return ids;
    });
    const results = await Promise.allSettled(
      clients.map((subject) => t.withIdentity({ subject }).action(api.payments.startCheckout, checkout(w, "09:00"))),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const held = await t.run((ctx) =>
      ctx.db
        .query("bookings")
        .withIndex("by_psychicProfile_startsAt", (q) => q.eq("psychicProfileId", w.profileA))
        .collect(),
    );
    expect(held.filter((booking) => booking.status === "pending_payment" && booking.scheduledTime === "09:00")).toHaveLength(1);
  });

  it("a client holds at most 3 unpaid bookings", async () => {
    const w = await world();
    for (const weeks of [0, 1, 2]) {
      await w.as.clientB.action(api.payments.startCheckout, { ...checkout(w, "09:00"), date: addDays(w.monday, 7 * weeks) });
    }
    expect(await errorCodeOf(w.as.clientB.action(api.payments.startCheckout, { ...checkout(w, "09:00"), date: addDays(w.monday, 21) }))).toBe(
      "TOO_MANY_HOLDS",
    );
  });

  it("one live hold per psychic and date: a client cannot block a psychic's day slot by slot", async () => {
    const w = await world();
    await w.as.clientB.action(api.payments.startCheckout, checkout(w, "09:00"));
    expect(await errorCodeOf(w.as.clientB.action(api.payments.startCheckout, checkout(w, "10:30")))).toBe("HOLD_SAME_DATE");
    // Another date of the same psychic is another question.
    await w.as.clientB.action(api.payments.startCheckout, { ...checkout(w, "09:00"), date: addDays(w.monday, 7) });
  });

  it("a released or lapsed hold counts for 24 hours: re-holding a time every half hour cannot keep it blocked", async () => {
    const w = await world();
    const first = await w.as.clientB.action(api.payments.startCheckout, checkout(w, "10:00"));
    await w.as.clientB.mutation(api.holds.releaseMine, { bookingId: first.bookingId });
    // A second try on the same psychic's date is allowed (a declined card, a change of mind)...
    await w.as.clientB.action(api.payments.startCheckout, checkout(w, "10:00"));
    vi.advanceTimersByTime(33 * MINUTE_MS);
    await w.t.finishInProgressScheduledFunctions();
    // ...a third, after the second lapsed, is not, until a day has passed.
    expect(await errorCodeOf(w.as.clientB.action(api.payments.startCheckout, checkout(w, "10:00")))).toBe("HOLD_LIMIT_REACHED");
    expect((await freeStarts(w))?.times).toContain("10:00");
    vi.advanceTimersByTime(24 * 60 * MINUTE_MS);
    const nextWeek = { ...checkout(w, "10:00"), date: addDays(w.monday, 7) };
    await w.as.clientB.action(api.payments.startCheckout, nextWeek);
  });

  it("at most 6 holds a day per client, released and lapsed ones included", async () => {
    const w = await world();
    for (let week = 0; week < 6; week++) {
      const started = await w.as.clientB.action(api.payments.startCheckout, { ...checkout(w, "09:00"), date: addDays(w.monday, 7 * week) });
      await w.as.clientB.mutation(api.holds.releaseMine, { bookingId: started.bookingId });
    }
    expect(await errorCodeOf(w.as.clientB.action(api.payments.startCheckout, { ...checkout(w, "09:00"), date: addDays(w.monday, 42) }))).toBe(
      "HOLD_LIMIT_REACHED",
    );
  });

  it("a client whose address is not proven cannot pay: nothing is held, no checkout opens", async () => {
    const w = await world();
    await w.t.run((ctx) => ctx.db.patch("users", w.userIds.clientB, { emailVerificationTime: undefined }));
    expect(await errorCodeOf(w.as.clientB.action(api.payments.startCheckout, checkout(w, "10:00")))).toBe("EMAIL_NOT_VERIFIED");
    expect((await freeStarts(w))?.times).toContain("10:00");
    expect((await stripe().sessions()).length).toBe(0);
  });

  it("one network origin opens at most 20 checkouts an hour, whichever accounts it uses", async () => {
    const w = await world();
    const pass = await originPassFor(w.t, "203.0.113.30");
    const clients = await w.t.run(async (ctx) => {
      const subjects = [];
      for (let i = 0; i < 21; i++) {
        const userId = await ctx.db.insert("users", { email: `o${i}@esempio.it`, accountType: "client", emailVerificationTime: Date.now() });
        const sessionId = await ctx.db.insert("authSessions", { userId, expirationTime: Date.now() + 86_400_000 });
        subjects.push(`${userId}|${sessionId}`);
      }
      return subjects;
    });
    for (let i = 0; i < 20; i++) {
      const client = w.t.withIdentity({ subject: clients[i] });
      // Each releases its hold at once, so the time is free for the next.
      const started = await client.action(api.payments.startCheckout, { ...checkout(w, "09:00"), originPass: pass });
      await client.mutation(api.holds.releaseMine, { bookingId: started.bookingId });
    }
    const last = w.t.withIdentity({ subject: clients[20] });
    expect(await errorCodeOf(last.action(api.payments.startCheckout, { ...checkout(w, "09:00"), originPass: pass }))).toBe("RATE_LIMITED");
    await last.action(api.payments.startCheckout, { ...checkout(w, "09:00"), originPass: await originPassFor(w.t, "198.51.100.30") });
  });

  it("a checkout without a valid pass is held to its client's own limits: other clients' pass-less checkouts hold back nobody", async () => {
    const w = await world();
    const clients = await w.t.run(async (ctx) => {
      const subjects = [];
      for (let i = 0; i < 22; i++) {
        const userId = await ctx.db.insert("users", { email: `s${i}@esempio.it`, accountType: "client", emailVerificationTime: Date.now() });
        const sessionId = await ctx.db.insert("authSessions", { userId, expirationTime: Date.now() + 86_400_000 });
        subjects.push(`${userId}|${sessionId}`);
      }
      return subjects;
    });
    for (let i = 0; i < 21; i++) {
      const client = w.t.withIdentity({ subject: clients[i] });
      const started = await client.action(api.payments.startCheckout, { ...checkout(w, "09:00"), ...(i % 2 ? { originPass: "inventato" } : {}) });
      await client.mutation(api.holds.releaseMine, { bookingId: started.bookingId });
    }
    await w.t.withIdentity({ subject: clients[21] }).action(api.payments.startCheckout, checkout(w, "09:00"));
  });

  it("nothing past the calendar's last month can be held: not the year 2999", async () => {
    const w = await world();
    expect(await errorCodeOf(w.as.clientB.action(api.payments.startCheckout, { ...checkout(w, "09:00"), date: "2999-12-30" }))).toBe("SLOT_TOO_FAR");
    expect(await errorCodeOf(w.as.clientB.action(api.payments.startCheckout, { ...checkout(w, "09:00"), date: addDays(w.monday, 7 * 30) }))).toBe(
      "SLOT_TOO_FAR",
    );
  });

  it("when Stripe fails, the hold is released at once and the client reads PAYMENT_FAILED", async () => {
    const w = await world();
    await stripe().failNext(10);
    expect(await errorCodeOf(w.as.clientA.action(api.payments.startCheckout, checkout(w)))).toBe("PAYMENT_FAILED");
    const bookings = await w.t.run((ctx) => ctx.db.query("bookings").collect());
    expect(bookings.filter((booking) => booking.status === "pending_payment" && booking.clientId === w.userIds.clientA)).toHaveLength(1);
    // The one pending booking is the world's own hold with psychicB; psychicA's 10:00 is free again.
    expect((await freeStarts(w))?.times).toContain("10:00");
  });

  it("a hold expires by itself after its time and frees the slot on every page", async () => {
    const w = await world();
    const { bookingId } = await w.as.clientA.action(api.payments.startCheckout, checkout(w));
    vi.advanceTimersByTime(33 * MINUTE_MS);
    await w.t.finishInProgressScheduledFunctions();
    expect((await bookingOf(w.t, bookingId))?.status).toBe("expired");
    expect((await freeStarts(w))?.times).toContain("10:00");
  });

  it("psychics, visitors and admins cannot start a payment; a client cannot read another's booking", async () => {
    const w = await world();
    expect(await errorCodeOf(w.as.psychicA.action(api.payments.startCheckout, checkout(w)))).toBe("CLIENT_ONLY");
    expect(await errorCodeOf(w.as.visitor.action(api.payments.startCheckout, checkout(w)))).toBe("NOT_AUTHENTICATED");
    expect(await errorCodeOf(w.as.admin.action(api.payments.startCheckout, checkout(w)))).toBe("CLIENT_ONLY");
    expect(await errorCodeOf(w.as.clientB.query(api.bookings.getMine, { bookingId: w.bookingA }))).toBe("FORBIDDEN");
    expect(await w.as.clientB.query(api.bookings.getMineByCheckoutSession, { sessionId: "cs_test_world_a" })).toBeNull();
  });
});

describe("the Stripe webhook", () => {
  async function heldAndPaid(w: World) {
    const { bookingId } = await w.as.clientA.action(api.payments.startCheckout, checkout(w));
    const session = await stripe().pay((await stripe().lastSession()).id);
    return { bookingId, session };
  }

  it("the same paid event delivered 20 times confirms once and emails each party once, with the invitation", async () => {
    const w = await world();
    const { bookingId, session } = await heldAndPaid(w);
    for (let i = 0; i < 20; i++) expect((await deliver(w.t, "checkout.session.completed", session, "evt_paid_once")).status).toBe(200);
    const booking = (await bookingOf(w.t, bookingId))!;
    expect(booking).toMatchObject({ status: "confirmed", stripePaymentIntentId: session.payment_intent });
    const emails = await w.t.run((ctx) => ctx.db.query("emailOutbox").collect());
    const confirmations = emails.filter((email) => email.kind === "booking_confirmed");
    expect(confirmations.map((email) => email.to).sort()).toEqual(["cartomante.a@esempio.it", "cliente.a@esempio.it"]);
    const invitation = confirmations[0].attachments![0];
    expect(invitation.filename).toBe("consulto.ics");
    expect(invitation.content).toContain(`UID:booking-${bookingId}@arcano.it`);
    expect(invitation.content).toContain("DTSTART;TZID=Europe/Rome:");
    expect(invitation.content).toContain("BEGIN:VTIMEZONE");
    expect(await w.t.run((ctx) => ctx.db.query("processedWebhookEvents").collect())).toHaveLength(1);
  });

  it("a second event id for the same session, and the success page after it, change nothing", async () => {
    const w = await world();
    const { bookingId, session } = await heldAndPaid(w);
    await deliver(w.t, "checkout.session.completed", session, "evt_a");
    await deliver(w.t, "checkout.session.completed", session, "evt_b");
    expect(await w.as.clientA.action(api.payments.confirmFromSuccessPage, { sessionId: session.id })).toEqual({ status: "paid" });
    expect((await bookingOf(w.t, bookingId))?.status).toBe("confirmed");
    const emails = await w.t.run((ctx) => ctx.db.query("emailOutbox").collect());
    expect(emails.filter((email) => email.kind === "booking_confirmed")).toHaveLength(2);
  });

  it("the success page confirms a paid session before any webhook arrives", async () => {
    const w = await world();
    const { bookingId, session } = await heldAndPaid(w);
    expect(await w.as.clientA.action(api.payments.confirmFromSuccessPage, { sessionId: session.id })).toEqual({ status: "paid" });
    expect((await w.as.clientA.query(api.bookings.getMineByCheckoutSession, { sessionId: session.id }))?.status).toBe("confirmed");
    // Another client holding the session id learns nothing and changes nothing.
    expect(await errorCodeOf(w.as.clientB.action(api.payments.confirmFromSuccessPage, { sessionId: session.id }))).toBe("FORBIDDEN");
    expect((await bookingOf(w.t, bookingId))?.clientId).toBe(w.userIds.clientA);
  });

  it("an unpaid session is not confirmed by the success page", async () => {
    const w = await world();
    await w.as.clientA.action(api.payments.startCheckout, checkout(w));
    const session = await stripe().lastSession();
    expect(await w.as.clientA.action(api.payments.confirmFromSuccessPage, { sessionId: session.id })).toEqual({ status: "unpaid" });
  });

  it("an expired event after the completed one leaves the booking confirmed", async () => {
    const w = await world();
    const { bookingId, session } = await heldAndPaid(w);
    await deliver(w.t, "checkout.session.completed", session);
    await deliver(w.t, "checkout.session.expired", { ...session, status: "expired" });
    expect((await bookingOf(w.t, bookingId))?.status).toBe("confirmed");
  });

  it("an expired session frees the time at once", async () => {
    const w = await world();
    const { bookingId } = await w.as.clientA.action(api.payments.startCheckout, checkout(w));
    await deliver(w.t, "checkout.session.expired", { ...(await stripe().lastSession()), status: "expired" });
    expect((await bookingOf(w.t, bookingId))?.status).toBe("expired");
    expect((await freeStarts(w))?.times).toContain("10:00");
  });

  it("a payment after the hold was released and the time taken is refunded in full, and both are told", async () => {
    const w = await world();
    const { bookingId } = await w.as.clientA.action(api.payments.startCheckout, checkout(w));
    const unpaid = await stripe().lastSession();
    await w.as.clientA.mutation(api.holds.releaseMine, { bookingId });
    await w.as.clientB.action(api.payments.startCheckout, checkout(w));
    const late = await stripe().pay(unpaid.id);
    await deliver(w.t, "checkout.session.completed", late);
    await w.t.finishAllScheduledFunctions(vi.runAllTimers);
    const booking = (await bookingOf(w.t, bookingId))!;
    expect(booking).toMatchObject({ status: "cancelled", cancelReason: "late_payment", refundCents: 5000, refundStatus: "succeeded" });
    expect(stripe().refunds()).toEqual([expect.objectContaining({ amount: 5000, payment_intent: late.payment_intent, idempotencyKey: `refund-${bookingId}` })]);
    const emails = await w.t.run((ctx) => ctx.db.query("emailOutbox").collect());
    expect(emails.filter((email) => email.kind === "refund_issued").map((email) => email.to).sort()).toEqual([
      "cartomante.a@esempio.it",
      "cliente.a@esempio.it",
    ]);
  });

  it("a payment after the hold lapsed, with the time still free, is honoured", async () => {
    const w = await world();
    const { bookingId } = await w.as.clientA.action(api.payments.startCheckout, checkout(w));
    // Paid in the session's last moments (Stripe takes no payment on an expired one); its event comes late.
    const paid = await stripe().pay((await stripe().lastSession()).id);
    vi.advanceTimersByTime(40 * MINUTE_MS);
    await w.t.finishInProgressScheduledFunctions();
    expect((await bookingOf(w.t, bookingId))?.status).toBe("expired");
    await deliver(w.t, "checkout.session.completed", paid);
    expect((await bookingOf(w.t, bookingId))?.status).toBe("confirmed");
  });

  it("a refund Stripe keeps refusing is retried, then left visible as failed", async () => {
    const w = await world();
    const { bookingId } = await w.as.clientA.action(api.payments.startCheckout, checkout(w));
    const unpaid = await stripe().lastSession();
    await w.as.clientA.mutation(api.holds.releaseMine, { bookingId });
    await w.as.clientB.action(api.payments.startCheckout, checkout(w));
    const late = await stripe().pay(unpaid.id);
    await stripe().failNext(100);
    await deliver(w.t, "checkout.session.completed", late);
    expect((await bookingOf(w.t, bookingId))?.refundStatus).toBe("pending");
    await w.t.finishAllScheduledFunctions(vi.runAllTimers);
    expect((await bookingOf(w.t, bookingId))?.refundStatus).toBe("failed");
    const refundCalls = stripe().requests.filter((request) => request.path === "/v1/refunds");
    expect(refundCalls).toHaveLength(4);
  });

  it("an event about a booking we do not know is recorded and ignored", async () => {
    const w = await world();
    const response = await deliver(w.t, "checkout.session.completed", {
      id: "cs_test_stranger",
      object: "checkout.session",
      payment_status: "paid",
      client_reference_id: null,
      metadata: {},
      amount_total: 100,
      payment_intent: "pi_stranger",
    });
    expect(await response.json()).toEqual({ received: true, outcome: "ignored" });
    expect(await w.t.run((ctx) => ctx.db.query("processedWebhookEvents").collect())).toHaveLength(1);
  });

  it("charge.refunded marks a pending refund as done", async () => {
    const w = await world();
    await w.t.run((ctx) => ctx.db.patch("bookings", w.bookingA, { status: "cancelled", refundStatus: "pending", refundCents: 5000 }));
    await deliver(w.t, "charge.refunded", { id: "ch_1", object: "charge", payment_intent: "pi_cs_test_world_a", amount_refunded: 5000, refunded: true });
    expect(await bookingOf(w.t, w.bookingA)).toMatchObject({ refundStatus: "succeeded", refundedAt: expect.any(Number) });
  });
});

describe("the cancelled checkout and the lists", () => {
  it("leaving the checkout frees the time at once and expires the session at Stripe", async () => {
    const w = await world();
    const { bookingId } = await w.as.clientA.action(api.payments.startCheckout, checkout(w));
    await w.as.clientA.mutation(api.holds.releaseMine, { bookingId });
    expect((await freeStarts(w))?.times).toContain("10:00");
    await w.t.finishAllScheduledFunctions(vi.runAllTimers);
    expect((await stripe().lastSession()).status).toBe("expired");
    expect(await errorCodeOf(w.as.clientB.mutation(api.holds.releaseMine, { bookingId: w.holdA }))).toBe("FORBIDDEN");
  });

  it("the client's list shows live holds with their checkout link, never lapsed ones", async () => {
    const w = await world();
    const { bookingId } = await w.as.clientB.action(api.payments.startCheckout, checkout(w));
    const mine = await w.as.clientB.query(api.bookings.listMine, { now: Date.now() });
    expect(mine.bookings.find((booking) => booking.id === bookingId)?.checkoutUrl).toBe((await stripe().lastSession()).url);
    expect(mine.counts).toEqual({ total: 1, today: 0, upcoming: 1 });
    const later = await w.as.clientB.query(api.bookings.listMine, { now: Date.now() + 40 * MINUTE_MS });
    expect(later.bookings.map((booking) => booking.id)).not.toContain(bookingId);
  });

  it("the psychic's dashboard lists their bookings with notes and this month's net earnings", async () => {
    const w = await world();
    const now = romeToUtcMs(w.monday, "08:00");
    vi.setSystemTime(now - 3 * 24 * 60 * MINUTE_MS);
    const dashboard = await w.as.psychicA.query(api.bookings.listForPsychic, { now });
    expect(dashboard.today).toEqual([expect.objectContaining({ id: w.bookingA, clientName: "Persona clientA", notes: expect.any(String) })]);
    expect(dashboard.stats).toMatchObject({ today: 1, upcoming: 1 });
    // Today's is listed under today only; "next" starts tomorrow, as on the client's dashboard.
    expect(dashboard.upcoming).toEqual([]);
    // Nothing held yet: nothing earned; the month's consultations to come are 'in arrivo', net of the commission.
    expect(dashboard.stats.earnedThisMonthCents).toBe(0);
    expect(dashboard.stats.upcomingThisMonthCents).toBe(dashboard.stats.paidConsultationsThisMonth * 4250);
    const other = await w.as.psychicB.query(api.bookings.listForPsychic, { now });
    expect(other.today.map((booking) => booking.id)).not.toContain(w.bookingA);
  });

  it("the booking calendar offers Mondays only, from the first with free time", async () => {
    const w = await world();
    const dates = await w.t.query(api.bookings.listBookableDates, {
      psychicProfileId: w.profileA,
      from: w.monday,
      days: 14,
      durationMinutes: 30,
      now: Date.now(),
    });
    expect(dates).toEqual([w.monday, mondayAhead(romeToUtcMs(w.monday, "12:00") + 5 * 24 * 60 * MINUTE_MS)]);
  });
});

