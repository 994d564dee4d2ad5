// The scenes the browser tests and people trying the product set up at once (convex/demoScenes.ts).
import { describe, expect, it, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import { setupTest, signInAs } from "./setup";

describe("demoScenes.pendingPsychic", () => {
  it("adds a new psychic whose profile waits in the admin's review queue, a different one each call", async () => {
    const t = setupTest();
    const admin = await signInAs(t, { email: "admin@arcano.it", name: "Admin", admin: true });
    const first = await t.mutation(internal.demoScenes.pendingPsychic, { psychicName: "Lyra" });
    const second = await t.mutation(internal.demoScenes.pendingPsychic, { psychicName: "Lyra" });
    expect(second.profileId).not.toBe(first.profileId);
    expect(second.email).not.toBe(first.email);

    const { psychics } = await admin.as.query(api.admin.listPsychics, {});
    const queued = psychics.filter((row) => row.psychicName === "Lyra");
    expect(queued).toHaveLength(2);
    expect(queued.map((row) => row.profileStatus)).toEqual(["pending", "pending"]);
    // Not public until approved.
    const { psychics: listed } = await t.query(api.psychics.listPublic, {});
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
    await t.action(internal.seed.run, {});
    const now = await t.mutation(internal.seed.callNow, { minutes: 30 });
    const endsAt = await t.mutation(internal.demoScenes.endCallIn, { bookingId: now, inSeconds: 5 });
    expect(endsAt - Date.now()).toBeLessThanOrEqual(5_000);
    expect((await t.run((ctx) => ctx.db.get("bookings", now)))?.endsAt).toBe(endsAt);

    const later = await t.mutation(internal.seed.callNow, { minutes: 30, startsInMinutes: 20 });
    await expect(t.mutation(internal.demoScenes.endCallIn, { bookingId: later, inSeconds: 5 })).rejects.toThrow(/under way/);
    vi.advanceTimersByTime(1000);
    await expect(t.mutation(internal.demoScenes.endCallIn, { bookingId: now, inSeconds: -1 })).rejects.toThrow(/inSeconds/);
  });
});
