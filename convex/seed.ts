// Demo data for local runs: `npm start` runs `seed:run` once on a fresh data folder. It is an
// internal function, so no client can call it; on a deployment it runs only by hand
// (`npx convex run seed:run`). Running it twice changes nothing.
import { createAccount } from "@convex-dev/auth/server";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { env, type MutationCtx } from "./_generated/server";
import { changeBooking, insertDemoBooking } from "./lib/bookings/bookingLifecycle";
import { blockingIntervals } from "./lib/bookings/bookingTime";
import { giveSlug } from "./lib/psychics/profileAddress";
import { internalAction, internalMutation, internalQuery } from "./lib/platform/functions";
import { utcMsToRome } from "./framework/time";
import { newBookingFields } from "./model/bookings";
import { addDays } from "./model/nextAvailability";
import { consultationPriceCents, durationPriceCents } from "./model/psychics";
import { consultationInterval, dayWindow, freeStarts } from "./model/slots";
import { reviewerName } from "./model/reviews";
import { publishedDemoProfile } from "./demo/profiles";
import { demoHistoryPlan, demoPastClients } from "./demo/history";
import { consultationType, durationMinutes, type DurationMinutes } from "./framework/validators";
import { DEMO_PASSWORD, demoAccounts, demoPsychics, weekFrom } from "./demo/data";
import { onboardDemoPayees, payAtStandIn } from "./lib/demo/demoStandIn";
import { demoMessages, demoPendingPsychic, pendingPsychicProfile } from "./demo/adminData";

const DAY_MS = 24 * 60 * 60_000;

export const isSeeded = internalQuery({
  args: {},
  returns: v.boolean(),
  handler: async (ctx) => {
    const admin = await ctx.db
      .query("users")
      .withIndex("email", (q) => q.eq("email", demoAccounts.admin.email))
      .first();
    return admin !== null;
  },
});

/** Records kept but no derived figure: data stored before the figures' tables had their present names. */
export const figuresMissing = internalQuery({
  args: {},
  returns: v.boolean(),
  handler: async (ctx) => (await ctx.db.query("platformFigures").first()) === null && (await ctx.db.query("users").first()) !== null,
});

export const run = internalAction({
  args: {},
  returns: v.object({ seeded: v.boolean() }),
  handler: async (ctx) => {
    if (await ctx.runQuery(internal.seed.isSeeded, {})) {
      // A data folder kept from before the figures' tables were renamed: the recount fills them from the records.
      if (await ctx.runQuery(internal.seed.figuresMissing, {})) await ctx.runMutation(internal.admin.recountFigures, {});
      // A data folder kept from before hourly rates were cents: converted once (convex/migrations.ts).
      if (await ctx.runQuery(internal.migrations.hourlyRatesInEuros, {})) {
        let page: { isDone: boolean; continueCursor: string | null } = { isDone: false, continueCursor: null };
        while (!page.isDone) page = await ctx.runMutation(internal.migrations.hourlyRatesToCents, { cursor: page.continueCursor });
      }
      // The same for the prices of each length.
      if (await ctx.runQuery(internal.migrations.pricesInEuros, {})) {
        let page: { isDone: boolean; continueCursor: string | null } = { isDone: false, continueCursor: null };
        while (!page.isDone) page = await ctx.runMutation(internal.migrations.pricesToCents, { cursor: page.continueCursor });
      }
      // A data folder kept from before the catalogue's rows: every profile given its rows.
      if (await ctx.runQuery(internal.migrations.catalogueMissing, {})) {
        let page: { isDone: boolean; continueCursor: string | null } = { isDone: false, continueCursor: null };
        while (!page.isDone) page = await ctx.runMutation(internal.migrations.fillCatalogue, { cursor: page.continueCursor });
      }
      return { seeded: false };
    }

    async function account(email: string, name: string, accountType?: "client" | "psychic") {
      const { user } = await createAccount(ctx, {
        provider: "password",
        account: { id: email, secret: DEMO_PASSWORD },
        // Demo addresses count as proven, as a sign-up's are once its code comes back.
        profile: { email, name, emailVerificationTime: Date.now(), ...(accountType ? { accountType, consentGivenAt: Date.now() } : {}) },
      });
      return user._id;
    }

    await account(demoAccounts.client.email, demoAccounts.client.name, "client");
    const psychicUserIds = [];
    for (const psychic of demoPsychics) {
      const name = psychic.email === demoAccounts.psychic.email ? demoAccounts.psychic.name : psychic.psychicName;
      psychicUserIds.push(await account(psychic.email, name, "psychic"));
    }
    // Staff accounts carry no account type; the grant below makes this one an admin.
    const adminId = await account(demoAccounts.admin.email, demoAccounts.admin.name);
    const { now, historyLength } = await ctx.runMutation(internal.seed.insertDemoProfiles, { psychicUserIds, adminId });
    // The past consultations in parts: each one's figures (counters, monthly books) are kept by the triggers,
    // and all of them in one transaction would pass Convex's limit of index ranges read.
    for (let from = 0; from < historyLength; from += HISTORY_PART) {
      await ctx.runMutation(internal.seed.insertDemoHistoryPart, { now, from, to: Math.min(historyLength, from + HISTORY_PART) });
    }
    const pendingPsychicId = await account(demoPendingPsychic.email, demoPendingPsychic.name, "psychic");
    await ctx.runMutation(internal.seed.insertDemoAdminData, { pendingPsychicId });
    // Offline: the seeded payments made at the Stripe stand-in, and two psychics paid (seedPayouts.ts).
    await payAtStandIn(ctx, await ctx.runQuery(internal.seed.unpaidDemoBookings, {}));
    await payAtStandIn(ctx, await ctx.runQuery(internal.seedPayouts.unpaidHistory, {}));
    await onboardDemoPayees(ctx);
    return { seeded: true };
  },
});

