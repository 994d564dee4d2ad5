import { describe, expect, it, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import { demoAccounts, demoPsychics } from "../../convex/demo/data";
import { demoMessages, demoPendingPsychic } from "../../convex/demo/adminData";
import { demoPastClients } from "../../convex/demo/history";
import { romeDateOf } from "../../convex/framework/time";
import { insertCallParties } from "./fixtures/callParties";
import { setupSharedTest, setupTest, stripe, useStripeStandIn } from "./setup";

useStripeStandIn();

describe("the demo seed", () => {
  // Seeding takes seconds: these tests share one seeded world. What they add (sessions, a sign-in,
  // a second run that adds nothing) none of them reads, in any order.
  const seeded = setupSharedTest((t) => t.action(internal.seed.run, {}));

  it("creates the demo accounts, an admin grant and eight public psychics with photos, prices and availability", async () => {
    const { t, value: firstRun } = seeded();
    expect(firstRun).toEqual({ seeded: true });

    const { users, grants, profiles } = await t.run(async (ctx) => ({
      users: await ctx.db.query("users").collect(),
      grants: await ctx.db.query("adminGrants").collect(),
      profiles: await ctx.db.query("psychicProfiles").collect(),
    }));
    const byEmail = new Map(users.map((user) => [user.email, user]));
    expect(byEmail.get(demoAccounts.client.email)?.accountType).toBe("client");
    expect(byEmail.get(demoAccounts.psychic.email)?.accountType).toBe("psychic");
    expect(grants.map((grant) => grant.userId)).toEqual([byEmail.get(demoAccounts.admin.email)?._id]);

    const approved = profiles.filter((profile) => profile.profileStatus === "approved");
    expect(approved).toHaveLength(demoPsychics.length);
    expect(approved.length).toBeGreaterThanOrEqual(8);
    for (const profile of approved) {
      expect(profile.photoUrl).toMatch(/^\/readers\/.+\.svg$/);
      expect(profile.availableDurations.length).toBeGreaterThan(0);
      for (const minutes of profile.availableDurations) expect(profile.pricesCents?.[String(minutes)]).toBeGreaterThan(0);
      expect(Object.values(profile.availability).some((day) => day.enabled)).toBe(true);
    }
    // Most offer calls and chats, each chat length priced; Orione calls only.
    const offers = new Map(approved.map((profile) => [profile.psychicName, profile.consultationTypes]));
    expect(offers.get("Orione")).toEqual(["voice"]);
    expect([...offers.values()].filter((types) => types?.includes("chat")).length).toBe(approved.length - 1);
    for (const profile of approved.filter((row) => row.consultationTypes?.includes("chat"))) {
      for (const minutes of profile.availableDurations) expect(profile.chatPricesCents?.[String(minutes)]).toBeGreaterThan(0);
    }
  });

  it("gives several psychics past consultations and real reviews: each rating is the average of its reviews, some psychics are still new", async () => {
    const { t } = seeded();
    const { profiles, reviews, bookings, stats } = await t.run(async (ctx) => ({
      profiles: await ctx.db.query("psychicProfiles").collect(),
      reviews: await ctx.db.query("reviews").collect(),
      bookings: await ctx.db.query("bookings").collect(),
      stats: await ctx.db.query("psychicMonthFigures").collect(),
    }));
    let reviewed = 0;
    for (const profile of profiles) {
      const own = reviews.filter((review) => review.psychicProfileId === profile._id);
      const held = bookings.filter((booking) => booking.psychicProfileId === profile._id && booking.status === "completed");
      expect(profile.reviewCount).toBe(own.length);
      expect(profile.totalConsultations).toBe(held.length);
      if (own.length === 0) {
        // No made-up rating: a psychic without reviews is "Nuovo".
        expect(profile.rating).toBeUndefined();
      } else {
        reviewed++;
        expect(profile.rating).toBeCloseTo(own.reduce((sum, review) => sum + review.rating, 0) / own.length, 10);
      }
      const months = stats.filter((row) => row.psychicProfileId === profile._id);
      expect(months.reduce((sum, row) => sum + row.totalConsultations, 0)).toBe(held.length);
    }
    expect(reviewed).toBeGreaterThanOrEqual(4);
    expect(profiles.some((profile) => profile.profileStatus === "approved" && profile.rating === undefined)).toBe(true);
    for (const review of reviews) expect(review.clientName).toMatch(/^\S+ [A-Z]\.$/);
  });

  it("gives the psychics with a history believable psychic figures: most consultations on time, not all", async () => {
    const { t } = seeded();
    const profiles = await t.run((ctx) => ctx.db.query("psychicProfiles").collect());
    const shown = [];
    for (const profile of profiles) {
      const figures = await t.query(api.psychicFigures.getForProfile, { id: profile._id, now: Date.now() });
      if (figures !== null) shown.push(figures);
    }
    const established = shown.filter((figures) => !figures.isNew);
    expect(established.length).toBeGreaterThanOrEqual(3);
    for (const figures of established) expect(figures.onTimePercent).toBeGreaterThanOrEqual(75);
    expect(established.some((figures) => figures.onTimePercent! < 100)).toBe(true);
    expect(shown.some((figures) => figures.isNew)).toBe(true);
  });

  it("dates each demo review after its consultation, in the past, and no two read alike", async () => {
    const { t } = seeded();
    const { reviews, bookings } = await t.run(async (ctx) => ({
      reviews: await ctx.db.query("reviews").collect(),
      bookings: await ctx.db.query("bookings").collect(),
    }));
    expect(reviews.length).toBeGreaterThan(20);
    expect(new Set(reviews.map((review) => review.comment)).size).toBe(reviews.length);
    for (const review of reviews) {
      const booking = bookings.find((candidate) => candidate._id === review.bookingId)!;
      expect(review.writtenAt).toBeGreaterThan(booking.endsAt);
      expect(review.writtenAt).toBeLessThan(Date.now());
    }
    // The profile shows those dates, newest first.
    const profileId = reviews[0].psychicProfileId;
    const { page } = await t.query(api.reviews.listPageForProfile, { psychicProfileId: profileId, paginationOpts: { numItems: 50, cursor: null } });
    const shown = page.map((review) => review.createdAt);
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
    expect(new Set(shown.map((at) => new Date(at).toISOString().slice(0, 10))).size).toBeGreaterThan(1);
  });

  it("shows the demo psychic's monthly figures over several months", async () => {
    const { t } = seeded();
    const subject = await t.run(async (ctx) => {
      const user = await ctx.db
        .query("users")
        .withIndex("email", (q) => q.eq("email", demoAccounts.psychic.email))
        .unique();
      const session = await ctx.db.insert("authSessions", { userId: user!._id, expirationTime: Date.now() + 3_600_000 });
      return `${user!._id}|${session}`;
    });
    const psychic = t.withIdentity({ subject });
    const months = await psychic.query(api.psychicMonthFigures.listMine, { now: Date.now() });
    expect(months).toHaveLength(6);
    expect(months.filter((month) => month.consultationsGiven > 0).length).toBeGreaterThanOrEqual(4);
    expect(months.some((month) => month.averageRating !== null)).toBe(true);
    expect(months.every((month) => month.earningsCents >= 0)).toBe(true);
  });

  it("gives the admin area a psychic waiting for review, messages in every status and figures that match", async () => {
    const { t } = seeded();
    const admin = await t.run(async (ctx) => {
      const user = await ctx.db
        .query("users")
        .withIndex("email", (q) => q.eq("email", demoAccounts.admin.email))
        .unique();
      const session = await ctx.db.insert("authSessions", { userId: user!._id, expirationTime: Date.now() + 3_600_000 });
      return { subject: `${user!._id}|${session}` };
    });
    const as = t.withIdentity(admin);
    const { page: psychics } = await as.query(api.admin.listPsychics, { paginationOpts: { numItems: 100, cursor: null } });
    expect(psychics[0]).toMatchObject({ email: demoPendingPsychic.email, profileStatus: "pending", inReview: "profile" });
    const counts = await as.query(api.admin.messageCounts, {});
    expect(counts.all).toBe(demoMessages.length);
    expect([counts.unread, counts.read, counts.replied].every((count) => count >= 2)).toBe(true);
    const paid = await t.run(async (ctx) => (await ctx.db.query("bookings").collect()).filter((booking) => booking.paidAt !== undefined).length);
    expect(await as.query(api.admin.getOverview, { now: Date.now() })).toMatchObject({
      psychics: { total: demoPsychics.length + 1 },
      clients: { total: 1 + demoPastClients.length },
      paidConsultations: { total: paid },
    });
    // A refund left failed waits for the admin, who may ask again.
    const { needingAttention } = await as.query(api.admin.listBookings, {});
    expect(needingAttention).toEqual([
      expect.objectContaining({ clientName: demoAccounts.client.name, psychicName: "Aurora", attention: "refund_failed", refundStatus: "failed" }),
    ]);
    // Paid at the (fake) stand-in like the upcoming ones, so 'Riprova il rimborso' really refunds it.
    expect(await t.run((ctx) => ctx.db.get("bookings", needingAttention[0].id))).toMatchObject({ stripePaymentIntentId: expect.any(String) });
    // Public visitors still see only the approved psychics.
    expect((await t.query(internal.psychics.listPublic, {})).psychics).toHaveLength(demoPsychics.length);
    expect(await t.mutation(internal.admin.recountFigures, {})).toMatchObject({ changed: 0 });
  });

  it("gives the demo client upcoming paid consultations with the demo psychic and another psychic, one over 24 hours ahead, and one to review", async () => {
    const { t } = seeded();
    const { all, psychicUser, client } = await t.run(async (ctx) => ({
      all: await ctx.db.query("bookings").collect(),
      client: await ctx.db
        .query("users")
        .withIndex("email", (q) => q.eq("email", demoAccounts.client.email))
        .unique(),
      psychicUser: await ctx.db
        .query("users")
        .withIndex("email", (q) => q.eq("email", demoAccounts.psychic.email))
        .unique(),
    }));
    const bookings = all.filter((booking) => booking.status === "confirmed");
    expect(bookings).toHaveLength(2);
    expect(bookings.every((booking) => booking.clientId === client?._id && booking.startsAt > Date.now())).toBe(true);
    expect(bookings.map((booking) => booking.psychicUserId)).toContain(psychicUser?._id);
    expect(new Set(bookings.map((booking) => booking.psychicProfileId)).size).toBe(2);
    expect(bookings.some((booking) => booking.startsAt > Date.now() + 24 * 3_600_000)).toBe(true);

    const session = await t.run((ctx) => ctx.db.insert("authSessions", { userId: client!._id, expirationTime: Date.now() + 3_600_000 }));
    const as = t.withIdentity({ subject: `${client!._id}|${session}` });
    const toReview = (await as.query(api.reviews.listMine, { now: Date.now() })).filter((row) => row.review === null);
    expect(toReview.length).toBeGreaterThanOrEqual(1);
    expect(toReview[0].psychicProfileId).toBe(bookings.find((booking) => booking.psychicUserId === psychicUser?._id)?.psychicProfileId);
  });

  it("pays every seeded paid booking at the Stripe stand-in, onboards Selene and Orione, transfers their held earnings once and pays each out", async () => {
    const { t, standIn } = seeded();
    const world = await t.run(async (ctx) => ({
      bookings: await ctx.db.query("bookings").collect(),
      accounts: await ctx.db.query("payoutAccounts").collect(),
      transfers: await ctx.db.query("psychicTransfers").collect(),
      fiscal: await ctx.db.query("psychicFiscalData").collect(),
      users: await ctx.db.query("users").collect(),
    }));
    const paid = world.bookings.filter((booking) => booking.paidAt !== undefined);
    expect(paid.length).toBeGreaterThan(20);
    expect(paid.filter((booking) => booking.stripePaymentIntentId === undefined)).toEqual([]);
    expect(await t.query(internal.seed.unpaidDemoBookings, {})).toEqual([]);
    expect(await t.query(internal.seedPayouts.unpaidHistory, {})).toEqual([]);

    const payees = [demoPsychics[0].email, demoPsychics[1].email].map((email) => world.users.find((user) => user.email === email)!._id);
    expect(world.accounts.map((account) => [account.psychicUserId, account.state]).sort()).toEqual(payees.map((id) => [id, "enabled"]).sort());
    expect(world.fiscal.map((row) => row.psychicUserId).sort()).toEqual([...payees].sort());
    expect(world.fiscal.map((row) => row.codiceFiscale).sort()).toEqual(["LNERZO79P03H501G", "MRTSLN88D52F205V"]);
    // Their history was held before they onboarded: every share went once, from its own charge.
    const theirs = world.transfers.filter((transfer) => payees.includes(transfer.psychicUserId));
    expect(theirs.length).toBeGreaterThan(10);
    expect(theirs.every((transfer) => transfer.state === "transferred")).toBe(true);
    expect(standIn!.transfers()).toHaveLength(theirs.length);
    expect(new Set(standIn!.transfers().map((transfer) => transfer.metadata.bookingId)).size).toBe(theirs.length);
    expect(standIn!.payoutRuns().sort()).toEqual(world.accounts.map((account) => account.stripeAccountId).sort());
    // The others have not started: their shares wait for them.
    const others = world.transfers.filter((transfer) => !payees.includes(transfer.psychicUserId));
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((transfer) => transfer.state === "awaiting_onboarding")).toBe(true);
  });

  it("gives the admin a DAC7 report of the year with a row for every psychic credited for a consultation, and names who lacks fiscal data", async () => {
    const { t } = seeded();
    const year = Number(romeDateOf(Date.now()).slice(0, 4));
    const { credited, payees, subject } = await t.run(async (ctx) => {
      const shares = await ctx.db.query("psychicTransfers").collect();
      const inYear = shares.filter((share) => share.state !== "withheld" && romeDateOf(share.dueAt).startsWith(`${year}-`));
      const adminUser = await ctx.db
        .query("users")
        .withIndex("email", (q) => q.eq("email", demoAccounts.admin.email))
        .unique();
      const sessionId = await ctx.db.insert("authSessions", { userId: adminUser!._id, expirationTime: Date.now() + 3_600_000 });
      const users = await ctx.db.query("users").collect();
      return {
        credited: [...new Set(inYear.map((share) => share.psychicUserId))],
        payees: users.filter((user) => user.email === demoPsychics[0].email || user.email === demoPsychics[1].email).map((user) => user.name ?? ""),
        subject: `${adminUser!._id}|${sessionId}`,
      };
    });
    // Most of the demo's psychics have not onboarded: their shares wait, but were credited all the same.
    expect(credited.length).toBeGreaterThan(2);
    const report = await t.withIdentity({ subject }).query(api.adminPayouts.dac7Report, { year });
    expect(report.rows).toBe(credited.length);
    expect(report.missingFiscalData).toBe(credited.length - 2);
    expect(report.missing.map((entry) => entry.name)).not.toEqual(expect.arrayContaining(payees));
    expect(report.missing.every((entry) => entry.email !== null && !entry.accountDeleted)).toBe(true);
    expect(report.csv.trim().split("\r\n")).toHaveLength(credited.length + 1);
  });

  it("changes nothing when run a second time", async () => {
    const { t } = seeded();
    expect(await t.action(internal.seed.run, {})).toEqual({ seeded: false });
    const count = await t.run(async (ctx) => (await ctx.db.query("psychicProfiles").collect()).length);
    expect(count).toBe(demoPsychics.length + 1);
  });

  it("run again on data kept without its derived figures (tables since renamed), fills them from the records", async () => {
    const { t } = seeded();
    const figures = () => t.run(async (ctx) => ({ platform: await ctx.db.query("platformFigures").collect(), people: await ctx.db.query("personFigures").collect() }));
    const kept = await figures();
    expect(await t.query(internal.seed.figuresMissing, {})).toBe(false);
    await t.run(async (ctx) => {
      for (const row of await ctx.db.query("platformFigures").collect()) await ctx.db.delete("platformFigures", row._id);
      for (const row of await ctx.db.query("personFigures").collect()) await ctx.db.delete("personFigures", row._id);
    });
    expect(await t.query(internal.seed.figuresMissing, {})).toBe(true);
    expect(await t.action(internal.seed.run, {})).toEqual({ seeded: false });
    const strip = (rows: Array<Record<string, unknown>>) => rows.map(({ _id, _creationTime, ...row }) => row);
    const now = await figures();
    expect(strip(now.platform)).toEqual(expect.arrayContaining(strip(kept.platform.filter((row) => row.value !== 0))));
    expect(strip(now.people)).toEqual(strip(kept.people));
    expect(await t.query(internal.seed.figuresMissing, {})).toBe(false);
  });

  it("run again on data kept from before hourly rates were cents, converts them to the same amounts in cents", async () => {
    const { t } = seeded();
    const rates = () =>
      t.run(async (ctx) =>
        (await ctx.db.query("psychicProfiles").collect()).map(({ _id, hourlyRateCents, hourlyRateEuros }) => ({ _id, hourlyRateCents, hourlyRateEuros })),
      );
    const kept = await rates();
    for (const rate of kept) expect(Number.isInteger(rate.hourlyRateCents) && rate.hourlyRateEuros === undefined).toBe(true);
    expect(await t.query(internal.migrations.hourlyRatesInEuros, {})).toBe(false);
    await t.run(async (ctx) => {
      for (const rate of kept) {
        await ctx.db.patch("psychicProfiles", rate._id, { hourlyRateCents: undefined, hourlyRateEuros: rate.hourlyRateCents! / 100 });
      }
    });
    expect(await t.query(internal.migrations.hourlyRatesInEuros, {})).toBe(true);
    expect(await t.action(internal.seed.run, {})).toEqual({ seeded: false });
    expect(await rates()).toEqual(kept);
    expect(await t.query(internal.migrations.hourlyRatesInEuros, {})).toBe(false);
  });

  it("run again on data kept from before prices were cents, converts them to the same amounts in cents", async () => {
    const { t } = seeded();
    const prices = () =>
      t.run(async (ctx) => (await ctx.db.query("psychicProfiles").collect()).map(({ _id, pricesCents, pricing }) => ({ _id, pricesCents, pricing })));
    const kept = await prices();
    for (const price of kept) {
      expect(price.pricing).toBeUndefined();
      for (const cents of Object.values(price.pricesCents ?? {})) expect(Number.isInteger(cents)).toBe(true);
    }
    expect(await t.query(internal.migrations.pricesInEuros, {})).toBe(false);
    await t.run(async (ctx) => {
      for (const price of kept) {
        const euros = Object.fromEntries(Object.entries(price.pricesCents!).map(([minutes, cents]) => [minutes, cents / 100]));
        await ctx.db.patch("psychicProfiles", price._id, { pricesCents: undefined, pricing: euros });
      }
    });
    expect(await t.query(internal.migrations.pricesInEuros, {})).toBe(true);
    expect(await t.action(internal.seed.run, {})).toEqual({ seeded: false });
    expect(await prices()).toEqual(kept);
    expect(await t.query(internal.migrations.pricesInEuros, {})).toBe(false);
  });

  it("writes the past consultations in parts that skip what they already wrote: a part run again adds nothing", async () => {
    const { t } = seeded();
    const counts = () =>
      t.run(async (ctx) => ({
        bookings: (await ctx.db.query("bookings").collect()).length,
        reviews: (await ctx.db.query("reviews").collect()).length,
        counters: await ctx.db.query("platformFigures").collect(),
      }));
    const before = await counts();
    await t.mutation(internal.seed.insertDemoHistoryPart, { now: Date.now(), from: 0, to: 40 });
    expect(await counts()).toEqual(before);
  });

  it("lets the demo client sign in with the printed password", async () => {
    const { t } = seeded();
    const result = await t.action(api.auth.signIn, {
      provider: "password",
      params: { flow: "signIn", email: demoAccounts.client.email, password: "arcano-demo" },
    });
    expect(result.tokens?.token).toEqual(expect.any(String));
  });
});

