// How much of the psychics' time a client, or a group of accounts, may take (convex/lib/bookings/bookingLimits.ts,
// docs/product-rules.md "Slots and holds"): paid consultations count with holds at checkout and on a move,
// a psychic's date takes 3 holds at once, and repeated full-refund cancellations pause new bookings.
import { ConvexError } from "convex/values";
import { describe, expect, it, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { weekFrom } from "../../convex/demo/data";
import { BOOKING_PAUSE_MS } from "../../convex/model/bookingLimits";
import { addDays } from "../../convex/model/nextAvailability";
import { signedEvent } from "./fixtures/stripeStandIn";
import { buildWorld, type World } from "./fixtures/world";
import { errorCodeOf, setupTest, stripe, useStripeStandIn, type TestClient, type TestConvex } from "./setup";

useStripeStandIn();

const DAY_MS = 24 * 60 * 60 * 1000;
/** A day open from 08:00 to midnight: sixteen one-hour consultations. */
const HALF_HOURS = Array.from({ length: 32 }, (_, i) => `${String(8 + Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`);
const HOURS = HALF_HOURS.filter((time) => time.endsWith(":00"));

async function world() {
  const w = await buildWorld(setupTest());
  // psychicA: every day 08:00–24:00, 60 minutes for € 50.
  const everyDay = weekFrom(
    Object.fromEntries(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((day) => [day, HALF_HOURS])),
  );
  await w.t.run((ctx) => ctx.db.patch("psychicProfiles", w.profileA, { availableDurations: [60], pricesCents: { "60": 5000 }, availability: everyDay }));
  return w;
}

/** A Monday with psychicA's day wholly free: the world's own bookings are on `w.monday`. */
const freeMonday = (w: World, weeks = 0) => addDays(w.monday, 7 * (weeks + 1));
const refused = (outcome: string) => /^[A-Z_]+$/.test(outcome);

const checkout = (w: World, time: string, date = freeMonday(w)) => ({
  psychicProfileId: w.profileA,
  durationMinutes: 60 as const,
  date,
  time,
  consent: true,
});
const bookingOf = (t: TestConvex, id: Id<"bookings">) => t.run((ctx) => ctx.db.get("bookings", id));

async function deliverPaid(t: TestConvex, bookingId: Id<"bookings">) {
  const sessionId = (await bookingOf(t, bookingId))!.stripeCheckoutSessionId!;
  const { body, header } = await signedEvent("checkout.session.completed", await stripe().pay(sessionId));
  await t.fetch("/stripe/webhook", { method: "POST", body, headers: { "stripe-signature": header } });
  expect((await bookingOf(t, bookingId))?.status).toBe("confirmed");
}

/** `client` books and pays `time`: the booking, or the code of the refusal. */
async function bookAndPay(w: World, client: TestClient | TestConvex, time: string, date = freeMonday(w)) {
  try {
    const { bookingId } = await client.action(api.payments.startCheckout, checkout(w, time, date));
    await deliverPaid(w.t, bookingId);
    return bookingId;
  } catch (error) {
    if (error instanceof ConvexError) return (error.data as { code: string }).code;
    throw error;
  }
}

/** Verified client accounts besides the world's, signed in. */
async function moreClients(t: TestConvex, count: number) {
  const subjects = await t.run(async (ctx) => {
    const made = [];
    for (let i = 0; i < count; i++) {
      const userId = await ctx.db.insert("users", { email: `gruppo${i}@esempio.it`, accountType: "client", emailVerificationTime: Date.now() });
      const sessionId = await ctx.db.insert("authSessions", { userId, expirationTime: Date.now() + DAY_MS });
      made.push(`${userId}|${sessionId}`);
    }
    return made;
  });
  return subjects.map((subject) => t.withIdentity({ subject }));
}

describe("paid bookings count toward the limits on holds", () => {
  it("one client cannot book and pay a psychic's whole day: 2 consultations with one psychic on one date, the rest refused", async () => {
    const w = await world();
    const outcomes = [];
    for (const time of HOURS) outcomes.push(await bookAndPay(w, w.as.clientB, time));
    expect(outcomes.slice(0, 2).some(refused)).toBe(false);
    expect(outcomes.slice(2)).toEqual(HOURS.slice(2).map(() => "SAME_PSYCHIC_DAY_LIMIT"));
    // The rest of the day stays open to everyone else.
    expect(refused(await bookAndPay(w, w.as.clientA, "20:00"))).toBe(false);
    expect(refused(await bookAndPay(w, w.as.clientA, "21:00"))).toBe(false);
  });

  it("at most 4 upcoming consultations with one psychic in one week, Monday to Sunday; the next week is another question", async () => {
    const w = await world();
    const monday = freeMonday(w);
    const tuesday = addDays(monday, 1);
    for (const [time, date] of [
      ["09:00", monday],
      ["11:00", monday],
      ["09:00", tuesday],
      ["11:00", tuesday],
    ] as const) {
      expect(refused(await bookAndPay(w, w.as.clientB, time, date))).toBe(false);
    }
    expect(await errorCodeOf(w.as.clientB.action(api.payments.startCheckout, checkout(w, "09:00", addDays(monday, 6))))).toBe(
      "SAME_PSYCHIC_WEEK_LIMIT",
    );
    expect(refused(await bookAndPay(w, w.as.clientB, "09:00", freeMonday(w, 1)))).toBe(false);
  });

  it("at most 6 upcoming in all, paid or held: the world's booking with psychicB, four paid and one held", async () => {
    const w = await world();
    for (const week of [0, 1, 2, 3]) expect(refused(await bookAndPay(w, w.as.clientB, "09:00", freeMonday(w, week)))).toBe(false);
    await w.as.clientB.action(api.payments.startCheckout, checkout(w, "09:00", freeMonday(w, 4)));
    expect(await errorCodeOf(w.as.clientB.action(api.payments.startCheckout, checkout(w, "09:00", freeMonday(w, 5))))).toBe("UPCOMING_LIMIT");
  });

  it("moving a booking onto a date with 2 already with that psychic is refused, and nothing changes", async () => {
    const w = await world();
    const later = freeMonday(w, 1);
    const first = (await bookAndPay(w, w.as.clientB, "09:00")) as Id<"bookings">;
    await bookAndPay(w, w.as.clientB, "09:00", later);
    await bookAndPay(w, w.as.clientB, "11:00", later);
    const move = w.as.clientB.mutation(api.bookings.rescheduleByClient, { bookingId: first, date: later, time: "14:00" });
    expect(await errorCodeOf(move)).toBe("SAME_PSYCHIC_DAY_LIMIT");
    expect((await bookingOf(w.t, first))?.scheduledDate).toBe(freeMonday(w));
    // Within its own date it still moves.
    await w.as.clientB.mutation(api.bookings.rescheduleByClient, { bookingId: first, date: freeMonday(w), time: "14:00" });
  });
});

describe("a psychic's date takes at most 3 holds at once", () => {
  it("16 accounts cannot hold a whole day: the fourth waits until a hold ends, and a paid one holds nothing", async () => {
    const w = await world();
    const group = await moreClients(w.t, 16);
    const holds = [];
    for (const [i, client] of group.entries()) {
      try {
        holds.push((await client.action(api.payments.startCheckout, checkout(w, HOURS[i]))).bookingId);
      } catch (error) {
        expect((error as ConvexError<{ code: string }>).data.code).toBe("PSYCHIC_DAY_HOLDS_FULL");
      }
    }
    expect(holds).toHaveLength(3);
    // One leaves the checkout: another may hold. One pays: it is a booking, no longer a hold.
    await group[0].mutation(api.holds.releaseMine, { bookingId: holds[0] });
    await group[3].action(api.payments.startCheckout, checkout(w, HOURS[3]));
    expect(await errorCodeOf(group[4].action(api.payments.startCheckout, checkout(w, HOURS[4])))).toBe("PSYCHIC_DAY_HOLDS_FULL");
    await deliverPaid(w.t, holds[1]);
    await group[4].action(api.payments.startCheckout, checkout(w, HOURS[4]));
    // Another date of the same psychic is another question.
    await group[5].action(api.payments.startCheckout, checkout(w, HOURS[5], addDays(freeMonday(w), 1)));
  });
});

describe("repeated full-refund cancellations", () => {
  it("after 3 in 30 days, cancelling and its full refund go on, but new bookings wait 7 days after the last", async () => {
    const w = await world();
    const booked = [];
    for (const week of [0, 1, 2, 3]) booked.push((await bookAndPay(w, w.as.clientB, "09:00", freeMonday(w, week))) as Id<"bookings">);
    for (const bookingId of booked.slice(0, 3)) {
      expect(await w.as.clientB.mutation(api.bookings.cancelByClient, { bookingId })).toEqual({ window: "full", refundCents: 5000 });
    }
    const paused = w.as.clientB.action(api.payments.startCheckout, checkout(w, "10:00", freeMonday(w, 4)));
    const lastCancelledAt = (await bookingOf(w.t, booked[2]))!.cancelledAt!;
    await expect(paused).rejects.toMatchObject({ data: { code: "FULL_REFUNDS_PAUSE", until: lastCancelledAt + BOOKING_PAUSE_MS } });
    // A fourth cancellation is still refunded in full, as the cancellation rules say.
    expect(await w.as.clientB.mutation(api.bookings.cancelByClient, { bookingId: booked[3] })).toEqual({ window: "full", refundCents: 5000 });
    vi.setSystemTime(Date.now() + BOOKING_PAUSE_MS + 60_000);
    expect(refused(await bookAndPay(w, w.as.clientB, "10:00", freeMonday(w, 5)))).toBe(false);
  });

  it("the psychic's cancellations never count", async () => {
    const w = await world();
    const booked = [];
    for (const week of [0, 1, 2]) booked.push((await bookAndPay(w, w.as.clientB, "09:00", freeMonday(w, week))) as Id<"bookings">);
    for (const bookingId of booked) await w.as.psychicA.mutation(api.bookings.cancelByPsychic, { bookingId });
    expect(refused(await bookAndPay(w, w.as.clientB, "10:00", freeMonday(w, 3)))).toBe(false);
  });
});