/** The demo client's paid consultations (upcoming, or with a failed refund) that have no payment at Stripe yet. */
export const unpaidDemoBookings = internalQuery({
  args: {},
  returns: v.array(v.object({ bookingId: v.id("bookings"), priceCents: v.number(), email: v.string() })),
  handler: async (ctx) => {
    const client = await ctx.db
      .query("users")
      .withIndex("email", (q) => q.eq("email", demoAccounts.client.email))
      .unique();
    if (client === null) return [];
    const upcoming = await ctx.db
      .query("bookings")
      .withIndex("by_client_status_startsAt", (q) => q.eq("clientId", client._id).eq("status", "confirmed").gt("startsAt", Date.now()))
      .take(20);
    // And the one whose refund the admin may ask again for (insertDemoFailedRefund).
    const failedRefunds = await ctx.db
      .query("bookings")
      .withIndex("by_client_status_startsAt", (q) => q.eq("clientId", client._id).eq("status", "cancelled"))
      .take(20);
    return [...upcoming, ...failedRefunds.filter((booking) => booking.refundStatus === "failed")]
      .filter((booking) => booking.stripePaymentIntentId === undefined)
      .map((booking) => ({ bookingId: booking._id, priceCents: booking.priceCents, email: demoAccounts.client.email }));
  },
});

/** Past consultations per transaction (each reads and writes its figures through the triggers). */
const HISTORY_PART = 40;

export const insertDemoProfiles = internalMutation({
  args: { psychicUserIds: v.array(v.id("users")), adminId: v.id("users") },
  returns: v.object({ now: v.number(), historyLength: v.number() }),
  handler: async (ctx, { psychicUserIds, adminId }) => {
    const now = Date.now();
    await ctx.db.insert("adminGrants", { userId: adminId, grantedAt: now, grantedBy: "seed" });
    for (const [index, psychic] of demoPsychics.entries()) {
      const durations = Object.keys(psychic.pricesCents).map(Number) as DurationMinutes[];
      // Most demo psychics offer calls and chats; Orione calls only. Vega (demo/adminData.ts) waits for her
      // verification call, so she cannot be approved until it is recorded.
      const profileId = await ctx.db.insert(
        "psychicProfiles",
        publishedDemoProfile(
          { ...psychic, photoUrl: psychic.photo, availableDurations: durations, availability: weekFrom(psychic.schedule) },
          psychicUserIds[index],
          now,
          adminId,
        ),
      );
      // Published, so with its readable address (/psychics/selene).
      await giveSlug(ctx, profileId);
    }
    await insertDemoPastClients(ctx, now);
    await insertDemoBookings(ctx, now);
    return { now, historyLength: (await demoHistoryOf(ctx, now))?.plan.length ?? 0 };
  },
});