describe("seed:callNow", () => {
  it("makes a chat whose window is open now with { type: \"chat\" }, a call otherwise", async () => {
    const t = setupTest();
    await insertCallParties(t);
    const chat = await t.mutation(internal.seed.callNow, { minutes: 30, type: "chat" });
    const call = await t.mutation(internal.seed.callNow, { minutes: 30, startsInMinutes: 60 });
    const [chatBooking, callBooking] = await t.run((ctx) => Promise.all([ctx.db.get("bookings", chat), ctx.db.get("bookings", call)]));
    expect(chatBooking).toMatchObject({ consultationType: "chat", status: "confirmed", durationMinutes: 30 });
    expect(chatBooking!.startsAt).toBeLessThanOrEqual(Date.now());
    expect(callBooking?.consultationType).toBe("voice");
  });
});

describe("the demo payments at the offline Stripe stand-in", () => {
  it("seed:callNow's booking is paid there by a job (seedPayouts.payBooking) once; a booking with a payment is left alone", async () => {
    const t = setupTest();
    await insertCallParties(t);
    const bookingId = await t.mutation(internal.seed.callNow, { minutes: 15 });
    expect(await t.query(internal.seedPayouts.bookingToPay, { bookingId })).toMatchObject({ bookingId, email: demoAccounts.client.email });
    await t.finishInProgressScheduledFunctions();
    await vi.advanceTimersByTimeAsync(1);
    await t.finishInProgressScheduledFunctions();
    const booking = await t.run((ctx) => ctx.db.get("bookings", bookingId));
    expect(booking).toMatchObject({ status: "confirmed", stripePaymentIntentId: expect.stringMatching(/^pi_/) });
    expect(await t.query(internal.seedPayouts.bookingToPay, { bookingId })).toBeNull();
    expect(await t.action(internal.seedPayouts.payBooking, { bookingId })).toBe(false);
    expect((await t.run((ctx) => ctx.db.get("bookings", bookingId)))?.stripePaymentIntentId).toBe(booking?.stripePaymentIntentId);
    // One Checkout Session per paid booking at the stand-in: none paid twice.
    const withSession = await t.run(async (ctx) => (await ctx.db.query("bookings").collect()).filter((row) => row.stripeCheckoutSessionId).length);
    expect((await stripe().sessions()).length).toBe(withSession);
  });
});
