// The scenes the browser tests and people trying the product set up at once (convex/demoScenes.ts).
import { describe, expect, it, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import { insertCallParties } from "./fixtures/callParties";
import { setupTest, signInAs } from "./setup";

describe("demoScenes.pendingPsychic", () => {
  it("adds a new psychic whose profile waits in the admin's review queue, a different one each call", async () => {
    const t = setupTest();
    const admin = await signInAs(t, { email: "admin@arcano.it", name: "Admin", admin: true });
    const first = await t.mutation(internal.demoScenes.pendingPsychic, { psychicName: "Lyra" });
    const second = await t.mutation(internal.demoScenes.pendingPsychic, { psychicName: "Lyra" });
    expect(second.profileId).not.toBe(first.profileId);
    expect(second.email).not.toBe(first.email);

    const { page: psychics } = await admin.as.query(api.admin.listPsychics, { paginationOpts: { numItems: 100, cursor: null } });
    const queued = psychics.filter((row) => row.psychicName === "Lyra");
    expect(queued).toHaveLength(2);
    expect(queued.map((row) => row.profileStatus)).toEqual(["pending", "pending"]);
    // Not public until approved.
    const { psychics: listed } = await t.query(internal.psychics.listPublic, {});
    expect(listed.some((card) => card.psychicName === "Lyra")).toBe(false);
  });

  it("refuses an empty name and writes nothing", async () => {
    const t = setupTest();
    await expect(t.mutation(internal.demoScenes.pendingPsychic, { psychicName: "  " })).rejects.toThrow(/psychicName/);
    expect(await t.run((ctx) => ctx.db.query("psychicProfiles").collect())).toEqual([]);
  });
});

describe("demoScenes.endCallIn", () => {
  it("brings a consultation under way to its end, and refuses one that has not started", async () => {
    const t = setupTest();
    await insertCallParties(t);
    const now = await t.mutation(internal.seed.callNow, { minutes: 30 });
    const endsAt = await t.mutation(internal.demoScenes.endCallIn, { bookingId: now, inSeconds: 5 });
    expect(endsAt - Date.now()).toBeLessThanOrEqual(5_000);
    expect((await t.run((ctx) => ctx.db.get("bookings", now)))?.endsAt).toBe(endsAt);
    // Settled at the new end: nobody came, so the client is absent.
    vi.advanceTimersByTime(5_000);
    await t.finishInProgressScheduledFunctions();
    expect((await t.run((ctx) => ctx.db.get("bookings", now)))?.status).toBe("no_show");

    const later = await t.mutation(internal.seed.callNow, { minutes: 30, startsInMinutes: 20 });
    await expect(t.mutation(internal.demoScenes.endCallIn, { bookingId: later, inSeconds: 5 })).rejects.toThrow(/under way/);
    const another = await t.mutation(internal.seed.callNow, { minutes: 30 });
    vi.advanceTimersByTime(1000);
    await expect(t.mutation(internal.demoScenes.endCallIn, { bookingId: another, inSeconds: -1 })).rejects.toThrow(/inSeconds/);
  });
});

describe("demoScenes.newClients", () => {
  it("adds client accounts with proven addresses, each its own, counted among the clients", async () => {
    const t = setupTest();
    const ids = await t.mutation(internal.demoScenes.newClients, { count: 3 });
    const users = await t.run((ctx) => Promise.all(ids.map((id) => ctx.db.get("users", id))));
    expect(users.map((user) => user?.accountType)).toEqual(["client", "client", "client"]);
    expect(new Set(users.map((user) => user?.email)).size).toBe(3);
    expect(users.every((user) => user?.emailVerificationTime !== undefined)).toBe(true);
    const admin = await signInAs(t, { email: "admin@arcano.it", name: "Admin", admin: true });
    expect((await admin.as.query(api.admin.getOverview, { now: Date.now() })).clients.total).toBe(3);
  });

  it("refuses a count out of 1–500 and writes nothing", async () => {
    const t = setupTest();
    await expect(t.mutation(internal.demoScenes.newClients, { count: 0 })).rejects.toThrow(/count/);
    await expect(t.mutation(internal.demoScenes.newClients, { count: 501 })).rejects.toThrow(/count/);
    expect(await t.run((ctx) => ctx.db.query("users").collect())).toEqual([]);
  });
});

describe("demoScenes.refundFailsFor", () => {
  it("cancels a paid consultation for its psychic and leaves its refund failed, which its client reads as failed", async () => {
    const t = setupTest();
    await insertCallParties(t);
    const client = await signInAs(t, { email: "marta.rimborso@esempio.it", name: "Marta Rimborso", accountType: "client" });
    const bookingId = await t.mutation(internal.seed.callNow, { minutes: 30, startsInMinutes: 60 * 24, clientEmail: "marta.rimborso@esempio.it" });
    await t.mutation(internal.demoScenes.refundFailsFor, { bookingId });
    // The refund the cancellation scheduled finds nothing pending: it stays failed until the admin retries it.
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    const booking = await t.run((ctx) => ctx.db.get("bookings", bookingId));
    expect(booking).toMatchObject({ status: "cancelled", cancelReason: "psychic_cancelled", refundStatus: "failed" });
    expect(booking?.refundCents).toBe(booking?.priceCents);
    const { bookings } = await client.as.query(api.bookings.listMine, { now: Date.now() });
    expect(bookings.find((row) => row.id === bookingId)).toMatchObject({ state: "cancelled", refund: "refund_failed" });
  });

  it("refuses a consultation already under way and changes nothing", async () => {
    const t = setupTest();
    await insertCallParties(t);
    const bookingId = await t.mutation(internal.seed.callNow, { minutes: 30 });
    await expect(t.mutation(internal.demoScenes.refundFailsFor, { bookingId })).rejects.toThrow(/refundFailsFor/);
    expect((await t.run((ctx) => ctx.db.get("bookings", bookingId)))?.status).toBe("confirmed");
  });
});