/** Past consultations `from` to `to` (exclusive) of the demo's history plan, as of the seed's `now`. */
export const insertDemoHistoryPart = internalMutation({
  args: { now: v.number(), from: v.number(), to: v.number() },
  returns: v.null(),
  handler: async (ctx, { now, from, to }) => {
    await insertDemoHistory(ctx, now, from, to);
    return null;
  },
});

/** Past clients: accounts without a password, who booked the demo's past consultations. */
async function insertDemoPastClients(ctx: MutationCtx, now: number) {
  for (const person of demoPastClients) {
    await ctx.db.insert("users", {
      ...person,
      accountType: "client",
      consentGivenAt: now - 200 * DAY_MS,
      emailVerificationTime: now - 200 * DAY_MS,
    });
  }
}

const userByEmail = (ctx: MutationCtx, email: string) =>
  ctx.db
    .query("users")
    .withIndex("email", (q) => q.eq("email", email))
    .unique();

/** The demo's people and its history plan as of `now` (the same in every part), or null before the profiles exist. */
async function demoHistoryOf(ctx: MutationCtx, now: number) {
  const demoClient = await userByEmail(ctx, demoAccounts.client.email);
  if (demoClient === null) return null;
  const pastClients = [];
  for (const person of demoPastClients) {
    const user = await userByEmail(ctx, person.email);
    if (user === null) return null;
    pastClients.push(user);
  }
  const profiles = [];
  for (const psychic of demoPsychics) {
    const user = await userByEmail(ctx, psychic.email);
    const profile =
      user === null
        ? null
        : await ctx.db
            .query("psychicProfiles")
            .withIndex("by_userId", (q) => q.eq("userId", user._id))
            .unique();
    if (profile === null) return null;
    profiles.push(profile);
  }
  return { demoClient, pastClients, profiles, plan: demoHistoryPlan(utcMsToRome(now).date, profiles) };
}

/**
 * The demo's past (demo/history.ts): consultations given over the last months, completed through
 * the same helper a real completion uses, and their reviews; the triggers count them in the psychics'
 * totals, monthly figures and ratings as they do real ones. Items `from` to `to` of the plan.
 */
async function insertDemoHistory(ctx: MutationCtx, now: number, from: number, to: number) {
  const demo = await demoHistoryOf(ctx, now);
  if (demo === null) return;
  const { demoClient, pastClients, profiles, plan } = demo;
  for (let index = from; index < Math.min(to, plan.length); index++) {
    const item = plan[index];
    const profile = profiles[item.psychic];
    const client = item.client === "demo" ? demoClient : pastClients[item.client];
    const fields = newBookingFields(profile, client._id, { date: item.date, time: item.time, durationMinutes: item.durationMinutes });
    // A part run again (a seed that stopped half-way and was started over) skips what it already wrote.
    const written = await ctx.db
      .query("bookings")
      .withIndex("by_psychicProfile_startsAt", (q) => q.eq("psychicProfileId", profile._id).eq("startsAt", fields.startsAt))
      .first();
    if (written !== null) continue;
    // Psychics mostly come on time, some a minute or two in, every eleventh seven minutes late: the
    // profiles' punctuality (model/psychicFigures.ts, on time within five minutes) reads like a real one.
    const psychicJoinedAt = fields.startsAt + (index % 11 === 5 ? 7 : index % 3) * 60_000;
    const bookingId = await insertDemoBooking(ctx, {
      ...fields,
      status: "confirmed",
      paidAt: fields.startsAt - 2 * DAY_MS,
      psychicJoinedAt,
      clientJoinedAt: fields.startsAt,
    });
    // Taken place at the end of its window, as the clock records a consultation both parties were in, each
    // from their first instant to the end (the demo has no call session to read it from).
    const presence = { clientPresentMs: fields.endsAt - fields.startsAt, psychicPresentMs: fields.endsAt - psychicJoinedAt };
    const tookPlace = { kind: "took_place", by: "clock", presence } as const;
    await changeBooking(ctx, (await ctx.db.get("bookings", bookingId))!, tookPlace, fields.endsAt);
    if (item.review === null) continue;
    await ctx.db.insert("reviews", {
      bookingId,
      psychicProfileId: profile._id,
      clientId: client._id,
      rating: item.review.rating,
      comment: item.review.comment,
      clientName: reviewerName(client.name),
      // Written a few hours to two days after the consultation, as real ones are.
      writtenAt: fields.endsAt + (2 + (index % 7) * 7) * 60 * 60_000,
    });
  }
}

