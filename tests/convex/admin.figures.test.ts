// The admin overview's figures are counters kept by triggers in the same transactions as the changes
// they count; after any series of sign-ups, payments, refunds, messages and deletions they equal a
// recount from the records (derivedFigures.property.test.ts draws many such series).
import { describe, expect, it, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import { acceptConductAs } from "./fixtures/psychics";
import { romeToUtcMs } from "../../convex/framework/time";
import { weekFrom } from "../../convex/demo/data";
import { defaultAvailability } from "../../convex/model/profileRules";
import { callBooking } from "./fixtures/callWorld";
import { signedEvent } from "./fixtures/stripeStandIn";
import { buildWorld, mondayAhead } from "./fixtures/world";
import { originPassFor, runWithTriggers, setupTest, signInAs, signUpWithPassword, stripe, useStripeStandIn, type TestClient, type TestConvex } from "./setup";

useStripeStandIn();

async function deliverPaid(t: TestConvex, sessionId: string) {
  const { body, header } = await signedEvent("checkout.session.completed", await stripe().pay(sessionId));
  await t.fetch("/stripe/webhook", { method: "POST", body, headers: { "stripe-signature": header } });
}

async function publishedPsychic(t: TestConvex) {
  const psychic = await signUpWithPassword(t, { email: "luna@esempio.it", name: "Luna Rossi", accountType: "psychic" });
  await psychic.as.mutation(api.psychicProfiles.ensureMine, {});
  await acceptConductAs(psychic.as);
  await psychic.as.mutation(api.psychicProfiles.publishMine, {
    psychicName: "Luna",
    bio: "Leggo i Tarocchi con calma.",
    specialties: ["Tarocchi"],
    specializations: [],
    yearsExperience: 3,
    availableDurations: [30],
    pricesCents: { "30": 5000 },
    availability: defaultAvailability(),
  });
  return { ...psychic, profileId: (await psychic.as.query(api.psychicProfiles.getMine, {}))!.id };
}

const snapshot = (t: TestConvex) =>
  t.run(async (ctx) => ({
    platform: (await ctx.db.query("platformFigures").collect())
      .filter((row) => row.value !== 0)
      .map(({ metric, period, value }) => `${metric}|${period}=${value}`)
      .sort(),
    people: (await ctx.db.query("personFigures").collect())
      .map(({ userId, bookings, amountCents, lastBookingStartsAt }) => ({ userId, bookings, amountCents, lastBookingStartsAt }))
      .sort((a, b) => a.userId.localeCompare(b.userId)),
  }));

describe("the platform's counters", () => {
  it("match a recount after sign-ups, paid bookings, a late payment refunded, messages and a deleted account", async () => {
    // Early in a month: running the scheduled work moves the clock up to the booked Monday, still the same month.
    vi.setSystemTime(new Date("2026-03-02T09:00:00Z"));
    const t = setupTest();
    const { as: admin } = await signInAs(t, { email: "direzione@arcano.it", admin: true });
    const psychic = await publishedPsychic(t);
    const giulia = await signUpWithPassword(t, { email: "giulia@esempio.it" });
    const marco = await signUpWithPassword(t, { email: "marco@esempio.it" });
    const leaving = await signUpWithPassword(t, { email: "anna@esempio.it" });
    const monday = mondayAhead(Date.now());
    const book = (client: TestClient, time: string) =>
      client.action(api.payments.startCheckout, { psychicProfileId: psychic.profileId, durationMinutes: 30, date: monday, time, consent: true });

    // Two consultations paid, € 50 each.
    const first = await book(giulia.as, "09:00");
    await deliverPaid(t, (await stripe().lastSession()).id);
    await book(marco.as, "10:00");
    await deliverPaid(t, (await stripe().lastSession()).id);
    // Giulia leaves a checkout, Marco takes the time, Giulia's payment arrives anyway: refunded in full.
    const late = await book(giulia.as, "11:00");
    const lateSession = (await stripe().lastSession()).id;
    await giulia.as.mutation(api.holds.releaseMine, { bookingId: late.bookingId });
    await book(marco.as, "11:00");
    await deliverPaid(t, lateSession);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect((await t.run((ctx) => ctx.db.get("bookings", late.bookingId)))?.refundStatus).toBe("succeeded");

    // Three messages: one read, one replied.
    const originPass = await originPassFor(t, "127.0.0.1");
    const contact = (subject: string) => ({ name: "Mario", email: `${subject}@esempio.it`, userType: "client" as const, subject, message: "Ciao", originPass });
    const [m1, m2] = [await t.mutation(api.contact.send, contact("uno")), await t.mutation(api.contact.send, contact("due"))];
    await t.mutation(api.contact.send, contact("tre"));
    await admin.mutation(api.admin.markMessageRead, { messageId: m1 });
    await admin.mutation(api.admin.markMessageReplied, { messageId: m2 });
    await leaving.as.mutation(api.users.deleteMyAccount, {});

    const now = Date.now();
    const overview = await admin.query(api.admin.getOverview, { now });
    expect(overview).toMatchObject({
      psychics: { total: 1, thisMonth: 1 },
      clients: { total: 2, thisMonth: 2 },
      paidConsultations: { total: 2, thisMonth: 2 },
      revenueCents: { total: 10000, thisMonth: 10000 },
      commissionCents: { total: 1500, thisMonth: 1500 },
      unreadMessages: 1,
    });
    const clients = (await admin.query(api.admin.listClients, { paginationOpts: { numItems: 10, cursor: null } })).page;
    expect(clients.map((client) => [client.email, client.bookings, client.totalSpentCents])).toEqual([
      ["marco@esempio.it", 1, 5000],
      ["giulia@esempio.it", 1, 5000],
    ]);
    expect(clients[1].lastBookingStartsAt).toBe(romeToUtcMs(monday, "09:00"));
    expect((await admin.query(api.admin.listPsychics, { paginationOpts: { numItems: 100, cursor: null } })).page[0]).toMatchObject({ bookings: 2, revenueCents: 10000 });
    expect((await t.run((ctx) => ctx.db.get("bookings", first.bookingId)))?.status).toBe("confirmed");

    // The recount from the records finds nothing to correct.
    const kept = await snapshot(t);
    expect(await t.mutation(internal.admin.recountFigures, {})).toMatchObject({ changed: 0 });
    expect(await snapshot(t)).toEqual(kept);
    expect(await admin.query(api.admin.getOverview, { now })).toEqual(overview);
  });

  it("count each Rome month apart from all time", async () => {
    vi.setSystemTime(new Date("2026-03-31T21:30:00Z")); // 23:30 in Rome, still March
    const t = setupTest();
    const { as: admin } = await signInAs(t, { email: "direzione@arcano.it", admin: true });
    await signUpWithPassword(t, { email: "marzo@esempio.it" });
    vi.setSystemTime(new Date("2026-03-31T22:30:00Z")); // 00:30 on 1 April in Rome
    await signUpWithPassword(t, { email: "aprile@esempio.it" });
    const april = await admin.query(api.admin.getOverview, { now: Date.now() });
    expect(april).toMatchObject({ month: "2026-04", clients: { total: 2, thisMonth: 1 } });
    const march = await admin.query(api.admin.getOverview, { now: Date.parse("2026-03-15T12:00:00Z") });
    expect(march).toMatchObject({ month: "2026-03", clients: { total: 2, thisMonth: 1 } });
  });

  it("a recount rebuilds counters that went missing or wrong", async () => {
    const t = setupTest();
    const { as: admin } = await signInAs(t, { email: "direzione@arcano.it", admin: true });
    await signUpWithPassword(t, { email: "giulia@esempio.it" });
    await t.mutation(api.contact.send, { name: "Mario", email: "mario@esempio.it", userType: "client", subject: "Ciao", message: "Ciao", originPass: await originPassFor(t, "127.0.0.1") });
    const right = await snapshot(t);
    await t.run(async (ctx) => {
      for (const row of await ctx.db.query("platformFigures").collect()) await ctx.db.patch("platformFigures", row._id, { value: 99 });
    });
    expect((await admin.query(api.admin.getOverview, { now: Date.now() })).unreadMessages).toBe(99);
    const { changed } = await t.mutation(internal.admin.recountFigures, {});
    expect(changed).toBeGreaterThan(0);
    expect(await snapshot(t)).toEqual(right);
  });

  it("a database counted before the rename still loads its 'readers' rows, and a recount replaces them with 'psychics'", async () => {
    const t = setupTest();
    const { as: admin } = await signInAs(t, { email: "direzione@arcano.it", admin: true });
    await signUpWithPassword(t, { email: "luna@esempio.it", accountType: "psychic" });
    const right = await snapshot(t);
    expect(right.platform).toContain("psychics|all=1");
    // The rows as an older version wrote them (the schema still accepts the old name).
    await t.run(async (ctx) => {
      const rows = await ctx.db
        .query("platformFigures")
        .withIndex("by_metric_period", (q) => q.eq("metric", "psychics"))
        .collect();
      for (const row of rows) await ctx.db.patch("platformFigures", row._id, { metric: "readers" });
    });
    expect((await admin.query(api.admin.getOverview, { now: Date.now() })).psychics.total).toBe(0);

    expect((await t.mutation(internal.admin.recountFigures, {})).changed).toBeGreaterThan(0);
    expect(await snapshot(t)).toEqual(right);
    expect((await admin.query(api.admin.getOverview, { now: Date.now() })).psychics).toEqual({ total: 1, thisMonth: 1 });
  });
});

describe("the figures follow the rows", () => {
  const HOUR = 3_600_000;
  const COMMENT = "Consulto chiaro e gentile.";

  it("a moved booking moves both parties' last booking, later and back earlier", async () => {
    const w = await buildWorld(setupTest());
    await runWithTriggers(w.t, (ctx) =>
      ctx.db.patch("psychicProfiles", w.profileA, { availability: weekFrom({ monday: ["09:00", "09:30", "10:00", "10:30", "11:00", "11:30"] }) }),
    );
    // clientA's world booking with psychicA is at 09:30; another paid one at 10:00.
    const at = (time: string) => romeToUtcMs(w.monday, time);
    await callBooking(w, { startsInMs: at("10:00") - Date.now() });
    const last = () =>
      w.t.run(async (ctx) =>
        Promise.all(
          [w.userIds.clientA, w.userIds.psychicA].map(
            async (userId) =>
              (
                await ctx.db
                  .query("personFigures")
                  .withIndex("by_userId", (q) => q.eq("userId", userId))
                  .unique()
              )?.lastBookingStartsAt,
          ),
        ),
      );
    expect(await last()).toEqual([at("10:00"), at("10:00")]);
    await w.as.clientA.mutation(api.bookings.rescheduleByClient, { bookingId: w.bookingA, date: w.monday, time: "11:00" });
    expect(await last()).toEqual([at("11:00"), at("11:00")]);
    // Moved back before the other one: the latest is looked up again.
    await w.as.clientA.mutation(api.bookings.rescheduleByClient, { bookingId: w.bookingA, date: w.monday, time: "09:00" });
    expect(await last()).toEqual([at("10:00"), at("10:00")]);
    expect(await w.t.mutation(internal.admin.recountFigures, {})).toMatchObject({ changed: 0 });
  });

  it("a psychic's deleted account takes their months and totals, and later changes to their bookings and reviews bring none back", async () => {
    const w = await buildWorld(setupTest());
    const held = await callBooking(w, { startsInMs: -48 * HOUR, status: "completed" });
    // Ended with both in the call, not settled yet: the deletion leaves it confirmed.
    const ended = await callBooking(w, { startsInMs: -2 * HOUR, psychicJoinedAt: Date.now() - 2 * HOUR, clientJoinedAt: Date.now() - 2 * HOUR });
    const reviewId = await w.as.clientA.mutation(api.reviews.createMine, { bookingId: held, rating: 4, comment: COMMENT });
    const figuresOfA = () =>
      w.t.run(async (ctx) => ({
        months: await ctx.db
          .query("psychicMonthFigures")
          .withIndex("by_psychicProfile_month", (q) => q.eq("psychicProfileId", w.profileA))
          .collect(),
        totals: await ctx.db
          .query("personFigures")
          .withIndex("by_userId", (q) => q.eq("userId", w.userIds.psychicA))
          .unique(),
      }));
    expect((await figuresOfA()).months).toEqual([expect.objectContaining({ totalConsultations: 1, ratingCount: 1, ratingSum: 4 })]);
    expect((await figuresOfA()).totals).not.toBeNull();

    await w.as.psychicA.mutation(api.users.deleteMyAccount, {});
    expect(await figuresOfA()).toEqual({ months: [], totals: null });
    await w.as.clientA.mutation(api.reviews.updateMine, { reviewId, rating: 1, comment: COMMENT });
    await w.t.mutation(internal.calls.settle, { bookingId: ended });
    expect((await w.t.run((ctx) => ctx.db.get("bookings", ended)))?.status).toBe("completed");
    await w.t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await figuresOfA()).toEqual({ months: [], totals: null });
    expect(await w.t.mutation(internal.admin.recountFigures, {})).toMatchObject({ changed: 0 });
  });
});
