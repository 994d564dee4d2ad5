// After the booking, with fake timers: cancellations and their refunds through Stripe, moving a
// booking, reminders that follow the booking, completion counted once, the psychic's outcome, and
// account deletion cancelling upcoming consultations.
import { describe, expect, it, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import type { EmailKind } from "../../convex/framework/validators";
import { EARLY_ACCESS_MS } from "../../convex/model/calls";
import { callBooking } from "./fixtures/callWorld";
import { signedEvent } from "./fixtures/stripeStandIn";
import { emails, worldOpenMondayMornings, type World } from "./fixtures/world";
import { errorCodeOf, setupTest, stripe, useStripeStandIn, type TestConvex } from "./setup";

useStripeStandIn();

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The world, its booking A paid at Stripe (`intentA`). */
async function world() {
  const w = await worldOpenMondayMornings(setupTest());
  const intentA = await stripe().paidIntent(5000);
  await w.t.run((ctx) => ctx.db.patch("bookings", w.bookingA, { stripePaymentIntentId: intentA }));
  return Object.assign(w, { intentA });
}

const bookingOf = (w: World, id: Id<"bookings">) => w.t.run((ctx) => ctx.db.get("bookings", id));
const profileOf = (w: World, id: Id<"psychicProfiles">) => w.t.run((ctx) => ctx.db.get("psychicProfiles", id));
const mail = (w: World, kind?: EmailKind) =>
  w.t.run(async (ctx) => (await ctx.db.query("emailOutbox").collect()).filter((email) => kind === undefined || email.kind === kind));
const freeMonday = async (w: World) =>
  (await w.t.query(api.bookings.listFreeStarts, { psychicProfileId: w.profileA, date: w.monday, durationMinutes: 30, now: Date.now() }))?.times;
const statsRows = (w: World) => w.t.run((ctx) => ctx.db.query("psychicMonthFigures").collect());

async function finishAll(t: TestConvex) {
  await t.finishAllScheduledFunctions(vi.runAllTimers);
}

/** Moves the clock to `at`, running the jobs due by then, each at its time. */
async function advanceTo(t: TestConvex, at: number) {
  vi.advanceTimersByTime(at - Date.now());
  await t.finishInProgressScheduledFunctions();
}

async function deliver(t: TestConvex, type: string, object: unknown) {
  const { body, header } = await signedEvent(type, object);
  return t.fetch("/stripe/webhook", { method: "POST", body, headers: { "stripe-signature": header } });
}

/** clientB books and pays psychicA's Monday `time` through Checkout and the webhook. */
async function paidBooking(w: World, time = "10:00") {
  const { bookingId } = await w.as.clientB.action(api.payments.startCheckout, {
    psychicProfileId: w.profileA,
    durationMinutes: 30,
    date: w.monday,
    time,
    consent: true,
  });
  await deliver(w.t, "checkout.session.completed", await stripe().pay((await stripe().lastSession()).id));
  expect((await bookingOf(w, bookingId))?.status).toBe("confirmed");
  return bookingId;
}

describe("the booking's type in the lists that show it", () => {
  it("a chat booked and paid is named chat in the client's list, their booking, the success page's and the psychic's; a call stays voice", async () => {
    const w = await world();
    await w.t.run((ctx) => ctx.db.patch("psychicProfiles", w.profileA, { consultationTypes: ["voice", "chat"], chatPricesCents: { "30": 3500 } }));
    const { bookingId } = await w.as.clientB.action(api.payments.startCheckout, {
      psychicProfileId: w.profileA,
      durationMinutes: 30,
      consultationType: "chat",
      date: w.monday,
      time: "10:00",
      consent: true,
    });
    const session = await stripe().lastSession();
    await deliver(w.t, "checkout.session.completed", await stripe().pay(session.id));
    const now = Date.now();

    const { bookings } = await w.as.clientB.query(api.bookings.listMine, { now });
    expect(bookings.map((booking) => [booking.id, booking.consultationType, booking.priceCents])).toEqual([
      [bookingId, "chat", 3500],
      [w.bookingB, "voice", 5000],
    ]);
    expect(await w.as.clientB.query(api.bookings.getMine, { bookingId })).toMatchObject({ consultationType: "chat", state: "confirmed" });
    expect(await w.as.clientB.query(api.bookings.getMineByCheckoutSession, { sessionId: session.id })).toMatchObject({
      id: bookingId,
      consultationType: "chat",
    });
    const { upcoming } = await w.as.psychicA.query(api.bookings.listForPsychic, { now });
    expect(upcoming.map((row) => [row.id, row.consultationType])).toEqual([
      [w.bookingA, "voice"],
      [bookingId, "chat"],
    ]);
  });
});

describe("the client cancels", () => {
  it("24 hours or more before: a full refund through Stripe, shown as in progress then done, both emailed, the time free at once", async () => {
    const w = await world();
    expect(await freeMonday(w)).not.toContain("09:30");
    const preview = await w.as.clientA.query(api.bookings.previewCancellation, { bookingId: w.bookingA, now: Date.now() });
    expect(preview).toMatchObject({ cancellable: true, window: "full", refundCents: 5000, priceCents: 5000 });

    expect(await w.as.clientA.mutation(api.bookings.cancelByClient, { bookingId: w.bookingA, expectedRefundCents: 5000 })).toEqual({
      window: "full",
      refundCents: 5000,
    });
    expect(await freeMonday(w)).toContain("09:30");
    const [mine] = (await w.as.clientA.query(api.bookings.listMine, { now: Date.now() })).bookings.filter((b) => b.id === w.bookingA);
    expect(mine).toMatchObject({ status: "cancelled", cancelledBy: "client", refundStatus: "pending", refundCents: 5000, refundedAt: null });

    await finishAll(w.t);
    expect(stripe().refunds()).toEqual([
      expect.objectContaining({ amount: 5000, payment_intent: w.intentA, idempotencyKey: `refund-${w.bookingA}` }),
    ]);
    expect(await bookingOf(w, w.bookingA)).toMatchObject({ refundStatus: "succeeded", refundedAt: expect.any(Number) });
    const cancelled = await mail(w, "booking_cancelled");
    expect(cancelled.map((email) => email.to).sort()).toEqual([emails.clientA, emails.psychicA].sort());
    expect(cancelled.find((email) => email.to === emails.clientA)?.text).toContain("5–10 giorni lavorativi");
    expect(cancelled[0].attachments?.[0].content).toContain("METHOD:CANCEL");
  });

  it("between 24 and 2 hours before: half back; exactly 2 hours before still half", async () => {
    const w = await world();
    const bookingId = await callBooking(w, { startsInMs: 2 * HOUR });
    expect(await w.as.clientA.mutation(api.bookings.cancelByClient, { bookingId })).toEqual({ window: "half", refundCents: 2500 });
    await finishAll(w.t);
    expect(stripe().refunds().map((refund) => refund.amount)).toEqual([2500]);
    expect(await bookingOf(w, bookingId)).toMatchObject({ status: "cancelled", refundCents: 2500, refundStatus: "succeeded" });
  });

  it("under 2 hours before: nothing back and no refund recorded at Stripe; after the start: refused", async () => {
    const w = await world();
    const soon = await callBooking(w, { startsInMs: 2 * HOUR - 1 });
    expect(await w.as.clientA.mutation(api.bookings.cancelByClient, { bookingId: soon })).toEqual({ window: "none", refundCents: 0 });
    await finishAll(w.t);
    expect(stripe().refunds()).toEqual([]);
    const booking = await bookingOf(w, soon);
    expect(booking).toMatchObject({ status: "cancelled", cancelledBy: "client" });
    expect(booking?.refundStatus).toBeUndefined();
    expect((await mail(w, "booking_cancelled")).find((email) => email.to === emails.clientA)?.text).toContain("non è previsto alcun rimborso");

    const started = await callBooking(w, { startsInMs: -MINUTE });
    expect(await errorCodeOf(w.as.clientA.mutation(api.bookings.cancelByClient, { bookingId: started }))).toBe("CANCELLATION_NOT_ALLOWED");
    expect(await errorCodeOf(w.as.clientA.mutation(api.bookings.cancelByClient, { bookingId: soon }))).toBe("INVALID_STATE");
  });

  it("the refund the dialog showed is kept: if it shrank meanwhile, nothing happens and REFUND_CHANGED says so", async () => {
    const w = await world();
    const bookingId = await callBooking(w, { startsInMs: 24 * HOUR + MINUTE });
    const preview = await w.as.clientA.query(api.bookings.previewCancellation, { bookingId, now: Date.now() });
    expect(preview.refundCents).toBe(5000);
    vi.setSystemTime(Date.now() + 2 * MINUTE);
    expect(await errorCodeOf(w.as.clientA.mutation(api.bookings.cancelByClient, { bookingId, expectedRefundCents: 5000 }))).toBe("REFUND_CHANGED");
    expect((await bookingOf(w, bookingId))?.status).toBe("confirmed");
  });

  it("another client, the psychic or a visitor cannot cancel it as the client", async () => {
    const w = await world();
    expect(await errorCodeOf(w.as.clientB.mutation(api.bookings.cancelByClient, { bookingId: w.bookingA }))).toBe("FORBIDDEN");
    expect(await errorCodeOf(w.as.psychicA.mutation(api.bookings.cancelByClient, { bookingId: w.bookingA }))).toBe("CLIENT_ONLY");
    expect(await errorCodeOf(w.as.visitor.mutation(api.bookings.cancelByClient, { bookingId: w.bookingA }))).toBe("NOT_AUTHENTICATED");
    expect((await bookingOf(w, w.bookingA))?.status).toBe("confirmed");
  });
});

describe("the psychic cancels", () => {
  it("always a full refund, even an hour before; the client is emailed with a link to book again", async () => {
    const w = await world();
    const bookingId = await callBooking(w, { startsInMs: HOUR });
    expect(await errorCodeOf(w.as.psychicB.mutation(api.bookings.cancelByPsychic, { bookingId }))).toBe("FORBIDDEN");
    expect(await w.as.psychicA.mutation(api.bookings.cancelByPsychic, { bookingId })).toEqual({ refundCents: 5000 });
    await finishAll(w.t);
    expect(await bookingOf(w, bookingId)).toMatchObject({
      status: "cancelled",
      cancelledBy: "psychic",
      refundCents: 5000,
      refundStatus: "succeeded",
    });
    const toClient = (await mail(w, "booking_cancelled")).find((email) => email.to === emails.clientA);
    expect(toClient?.text).toContain(`/psychics/${w.profileA}/book`);
    expect(toClient?.html).toContain(`/psychics/${w.profileA}/book`);
  });
});

describe("refunds that fail", () => {
  it("are retried and, when Stripe keeps failing, recorded as failed for the admin; one failure is retried into success", async () => {
    const w = await world();
    await stripe().failNext(1);
    await w.as.clientA.mutation(api.bookings.cancelByClient, { bookingId: w.bookingA });
    await finishAll(w.t);
    expect(await bookingOf(w, w.bookingA)).toMatchObject({ refundStatus: "succeeded" });
    expect(stripe().requests.filter((request) => request.path === "/v1/refunds")).toHaveLength(2);

    const other = await callBooking(w, { startsInMs: 3 * 24 * HOUR });
    await stripe().failNext(100);
    await w.as.psychicA.mutation(api.bookings.cancelByPsychic, { bookingId: other });
    await finishAll(w.t);
    expect(await bookingOf(w, other)).toMatchObject({ status: "cancelled", refundStatus: "failed", refundCents: 5000 });
    // Its client reads it as the admin does: failed, not on its way.
    const { bookings: mine } = await w.as.clientA.query(api.bookings.listMine, { now: Date.now() });
    expect(mine.find((row) => row.id === other)?.refund).toBe("refund_failed");
    const failed = await w.as.admin.query(api.admin.listBookings, {});
    expect(JSON.stringify(failed)).toContain(other);
  });

  /** A booking psychicA cancelled while Stripe was down, its refund left failed; Stripe is back. */
  async function failedRefund(w: World) {
    const bookingId = await callBooking(w, { startsInMs: 3 * 24 * HOUR });
    await stripe().failNext(100);
    await w.as.psychicA.mutation(api.bookings.cancelByPsychic, { bookingId });
    await finishAll(w.t);
    expect((await bookingOf(w, bookingId))?.refundStatus).toBe("failed");
    await stripe().recover();
    return bookingId;
  }

  it("one left failed is asked again by an admin: refunded once, under a new key, and off the list", async () => {
    const w = await world();
    const bookingId = await failedRefund(w);
    expect(await errorCodeOf(w.as.psychicA.mutation(api.admin.retryRefund, { bookingId }))).toBe("FORBIDDEN");
    await w.as.admin.mutation(api.admin.retryRefund, { bookingId });
    expect((await bookingOf(w, bookingId))?.refundStatus).toBe("pending");
    // Asked twice before it ran: the second is refused, nothing is scheduled twice.
    expect(await errorCodeOf(w.as.admin.mutation(api.admin.retryRefund, { bookingId }))).toBe("INVALID_STATE");
    await finishAll(w.t);
    expect(await bookingOf(w, bookingId)).toMatchObject({ refundStatus: "succeeded", refundRetries: 1, refundedAt: expect.any(Number) });
    expect(stripe().refunds().map((refund) => [refund.amount, refund.idempotencyKey])).toEqual([[5000, `refund-${bookingId}-retry-1`]]);
    const { needingAttention } = await w.as.admin.query(api.admin.listBookings, {});
    expect(needingAttention.map((booking) => booking.id)).not.toContain(bookingId);
  });

  it("an admin's retry finds a refund already on the charge and records it instead of refunding twice", async () => {
    const w = await world();
    const bookingId = await failedRefund(w);
    // Made at Stripe while its answer was lost on the way.
    const intent = (await bookingOf(w, bookingId))!.stripePaymentIntentId!;
    await stripe().sdk().refunds.create({ payment_intent: intent, amount: 5000 }, { idempotencyKey: `refund-${bookingId}` });
    await w.as.admin.mutation(api.admin.retryRefund, { bookingId });
    await finishAll(w.t);
    expect((await bookingOf(w, bookingId))?.refundStatus).toBe("succeeded");
    expect(await stripe().refundsOf(intent)).toHaveLength(1);
  });

  it("an admin can ask again only for a refund left failed", async () => {
    const w = await world();
    expect(await errorCodeOf(w.as.admin.mutation(api.admin.retryRefund, { bookingId: w.bookingA }))).toBe("INVALID_STATE");
    expect(await errorCodeOf(w.as.admin.mutation(api.admin.retryRefund, { bookingId: "nessuna" }))).toBe("NOT_FOUND");
    expect((await bookingOf(w, w.bookingA))?.refundStatus).toBeUndefined();
  });
});

describe("moving a booking", () => {
  it("moves it to another free time in one step: the old time frees, the new one is taken, both emailed with the same UID and a higher SEQUENCE", async () => {
    const w = await world();
    const moved = await w.as.clientA.mutation(api.bookings.rescheduleByClient, { bookingId: w.bookingA, date: w.monday, time: "11:00" });
    expect(moved).toMatchObject({ scheduledTime: "11:00", rescheduleCount: 1, status: "confirmed", priceCents: 5000 });
    const free = await freeMonday(w);
    expect(free).toContain("09:30");
    expect(free).not.toContain("11:00");
    const sent = await mail(w, "booking_rescheduled");
    expect(sent.map((email) => email.to).sort()).toEqual([emails.clientA, emails.psychicA].sort());
    const ics = sent[0].attachments?.[0].content ?? "";
    expect(ics).toContain(`UID:booking-${w.bookingA}@arcano.it`);
    expect(ics).toContain("SEQUENCE:1");
    expect(stripe().requests).toEqual([]);
  });

  it("at most twice", async () => {
    const w = await world();
    await w.as.clientA.mutation(api.bookings.rescheduleByClient, { bookingId: w.bookingA, date: w.monday, time: "10:00" });
    await w.as.clientA.mutation(api.bookings.rescheduleByClient, { bookingId: w.bookingA, date: w.monday, time: "10:30" });
    expect(await errorCodeOf(w.as.clientA.mutation(api.bookings.rescheduleByClient, { bookingId: w.bookingA, date: w.monday, time: "11:00" }))).toBe(
      "RESCHEDULE_LIMIT_REACHED",
    );
    expect(await bookingOf(w, w.bookingA)).toMatchObject({ scheduledTime: "10:30", rescheduleCount: 2 });
  });

  it("into time another booking holds or has taken: refused, nothing changes", async () => {
    const w = await world();
    await paidBooking(w, "10:00");
    await w.as.clientB.action(api.payments.startCheckout, { psychicProfileId: w.profileA, durationMinutes: 30, date: w.monday, time: "11:00", consent: true });
    for (const time of ["10:00", "11:00"]) {
      expect(await errorCodeOf(w.as.clientA.mutation(api.bookings.rescheduleByClient, { bookingId: w.bookingA, date: w.monday, time }))).toBe(
        "SLOT_TAKEN",
      );
    }
    expect(await errorCodeOf(w.as.clientA.mutation(api.bookings.rescheduleByClient, { bookingId: w.bookingA, date: w.monday, time: "15:00" }))).toBe(
      "SLOT_UNAVAILABLE",
    );
    expect(await bookingOf(w, w.bookingA)).toMatchObject({ scheduledTime: "09:30" });
    expect((await bookingOf(w, w.bookingA))?.rescheduleCount).toBeUndefined();
  });

  it("under 24 hours before the start: refused", async () => {
    const w = await world();
    const booking = await bookingOf(w, w.bookingA);
    vi.setSystemTime(booking!.startsAt - 24 * HOUR + MINUTE);
    expect(await errorCodeOf(w.as.clientA.mutation(api.bookings.rescheduleByClient, { bookingId: w.bookingA, date: w.monday, time: "11:00" }))).toBe(
      "RESCHEDULE_TOO_LATE",
    );
    expect((await w.as.clientA.query(api.bookings.getMine, { bookingId: w.bookingA })).reschedulableUntil).toBe(booking!.startsAt - 24 * HOUR);
  });

  it("while moving, the booking page offers times overlapping the booking's own, but not its current start", async () => {
    const w = await world();
    // bookingA becomes 09:30–10:30 (an hour) with a psychic who offers hours.
    await w.t.run(async (ctx) => {
      await ctx.db.patch("psychicProfiles", w.profileA, { availableDurations: [30, 60], pricesCents: { "30": 5000, "60": 9000 } });
      const booking = (await ctx.db.get("bookings", w.bookingA))!;
      await ctx.db.patch("bookings", w.bookingA, { durationMinutes: 60, endsAt: booking.startsAt + HOUR });
    });
    const ask = { psychicProfileId: w.profileA, date: w.monday, durationMinutes: 60 as const, now: Date.now() };
    expect((await w.as.clientA.query(api.bookings.listFreeStarts, ask))?.times).toEqual(["10:30", "11:00"]);
    const moving = { ...ask, movingBookingId: w.bookingA };
    expect((await w.as.clientA.query(api.bookings.listFreeStarts, moving))?.times).toEqual(["09:00", "10:00", "10:30", "11:00"]);
    const calendar = { psychicProfileId: w.profileA, from: w.monday, days: 1, durationMinutes: 60 as const, now: Date.now() };
    expect(await w.as.clientA.query(api.bookings.listBookableDates, { ...calendar, movingBookingId: w.bookingA })).toEqual([w.monday]);

    // What the page offers, the server accepts: half an hour later, overlapping itself.
    await w.as.clientA.mutation(api.bookings.rescheduleByClient, { bookingId: w.bookingA, date: w.monday, time: "10:00" });
    const moved = (await bookingOf(w, w.bookingA))!;
    expect(moved).toMatchObject({ scheduledTime: "10:00", durationMinutes: 60, endsAt: moved.startsAt + HOUR });
    expect((await w.as.clientB.query(api.bookings.listFreeStarts, ask))?.times).toEqual(["09:00", "11:00"]);
  });

  it("only the booking's client may ask for the times around it", async () => {
    const w = await world();
    const psychic = { psychicProfileId: w.profileA, durationMinutes: 30 as const, now: Date.now(), movingBookingId: w.bookingA };
    const ask = { ...psychic, date: w.monday };
    const calendar = { ...psychic, from: w.monday, days: 7 };
    for (const [caller, code] of [
      [w.as.visitor, "NOT_AUTHENTICATED"],
      [w.as.clientB, "FORBIDDEN"],
      [w.as.psychicA, "FORBIDDEN"],
    ] as const) {
      expect(await errorCodeOf(caller.query(api.bookings.listFreeStarts, ask))).toBe(code);
      expect(await errorCodeOf(caller.query(api.bookings.listBookableDates, calendar))).toBe(code);
    }
    expect(await errorCodeOf(w.as.clientA.query(api.bookings.listFreeStarts, { ...ask, movingBookingId: "nessuno" }))).toBe("NOT_FOUND");
    // Another psychic's booking, or one no longer confirmed, frees nothing here.
    expect((await w.as.clientA.query(api.bookings.listFreeStarts, { ...ask, movingBookingId: w.holdA }))?.times).not.toContain("09:30");
  });

  it("only by the booking's own client", async () => {
    const w = await world();
    const args = { bookingId: w.bookingA, date: w.monday, time: "11:00" };
    expect(await errorCodeOf(w.as.clientB.mutation(api.bookings.rescheduleByClient, args))).toBe("FORBIDDEN");
    expect(await errorCodeOf(w.as.psychicA.mutation(api.bookings.rescheduleByClient, args))).toBe("CLIENT_ONLY");
  });
});

describe("reminders", () => {
  it("a paid booking gets both reminders, to both parties, once, at 24 hours and 15 minutes before", async () => {
    const w = await world();
    const bookingId = await paidBooking(w);
    const { startsAt } = (await bookingOf(w, bookingId))!;
    await advanceTo(w.t, startsAt - 24 * HOUR - MINUTE);
    expect(await mail(w, "booking_reminder_24h")).toEqual([]);
    await advanceTo(w.t, startsAt - 24 * HOUR + MINUTE);
    expect((await mail(w, "booking_reminder_24h")).map((email) => email.to).sort()).toEqual([emails.clientB, emails.psychicA].sort());
    expect(await mail(w, "booking_reminder_15m")).toEqual([]);
    await advanceTo(w.t, startsAt - 15 * MINUTE + MINUTE);
    expect((await mail(w, "booking_reminder_15m")).map((email) => email.to).sort()).toEqual([emails.clientB, emails.psychicA].sort());
    const sent = (await bookingOf(w, bookingId))!;
    expect(sent.reminder24hSentAt! - (startsAt - 24 * HOUR)).toBeLessThanOrEqual(MINUTE);
    expect(sent.reminder15mSentAt! - (startsAt - 15 * MINUTE)).toBeLessThanOrEqual(MINUTE);
    // A job run again (a restarted backend) sends nothing more.
    expect(await w.t.mutation(internal.reminders.send, { bookingId, kind: "15m", startsAt })).toBe(false);
    expect(await mail(w, "booking_reminder_15m")).toHaveLength(2);
  });

  it("a cancelled booking's reminders are never sent", async () => {
    const w = await world();
    const bookingId = await paidBooking(w);
    await w.as.clientB.mutation(api.bookings.cancelByClient, { bookingId });
    await finishAll(w.t);
    expect(await mail(w, "booking_reminder_24h")).toEqual([]);
    expect(await mail(w, "booking_reminder_15m")).toEqual([]);
  });

  it("a moved booking's reminders follow it: none for the old time, both for the new one", async () => {
    const w = await world();
    const bookingId = await paidBooking(w, "10:00");
    await w.as.clientB.mutation(api.bookings.rescheduleByClient, { bookingId, date: w.monday, time: "11:30" });
    const { startsAt } = (await bookingOf(w, bookingId))!;
    const oldStartsAt = startsAt - 90 * MINUTE;
    await advanceTo(w.t, oldStartsAt - 24 * HOUR + MINUTE);
    expect(await mail(w, "booking_reminder_24h")).toEqual([]);
    await advanceTo(w.t, startsAt - 24 * HOUR + MINUTE);
    expect(await mail(w, "booking_reminder_24h")).toHaveLength(2);
    await advanceTo(w.t, oldStartsAt - 15 * MINUTE + MINUTE);
    expect(await mail(w, "booking_reminder_15m")).toEqual([]);
    await advanceTo(w.t, startsAt - 15 * MINUTE + MINUTE);
    expect(await mail(w, "booking_reminder_15m")).toHaveLength(2);
    await finishAll(w.t);
    expect(await mail(w, "booking_reminder_24h")).toHaveLength(2);
    expect((await mail(w, "booking_reminder_15m"))[0].text).toContain("11:30");
  });

  it("a booking confirmed less than 24 hours ahead gets only the 15-minute reminder", async () => {
    const w = await world();
    const booking = await bookingOf(w, w.bookingA);
    vi.setSystemTime(booking!.startsAt - 5 * HOUR);
    const bookingId = await paidBooking(w, "10:30");
    await finishAll(w.t);
    expect(await mail(w, "booking_reminder_24h")).toEqual([]);
    expect((await mail(w, "booking_reminder_15m")).filter((email) => email.relatedId === bookingId)).toHaveLength(2);
  });
});

describe("completion", () => {
  it("fires once at the end of the window: the psychic's total and the month's figures count it once", async () => {
    const w = await world();
    const bookingId = await callBooking(w, { startsInMs: HOUR });
    vi.setSystemTime(Date.now() + HOUR - EARLY_ACCESS_MS);
    await w.as.psychicA.mutation(api.calls.join, { bookingId });
    await w.as.clientA.mutation(api.calls.join, { bookingId });
    // Both still in the call at the start (a presence before it only does not count).
    vi.advanceTimersByTime(EARLY_ACCESS_MS);
    await w.as.psychicA.mutation(api.calls.join, { bookingId });
    await w.as.clientA.mutation(api.calls.join, { bookingId });
    await finishAll(w.t);
    const booking = await bookingOf(w, bookingId);
    expect(booking).toMatchObject({ status: "completed", completedAt: booking!.endsAt });
    // Settling again (a retried job, the cron's sweep) changes nothing.
    await w.t.mutation(internal.calls.settle, { bookingId });
    await w.t.mutation(internal.calls.settleDue, {});
    expect((await profileOf(w, w.profileA))?.totalConsultations).toBe(1);
    expect(await statsRows(w)).toEqual([
      expect.objectContaining({ psychicProfileId: w.profileA, totalConsultations: 1, totalMinutes: 30, totalRevenueCents: 4250 }),
    ]);
  });

  it("the psychic records a no-show only after the end; it counts in the figures once, and can be corrected to completed", async () => {
    const w = await world();
    const bookingId = await callBooking(w, { startsInMs: -20 * MINUTE, psychicJoinedAt: Date.now() });
    expect(await errorCodeOf(w.as.psychicA.mutation(api.bookings.markOutcomeByPsychic, { bookingId, outcome: "no_show" }))).toBe(
      "CONSULTATION_NOT_ENDED",
    );
    const future = await callBooking(w, { startsInMs: 2 * HOUR });
    expect(await errorCodeOf(w.as.psychicA.mutation(api.bookings.markOutcomeByPsychic, { bookingId: future, outcome: "completed" }))).toBe(
      "CONSULTATION_NOT_ENDED",
    );
    expect(await errorCodeOf(w.as.psychicB.mutation(api.bookings.markOutcomeByPsychic, { bookingId, outcome: "no_show" }))).toBe("FORBIDDEN");

    vi.setSystemTime(Date.now() + 15 * MINUTE);
    await w.as.psychicA.mutation(api.bookings.markOutcomeByPsychic, { bookingId, outcome: "no_show" });
    expect(await bookingOf(w, bookingId)).toMatchObject({ status: "no_show" });
    expect((await profileOf(w, w.profileA))?.totalConsultations).toBe(0);
    await w.as.psychicA.mutation(api.bookings.markOutcomeByPsychic, { bookingId, outcome: "completed" });
    await w.as.psychicA.mutation(api.bookings.markOutcomeByPsychic, { bookingId, outcome: "completed" });
    expect((await profileOf(w, w.profileA))?.totalConsultations).toBe(1);
    expect((await statsRows(w)).map((row) => row.totalConsultations)).toEqual([1]);
    // The sweep finds nothing left to settle, and no refund was ever asked for.
    await w.t.mutation(internal.calls.settleDue, {});
    await finishAll(w.t);
    expect(stripe().refunds()).toEqual([]);
    const { recent } = await w.as.psychicA.query(api.bookings.listForPsychic, { now: Date.now() });
    expect(recent.map((row) => [row.id, row.status, row.reviewed])).toEqual([[bookingId, "completed", false]]);

    // Once the client reviewed it, the psychic's list says so (the UI then offers no "Cliente assente").
    await w.as.clientA.mutation(api.reviews.createMine, { bookingId, rating: 5, comment: "Consulto chiaro e gentile." });
    const after = await w.as.psychicA.query(api.bookings.listForPsychic, { now: Date.now() });
    expect(after.recent.map((row) => row.reviewed)).toEqual([true]);
  });

  it("a cancelled consultation cannot be marked held", async () => {
    const w = await world();
    const bookingId = await callBooking(w, { startsInMs: -2 * HOUR, status: "cancelled" });
    expect(await errorCodeOf(w.as.psychicA.mutation(api.bookings.markOutcomeByPsychic, { bookingId, outcome: "completed" }))).toBe("INVALID_STATE");
  });
});

describe("deleting an account", () => {
  it("a client's upcoming bookings are cancelled and refunded in full, holds released, both parties emailed", async () => {
    const w = await world();
    const past = await callBooking(w, { startsInMs: -3 * 24 * HOUR, status: "completed" });
    await w.as.clientA.mutation(api.users.deleteMyAccount, {});
    expect(await bookingOf(w, w.bookingA)).toMatchObject({
      status: "cancelled",
      cancelledBy: "system",
      cancelReason: "client_account_deleted",
      refundCents: 5000,
      refundStatus: "pending",
    });
    expect((await bookingOf(w, w.holdA))?.status).toBe("expired");
    expect((await bookingOf(w, past))?.status).toBe("completed");
    await finishAll(w.t);
    expect(stripe().refunds()).toEqual([expect.objectContaining({ amount: 5000, payment_intent: w.intentA })]);
    expect((await bookingOf(w, w.bookingA))?.refundStatus).toBe("succeeded");
    const cancelled = await mail(w, "booking_cancelled");
    expect(cancelled.map((email) => email.to).sort()).toEqual([emails.clientA, emails.psychicA].sort());
    expect(await freeMonday(w)).toContain("09:30");
  });

  it("a client leaving cancels as the client would at that moment: half 12 hours before, nothing 1 hour before, and one under way completes as usual", async () => {
    const w = await world();
    const [intentHalf, intentNone, intentLive] = [await stripe().paidIntent(), await stripe().paidIntent(), await stripe().paidIntent()];
    const halfDay = await callBooking(w, { startsInMs: 12 * HOUR, stripePaymentIntentId: intentHalf });
    const inAnHour = await callBooking(w, { startsInMs: HOUR, stripePaymentIntentId: intentNone });
    const underWay = await callBooking(w, {
      startsInMs: -5 * MINUTE,
      stripePaymentIntentId: intentLive,
      psychicJoinedAt: Date.now() - 5 * MINUTE,
      clientJoinedAt: Date.now() - 4 * MINUTE,
    });
    await w.as.clientA.mutation(api.users.deleteMyAccount, {});
    expect(await bookingOf(w, halfDay)).toMatchObject({ status: "cancelled", cancelReason: "client_account_deleted", refundCents: 2500 });
    const none = await bookingOf(w, inAnHour);
    expect(none).toMatchObject({ status: "cancelled", cancelReason: "client_account_deleted" });
    expect(none?.refundCents).toBeUndefined();
    expect((await bookingOf(w, underWay))?.status).toBe("confirmed");
    await finishAll(w.t);
    expect(
      stripe()
        .refunds()
        .map((refund) => [refund.payment_intent, refund.amount])
        .sort(),
    ).toEqual(
      [
        [w.intentA, 5000],
        [intentHalf, 2500],
      ].sort(),
    );
    // The consultation under way is held at its end and the psychic paid: no refund.
    await advanceTo(w.t, Date.now() + 30 * MINUTE);
    await w.t.mutation(internal.calls.settleDue, {});
    expect((await bookingOf(w, underWay))?.status).toBe("completed");
    expect(stripe().refunds().some((refund) => refund.payment_intent === intentLive)).toBe(false);
  });

  /** clientB holds 10:00 with psychicA and pays, but `leaving` deletes the account before the webhook lands. */
  async function paidAfterDeletion(w: World, leaving: "clientB" | "psychicA") {
    const { bookingId } = await w.as.clientB.action(api.payments.startCheckout, {
      psychicProfileId: w.profileA,
      durationMinutes: 30,
      date: w.monday,
      time: "10:00",
      consent: true,
    });
    const session = await stripe().lastSession();
    await w.as[leaving].mutation(api.users.deleteMyAccount, {});
    await deliver(w.t, "checkout.session.completed", await stripe().pay(session.id));
    return bookingId;
  }

  it("a payment that lands after the client deleted the account is refunded in full at once, never confirmed", async () => {
    const w = await world();
    // The deletion refunds clientB's booking of the world too: a payment Stripe has.
    const intentB = await stripe().paidIntent(5000);
    await w.t.run((ctx) => ctx.db.patch("bookings", w.bookingB, { stripePaymentIntentId: intentB }));
    const bookingId = await paidAfterDeletion(w, "clientB");
    expect(await bookingOf(w, bookingId)).toMatchObject({
      status: "cancelled",
      cancelReason: "late_payment",
      refundCents: 5000,
      refundStatus: "pending",
    });
    await finishAll(w.t);
    expect(stripe().refunds()).toEqual(expect.arrayContaining([expect.objectContaining({ amount: 5000 })]));
    expect(await freeMonday(w)).toContain("10:00");
  });

  it("a payment that lands after the psychic deleted the account is refunded in full at once", async () => {
    const w = await world();
    const bookingId = await paidAfterDeletion(w, "psychicA");
    expect(await bookingOf(w, bookingId)).toMatchObject({ status: "cancelled", cancelReason: "late_payment", refundCents: 5000 });
  });

  it("a psychic's upcoming bookings are cancelled and refunded in full; the client is told, past bookings keep 'Account eliminato'", async () => {
    const w = await world();
    const past = await callBooking(w, { startsInMs: -3 * 24 * HOUR, status: "completed" });
    await w.as.psychicA.mutation(api.users.deleteMyAccount, {});
    await finishAll(w.t);
    expect(await bookingOf(w, w.bookingA)).toMatchObject({ status: "cancelled", refundCents: 5000, refundStatus: "succeeded" });
    expect(await bookingOf(w, past)).toMatchObject({ status: "completed", psychicName: "Account eliminato" });
    const toClient = (await mail(w, "booking_cancelled")).filter((email) => email.to === emails.clientA);
    expect(toClient).toHaveLength(1);
    expect(toClient[0].text).toContain("Lettrice");
    expect((await mail(w, "booking_cancelled")).map((email) => email.to)).toContain(emails.psychicA);
    // Another psychic's booking is untouched.
    expect((await bookingOf(w, w.bookingB))?.status).toBe("confirmed");
  });
});

describe("how the lists read", () => {
  it("the client's list carries each booking's state, payment and refund as enums, the latest start first", async () => {
    const w = await world();
    const listed = async () => (await w.as.clientA.query(api.bookings.listMine, { now: Date.now() })).bookings;
    const before = await listed();
    expect(before.map((booking) => [booking.id, booking.state, booking.payment, booking.refund])).toEqual([
      [w.bookingA, "upcoming", "confirmed", null],
      [w.holdA, "awaiting_payment", "awaiting_payment", null],
    ]);
    expect(before[0]!.startsAt).toBeGreaterThan(before[1]!.startsAt);

    await w.as.clientA.mutation(api.bookings.cancelByClient, { bookingId: w.bookingA, expectedRefundCents: 5000 });
    expect((await listed())[0]).toMatchObject({ state: "cancelled", payment: "cancelled", refund: "refund_pending" });
    await finishAll(w.t);
    expect((await listed())[0]).toMatchObject({ state: "cancelled", refund: "refunded" });
    const admin = await w.as.admin.query(api.admin.listBookings, {});
    expect(admin.recent.find((row) => row.id === w.bookingA)).toMatchObject({
      state: "cancelled",
      refund: "refunded",
      cancelReason: "client_cancelled",
    });
  });

  it("the psychic's list says when each was paid, and the latest payment among all those to come", async () => {
    const w = await world();
    const dashboard = () => w.as.psychicA.query(api.bookings.listForPsychic, { now: Date.now() });
    const opened = await dashboard();
    const paidAt = (await bookingOf(w, w.bookingA))!.paidAt!;
    expect(opened.latestPaidAt).toBe(paidAt);
    expect([...opened.today, ...opened.upcoming].find((booking) => booking.id === w.bookingA)).toMatchObject({ paidAt, state: "upcoming" });

    vi.useFakeTimers({ now: Date.now() + MINUTE, toFake: ["Date"] });
    try {
      const later = await paidBooking(w, "10:30");
      const next = await dashboard();
      const row = [...next.today, ...next.upcoming].find((booking) => booking.id === later)!;
      expect(row.paidAt).toBeGreaterThan(opened.latestPaidAt);
      expect(next.latestPaidAt).toBe(row.paidAt);
    } finally {
      vi.useRealTimers();
    }
  });
});