/**
 * Upcoming paid consultations of the demo client, with the demo psychic (the first free time from
 * today) and with another psychic (two days ahead), so both dashboards show data on a fresh start.
 * Times are chosen by the slot engine, as a real booking's would be.
 */
async function insertDemoBookings(ctx: MutationCtx, now: number) {
  const client = await ctx.db
    .query("users")
    .withIndex("email", (q) => q.eq("email", demoAccounts.client.email))
    .unique();
  if (client === null) return;
  const profiles = await ctx.db.query("psychicProfiles").take(20);
  const demoPsychicUser = await ctx.db
    .query("users")
    .withIndex("email", (q) => q.eq("email", demoAccounts.psychic.email))
    .unique();
  const withDemoPsychic = profiles.find((profile) => profile.userId === demoPsychicUser?._id);
  const other = profiles.find((profile) => profile.userId !== demoPsychicUser?._id);
  // The second is more than 24 hours ahead, so it can be cancelled with a full refund or moved at once.
  const plans = [
    { profile: withDemoPsychic, fromDay: 0, notBefore: now, notes: "Vorrei un consulto sul lavoro: sto valutando un cambio." },
    { profile: other, fromDay: 2, notBefore: now + 25 * 60 * 60_000, notes: undefined },
  ];
  for (const { profile, fromDay, notBefore, notes } of plans) {
    if (profile === undefined) continue;
    const minutes = profile.availableDurations.includes(30) ? 30 : profile.availableDurations[0];
    for (let day = fromDay; day < fromDay + 14; day++) {
      const date = addDays(utcMsToRome(now).date, day);
      const blocking = await blockingIntervals(ctx, profile._id, dayWindow(date), now);
      const time = freeStarts({ availability: profile.availability, date, durationMinutes: minutes, blocking, nowMs: now }).find(
        (start) => consultationInterval(date, start, minutes).startsAt >= notBefore,
      );
      if (time === undefined) continue;
      await insertDemoBooking(
        ctx,
        { ...newBookingFields(profile, client._id, { date, time, durationMinutes: minutes }), notes, status: "confirmed", paidAt: now },
        { remindAt: now },
      );
      break;
    }
  }
}

/**
 * A consultation of the demo client that a psychic cancelled yesterday and whose refund Stripe kept
 * refusing, for the admin's "Da controllare" list. Offline it is paid at the Stripe stand-in like the
 * upcoming ones, so 'Riprova il rimborso' really refunds it.
 */
async function insertDemoFailedRefund(ctx: MutationCtx, now: number) {
  const client = await ctx.db
    .query("users")
    .withIndex("email", (q) => q.eq("email", demoAccounts.client.email))
    .unique();
  const profile = (await ctx.db.query("psychicProfiles").take(20)).find((candidate) => candidate.psychicName === demoPsychics[2].psychicName);
  if (client === null || profile === undefined) return;
  const minutes = profile.availableDurations[0];
  const day = 24 * 60 * 60_000;
  const fields = newBookingFields(profile, client._id, { date: addDays(utcMsToRome(now).date, 4), time: "11:00", durationMinutes: minutes });
  await insertDemoBooking(ctx, {
    ...fields,
    status: "cancelled",
    paidAt: now - 2 * day,
    cancelledAt: now - day,
    cancelledBy: "psychic",
    cancelReason: "psychic_cancelled",
    refundCents: fields.priceCents,
    refundStatus: "failed",
  });
}

