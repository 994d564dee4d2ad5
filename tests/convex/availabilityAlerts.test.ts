// 'Avvisami': a client waiting for a full day (or a fully booked psychic) is told once, by a notice and
// an email, when a time frees there: a hold lapses, a booking is cancelled, the psychic opens new hours;
// never for a time taken again in the same transaction; a wish ends after its day or when withdrawn.
import { describe, expect, it, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import { weekFrom } from "../../convex/demo/data";
import { changeBooking, openHold } from "../../convex/lib/bookings/bookingLifecycle";
import { addDays } from "../../convex/model/nextAvailability";
import { buildWorld, emails, type World } from "./fixtures/world";
import { errorCodeOf, runWithTriggers, setupTest, signInAs, useStripeStandIn, type TestClient } from "./setup";

useStripeStandIn();

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * The matrix world, with psychicA's Monday full: 09:00 held by clientB's checkout, 09:30 is clientA's
 * confirmed booking. A third client, C, waits too.
 */
async function fullMonday() {
  const w = await buildWorld(setupTest());
  const { bookingId: holdId } = await w.as.clientB.action(api.payments.startCheckout, {
    psychicProfileId: w.profileA,
    durationMinutes: 30,
    date: w.monday,
    time: "09:00",
    consent: true,
  });
  const third = await signInAs(w.t, { email: "cliente.c@esempio.it", name: "Cliente C", accountType: "client" });
  return { w, holdId, clientC: third.as, clientCEmail: "cliente.c@esempio.it" };
}

const wish = (w: World, date: string = w.monday) => ({ psychicProfileId: w.profileA, date, durationMinutes: 30 as const });
/** A wish for any day: no date. */
const anyDay = (w: World) => ({ psychicProfileId: w.profileA, durationMinutes: 30 as const });

async function noticesOf(client: TestClient) {
  return (await client.query(api.notices.listMine, {})).notices;
}

async function alertEmailsTo(w: World, to: string) {
  const mails = await w.t.run((ctx) =>
    ctx.db
      .query("emailOutbox")
      .withIndex("by_to", (q) => q.eq("to", to))
      .collect(),
  );
  return mails.filter((mail) => mail.kind === "availability_alert");
}

async function alertsLeft(w: World) {
  return w.t.run((ctx) => ctx.db.query("availabilityAlerts").collect());
}

/** Runs what is due now and what that schedules at once (the check runs after the freeing write). */
async function settle(w: World) {
  for (let round = 0; round < 3; round++) {
    vi.advanceTimersByTime(1);
    await w.t.finishInProgressScheduledFunctions();
  }
}

describe("'Avvisami' for a full day", () => {
  it("is refused while the day has a free time, and only for clients", async () => {
    const w = await buildWorld(setupTest());
    // 09:00 is free on psychicA's Monday.
    expect(await errorCodeOf(w.as.clientA.mutation(api.availabilityAlerts.subscribe, wish(w)))).toBe("TIMES_STILL_FREE");
    expect(await errorCodeOf(w.as.psychicB.mutation(api.availabilityAlerts.subscribe, wish(w)))).toBe("CLIENT_ONLY");
    expect(await errorCodeOf(w.t.mutation(api.availabilityAlerts.subscribe, wish(w)))).toBe("NOT_AUTHENTICATED");
    // A past day or one past the calendar is no day to wait for.
    const yesterday = addDays(new Date().toISOString().slice(0, 10), -2);
    expect(await errorCodeOf(w.as.clientA.mutation(api.availabilityAlerts.subscribe, wish(w, yesterday)))).toBe("INVALID_INPUT");
    expect(await errorCodeOf(w.as.clientA.mutation(api.availabilityAlerts.subscribe, wish(w, addDays(w.monday, 400))))).toBe("INVALID_INPUT");
    expect(await alertsLeft(w)).toEqual([]);
  });

  it("tells each waiting client once when a hold lapses: a notice with the day and an email with its link", async () => {
    const { w, clientC, clientCEmail } = await fullMonday();
    await w.as.clientA.mutation(api.availabilityAlerts.subscribe, wish(w));
    await clientC.mutation(api.availabilityAlerts.subscribe, wish(w));
    // Asking twice keeps one wish.
    await clientC.mutation(api.availabilityAlerts.subscribe, wish(w));
    expect(await alertsLeft(w)).toHaveLength(2);
    expect(await w.as.clientA.query(api.availabilityAlerts.getMineForPsychic, { ...wish(w), date: w.monday, now: Date.now() })).toEqual({
      day: true,
      anyDay: false,
      fullyBooked: false,
    });

    vi.advanceTimersByTime(33 * MINUTE_MS);
    await settle(w);

    for (const [client, email] of [
      [w.as.clientA as TestClient, emails.clientA],
      [clientC, clientCEmail],
    ] as const) {
      const notices = await noticesOf(client);
      expect(notices).toEqual([expect.objectContaining({ psychicProfileId: w.profileA, psychicName: "Lettrice A", date: w.monday, read: false })]);
      const mails = await alertEmailsTo(w, email);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toContain("Lettrice A");
      expect(mails[0].text).toContain(`/psychics/${w.profileA}/book?date=${w.monday}&duration=30`);
    }
    // Answered wishes are gone: a later freeing tells no one again.
    expect(await alertsLeft(w)).toEqual([]);
    await w.as.clientA.mutation(api.bookings.cancelByClient, { bookingId: w.bookingA, expectedRefundCents: 5000 });
    await settle(w);
    expect(await noticesOf(w.as.clientA)).toHaveLength(1);
    expect(await alertEmailsTo(w, clientCEmail)).toHaveLength(1);
  });

  it("tells the waiting client when a booking of that day is cancelled", async () => {
    const { w, clientC, clientCEmail } = await fullMonday();
    await clientC.mutation(api.availabilityAlerts.subscribe, wish(w));
    await w.as.clientA.mutation(api.bookings.cancelByClient, { bookingId: w.bookingA, expectedRefundCents: 5000 });
    await settle(w);
    expect(await noticesOf(clientC)).toHaveLength(1);
    expect(await alertEmailsTo(w, clientCEmail)).toHaveLength(1);
  });

  it("tells no one when the freed time is taken again in the same transaction", async () => {
    const { w, holdId, clientC, clientCEmail } = await fullMonday();
    await clientC.mutation(api.availabilityAlerts.subscribe, wish(w));
    await runWithTriggers(w.t, async (ctx) => {
      const hold = (await ctx.db.get("bookings", holdId))!;
      await changeBooking(ctx, hold, { kind: "hold_released", why: "client_left" }, Date.now());
      const { _id, _creationTime, status: _status, holdExpiresAt: _expires, ...fields } = hold;
      await openHold(ctx, { ...fields, clientId: w.userIds.clientA, stripeCheckoutSessionId: "cs_test_again" }, Date.now() + 30 * MINUTE_MS);
    });
    await settle(w);
    expect(await noticesOf(clientC)).toEqual([]);
    expect(await alertEmailsTo(w, clientCEmail)).toEqual([]);
    // Still waiting: the wish stays for the next real freeing.
    expect(await alertsLeft(w)).toHaveLength(1);
  });

  it("is never for a day the psychic does not work: refused in Italian, nothing written", async () => {
    const { w, clientC } = await fullMonday();
    // psychicA works on Mondays only: Tuesday has no hours at all, so no time could ever free there.
    const tuesday = addDays(w.monday, 1);
    const before = await alertsLeft(w);
    expect(await errorCodeOf(clientC.mutation(api.availabilityAlerts.subscribe, wish(w, tuesday)))).toBe("NOT_A_WORKING_DAY");
    expect(await alertsLeft(w)).toEqual(before);
    // The full Monday is a day they work: the wish is taken.
    await clientC.mutation(api.availabilityAlerts.subscribe, wish(w));
    expect(await alertsLeft(w)).toHaveLength(1);
  });

  it("tells the waiting client when the psychic opens more hours on their full day", async () => {
    const { w, clientC } = await fullMonday();
    await clientC.mutation(api.availabilityAlerts.subscribe, wish(w));
    await w.as.psychicA.mutation(api.psychicProfiles.saveMine, {
      psychicName: "Lettrice A",
      bio: "Legge i tarocchi da vent'anni.",
      specialties: ["Tarocchi"],
      specializations: [],
      yearsExperience: 5,
      availableDurations: [30],
      pricesCents: { "30": 5000 },
      availability: weekFrom({ monday: ["09:00", "09:30", "15:00"] }),
    });
    await settle(w);
    expect(await noticesOf(clientC)).toEqual([expect.objectContaining({ date: w.monday })]);
  });

  it("ends after its day: the daily clean-up removes it and it tells no one", async () => {
    const { w, clientC } = await fullMonday();
    await clientC.mutation(api.availabilityAlerts.subscribe, wish(w));
    // The hold is released long after Monday (its job has not run, say): the day is over.
    vi.setSystemTime(Date.now() + 9 * DAY_MS);
    expect(await w.t.mutation(internal.availabilityAlerts.removeOver, {})).toBe(1);
    expect(await alertsLeft(w)).toEqual([]);
    expect(await noticesOf(clientC)).toEqual([]);
  });

  it("a wish whose day is over is dropped by the next check too, without a notice", async () => {
    const { w, clientC } = await fullMonday();
    await clientC.mutation(api.availabilityAlerts.subscribe, wish(w));
    vi.setSystemTime(Date.now() + 9 * DAY_MS);
    expect(await w.t.mutation(internal.availabilityAlerts.notifyFreedTime, { psychicProfileId: w.profileA })).toBe(0);
    expect(await alertsLeft(w)).toEqual([]);
    expect(await noticesOf(clientC)).toEqual([]);
  });

  it("ends on unsubscribe: a later freeing tells that client nothing", async () => {
    const { w, clientC } = await fullMonday();
    await clientC.mutation(api.availabilityAlerts.subscribe, wish(w));
    await clientC.mutation(api.availabilityAlerts.unsubscribe, { psychicProfileId: w.profileA, date: w.monday });
    // Again: nothing to end, nothing changes.
    await clientC.mutation(api.availabilityAlerts.unsubscribe, { psychicProfileId: w.profileA, date: w.monday });
    await w.as.clientA.mutation(api.bookings.cancelByClient, { bookingId: w.bookingA, expectedRefundCents: 5000 });
    await settle(w);
    expect(await noticesOf(clientC)).toEqual([]);
  });
});

describe("'Avvisami' for a fully booked psychic", () => {
  it("is for a psychic with no free time anywhere; the psychic opening again tells the client the first free day", async () => {
    const w = await buildWorld(setupTest());
    expect(await errorCodeOf(w.as.clientA.mutation(api.availabilityAlerts.subscribe, anyDay(w)))).toBe("TIMES_STILL_FREE");
    await w.as.psychicA.mutation(api.psychicProfiles.setAvailable, { isAvailable: false });
    const state = await w.as.clientA.query(api.availabilityAlerts.getMineForPsychic, { ...wish(w), date: w.monday, now: Date.now() });
    expect(state?.fullyBooked).toBe(true);
    await w.as.clientA.mutation(api.availabilityAlerts.subscribe, anyDay(w));
    expect((await w.as.clientA.query(api.availabilityAlerts.getMineForPsychic, { ...wish(w), date: w.monday, now: Date.now() }))?.anyDay).toBe(true);
    await w.as.psychicA.mutation(api.psychicProfiles.setAvailable, { isAvailable: true });
    await settle(w);
    const notices = await noticesOf(w.as.clientA);
    expect(notices).toHaveLength(1);
    // The first Monday with a free time: this week's or, two days ahead at least, the world's Monday.
    expect(notices[0].date <= w.monday).toBe(true);
    expect(await alertsLeft(w)).toEqual([]);
  });
});
