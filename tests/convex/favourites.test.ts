// A client's favourite psychics: starring is idempotent, only clients star, only listed psychics can be
// starred, and a psychic hidden later drops out of 'Preferiti'.
import { describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import { buildWorld } from "./fixtures/world";
import { errorCodeOf, setupTest } from "./setup";

describe("favourites", () => {
  it("starring twice keeps one, unstarring twice changes nothing", async () => {
    const w = await buildWorld(setupTest());
    const star = (starred: boolean) => w.as.clientA.mutation(api.favourites.setMine, { psychicProfileId: w.profileA, starred });
    await star(true);
    await star(true);
    expect(await w.as.clientA.query(api.favourites.listMine, {})).toEqual([
      { psychicProfileId: w.profileA, psychicName: "Lettrice A", photoUrl: null, isAvailable: true },
    ]);
    expect(await w.t.run((ctx) => ctx.db.query("favouritePsychics").collect())).toHaveLength(1);
    await star(false);
    await star(false);
    expect(await w.as.clientA.query(api.favourites.listMine, {})).toEqual([]);
  });

  it("are each client's own, newest first", async () => {
    const w = await buildWorld(setupTest());
    await w.as.clientA.mutation(api.favourites.setMine, { psychicProfileId: w.profileA, starred: true });
    await w.as.clientA.mutation(api.favourites.setMine, { psychicProfileId: w.profileB, starred: true });
    expect((await w.as.clientA.query(api.favourites.listMine, {})).map((row) => row.psychicProfileId)).toEqual([w.profileB, w.profileA]);
    expect(await w.as.clientB.query(api.favourites.listMine, {})).toEqual([]);
  });

  it("only clients star, and only psychics the public can see", async () => {
    const w = await buildWorld(setupTest());
    const args = { psychicProfileId: w.profileA, starred: true };
    expect(await errorCodeOf(w.as.psychicB.mutation(api.favourites.setMine, args))).toBe("CLIENT_ONLY");
    expect(await errorCodeOf(w.as.admin.mutation(api.favourites.setMine, args))).toBe("CLIENT_ONLY");
    expect(await errorCodeOf(w.t.mutation(api.favourites.setMine, args))).toBe("NOT_AUTHENTICATED");
    expect(await errorCodeOf(w.as.clientA.mutation(api.favourites.setMine, { psychicProfileId: w.profilePending, starred: true }))).toBe("NOT_FOUND");
    expect(await errorCodeOf(w.as.clientA.mutation(api.favourites.setMine, { psychicProfileId: w.bookingA, starred: true }))).toBe("NOT_FOUND");
    expect(await w.t.run((ctx) => ctx.db.query("favouritePsychics").collect())).toEqual([]);
  });

  it("a psychic hidden after being starred leaves the list and can still be unstarred", async () => {
    const w = await buildWorld(setupTest());
    await w.as.clientA.mutation(api.favourites.setMine, { psychicProfileId: w.profileA, starred: true });
    await w.as.psychicA.mutation(api.psychicProfiles.setPubliclyVisible, { isPubliclyVisible: false });
    expect(await w.as.clientA.query(api.favourites.listMine, {})).toEqual([]);
    await w.as.clientA.mutation(api.favourites.setMine, { psychicProfileId: w.profileA, starred: false });
    expect(await w.t.run((ctx) => ctx.db.query("favouritePsychics").collect())).toEqual([]);
  });

  it("leave with the client's account, with the client's wishes and notices", async () => {
    const w = await buildWorld(setupTest());
    await w.as.clientA.mutation(api.favourites.setMine, { psychicProfileId: w.profileA, starred: true });
    await w.t.run(async (ctx) => {
      const fields = {
        clientId: w.userIds.clientA,
        psychicProfileId: w.profileB,
        date: w.monday,
        durationMinutes: 30 as const,
        createdAt: Date.now(),
      };
      await ctx.db.insert("availabilityAlerts", fields);
      await ctx.db.insert("clientNotices", { ...fields, kind: "time_freed", psychicName: "Lettrice B" });
    });
    await w.as.clientA.mutation(api.users.deleteMyAccount, {});
    const left = await w.t.run(async (ctx) => [
      ...(await ctx.db.query("favouritePsychics").collect()),
      ...(await ctx.db.query("availabilityAlerts").collect()),
      ...(await ctx.db.query("clientNotices").collect()),
    ]);
    expect(left).toEqual([]);
  });
});