/**
 * The admin area's demo data: a psychic waiting for review and contact messages in every status; the
 * triggers count them in the admin's figures as they are written.
 */
export const insertDemoAdminData = internalMutation({
  args: { pendingPsychicId: v.id("users") },
  returns: v.null(),
  handler: async (ctx, { pendingPsychicId }) => {
    // Sent for review, so published once: it has its readable address.
    await giveSlug(ctx, await ctx.db.insert("psychicProfiles", pendingPsychicProfile(pendingPsychicId, demoPendingPsychic.psychicName)));
    const now = Date.now();
    for (const { status, ...message } of demoMessages) {
      await ctx.db.insert("contactMessages", { ...message, status, updatedAt: now });
    }
    await insertDemoFailedRefund(ctx, now);
    return null;
  },
});

/**
 * A confirmed voice booking between the demo client and the demo psychic whose call is open now, to
 * try a call on a fresh start (`npx convex run seed:callNow`); offline it is paid at the Stripe stand-in.
 * `startsInMinutes` moves the start (up to 5 keeps the room open now, since it opens 5 minutes early;
 * later shows the countdown); `endsInSeconds` shortens the window for tests; `clientEmail` books it for
 * another client than the demo one (a test's own, so its rows cannot be confused with another test's);
 * `type: "chat"` makes it a chat consultation instead of a call.
 */
export const callNow = internalMutation({
  args: {
    minutes: v.optional(durationMinutes),
    type: v.optional(consultationType),
    startsInMinutes: v.optional(v.number()),
    endsInSeconds: v.optional(v.number()),
    clientEmail: v.optional(v.string()),
  },
  returns: v.id("bookings"),
  handler: async (ctx, { minutes = 30, type = "voice", startsInMinutes = 0, endsInSeconds, clientEmail = demoAccounts.client.email }) => {
    if (!Number.isFinite(startsInMinutes) || startsInMinutes < -minutes || startsInMinutes > 24 * 60) {
      throw new Error("startsInMinutes: the window must not be over, nor more than a day ahead");
    }
    const byEmail = (email: string) =>
      ctx.db
        .query("users")
        .withIndex("email", (q) => q.eq("email", email))
        .unique();
    const client = await byEmail(clientEmail);
    const psychic = await byEmail(demoAccounts.psychic.email);
    const profile =
      psychic === null
        ? null
        : await ctx.db
            .query("psychicProfiles")
            .withIndex("by_userId", (q) => q.eq("userId", psychic._id))
            .unique();
    if (client === null || psychic === null || profile === null) throw new Error("Demo data missing: run seed:run first");
    const now = Date.now();
    const startsAt = now + Math.round(startsInMinutes * 60_000);
    const endsAt = endsInSeconds === undefined ? startsAt + minutes * 60_000 : now + endsInSeconds * 1000;
    const rome = utcMsToRome(startsAt);
    const bookingId = await insertDemoBooking(ctx, {
      clientId: client._id,
      psychicUserId: psychic._id,
      psychicProfileId: profile._id,
      psychicName: profile.psychicName,
      consultationType: type,
      scheduledDate: rome.date,
      scheduledTime: rome.time,
      startsAt,
      endsAt,
      durationMinutes: minutes,
      // Selene's price for the type, or her call's when she does not offer it at that length.
      priceCents: consultationPriceCents(profile, type, minutes) ?? durationPriceCents(profile, minutes),
      status: "confirmed",
      paidAt: now,
    });
    // Offline, paid at the Stripe stand-in too, so its end transfers Selene's share as a real one's does.
    if (env.STRIPE_API_BASE) await ctx.scheduler.runAfter(0, internal.seedPayouts.payBooking, { bookingId });
    return bookingId;
  },
});
