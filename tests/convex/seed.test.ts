import { describe, expect, it } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import { demoAccounts, demoReaders } from "../../convex/model/demoData";
import { demoMessages, demoPendingReader } from "../../convex/model/demoAdminData";
import { setupTest } from "./setup";

describe("the demo seed", () => {
  it("creates the demo accounts, an admin grant and eight public readers with photos, prices and availability", async () => {
    const t = setupTest();
    expect(await t.action(internal.seed.run, {})).toEqual({ seeded: true });

    const { users, grants, profiles } = await t.run(async (ctx) => ({
      users: await ctx.db.query("users").collect(),
      grants: await ctx.db.query("adminGrants").collect(),
      profiles: await ctx.db.query("psychicProfiles").collect(),
    }));
    const byEmail = new Map(users.map((user) => [user.email, user]));
    expect(byEmail.get(demoAccounts.client.email)?.accountType).toBe("client");
    expect(byEmail.get(demoAccounts.reader.email)?.accountType).toBe("psychic");
    expect(grants.map((grant) => grant.userId)).toEqual([byEmail.get(demoAccounts.admin.email)?._id]);

    const approved = profiles.filter((profile) => profile.profileStatus === "approved");
    expect(approved).toHaveLength(demoReaders.length);
    expect(approved.length).toBeGreaterThanOrEqual(8);
    for (const profile of approved) {
      expect(profile.photoUrl).toMatch(/^\/readers\/.+\.svg$/);
      expect(profile.availableDurations.length).toBeGreaterThan(0);
      for (const minutes of profile.availableDurations) expect(profile.pricing[String(minutes)]).toBeGreaterThan(0);
      expect(Object.values(profile.availability).some((day) => day.enabled)).toBe(true);
      // No made-up rating: it comes only from reviews.
      expect(profile.rating).toBeUndefined();
    }
  });

  it("gives the admin area a reader waiting for review, messages in every status and figures that match", async () => {
    const t = setupTest();
    await t.action(internal.seed.run, {});
    const admin = await t.run(async (ctx) => {
      const user = await ctx.db.query("users").withIndex("email", (q) => q.eq("email", demoAccounts.admin.email)).unique();
      const session = await ctx.db.insert("authSessions", { userId: user!._id, expirationTime: Date.now() + 3_600_000 });
      return { subject: `${user!._id}|${session}` };
    });
    const as = t.withIdentity(admin);
    const { readers } = await as.query(api.admin.listPsychics, {});
    expect(readers[0]).toMatchObject({ email: demoPendingReader.email, statusLabel: "In Attesa", inReview: "profile" });
    const counts = await as.query(api.admin.messageCounts, {});
    expect(counts.all).toBe(demoMessages.length);
    expect([counts.unread, counts.read, counts.replied].every((count) => count >= 2)).toBe(true);
    expect(await as.query(api.admin.getOverview, { now: Date.now() })).toMatchObject({
      readers: { total: demoReaders.length + 1 },
      clients: { total: 1 },
      consultations: { total: 2 },
    });
    // Public visitors still see only the approved readers.
    expect((await t.query(api.psychics.listPublic, {})).readers).toHaveLength(demoReaders.length);
    expect(await t.mutation(internal.admin.recountCounters, {})).toMatchObject({ changed: 0 });
  });

  it("gives the demo client upcoming paid consultations with the demo reader and another reader", async () => {
    const t = setupTest();
    await t.action(internal.seed.run, {});
    const { bookings, readerUser } = await t.run(async (ctx) => ({
      bookings: await ctx.db.query("bookings").collect(),
      readerUser: await ctx.db
        .query("users")
        .withIndex("email", (q) => q.eq("email", demoAccounts.reader.email))
        .unique(),
    }));
    expect(bookings).toHaveLength(2);
    expect(bookings.every((booking) => booking.status === "confirmed" && booking.startsAt > Date.now())).toBe(true);
    expect(bookings.map((booking) => booking.psychicUserId)).toContain(readerUser?._id);
    expect(new Set(bookings.map((booking) => booking.psychicProfileId)).size).toBe(2);
  });

  it("changes nothing when run a second time", async () => {
    const t = setupTest();
    await t.action(internal.seed.run, {});
    expect(await t.action(internal.seed.run, {})).toEqual({ seeded: false });
    const count = await t.run(async (ctx) => (await ctx.db.query("psychicProfiles").collect()).length);
    expect(count).toBe(demoReaders.length + 1);
  });

  it("lets the demo client sign in with the printed password", async () => {
    const t = setupTest();
    await t.action(internal.seed.run, {});
    const result = await t.action(api.auth.signIn, {
      provider: "password",
      params: { flow: "signIn", email: demoAccounts.client.email, password: "arcano-demo" },
    });
    expect(result.tokens?.token).toEqual(expect.any(String));
  });
});
