import { describe, expect, it } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { weekFrom } from "../../convex/demo/data";
import { romeToUtcMs } from "../../convex/framework/time";
import { durationPriceCents, startingPrice } from "../../convex/model/psychics";
import { insertPsychic, type PsychicProfileFields } from "./fixtures/psychics";
import { setupTest, type TestConvex } from "./setup";

async function insertProfile(t: TestConvex, fields: PsychicProfileFields = {}): Promise<Id<"psychicProfiles">> {
  return (await t.run((ctx) => insertPsychic(ctx, fields))).profileId;
}

describe("featured psychics", () => {
  it("lists only profiles that are public AND approved, best rated first, at most three", async () => {
    const t = setupTest();
    await insertProfile(t, { psychicName: "Bozza", profileStatus: "draft" });
    await insertProfile(t, { psychicName: "Nascosta", isPubliclyVisible: false, rating: 5 });
    await insertProfile(t, { psychicName: "In attesa", profileStatus: "pending", rating: 5 });
    await insertProfile(t, { psychicName: "Nuova" });
    await insertProfile(t, { psychicName: "Tre", rating: 3 });
    await insertProfile(t, { psychicName: "Cinque", rating: 4.9 });
    await insertProfile(t, { psychicName: "Quattro", rating: 4.2 });

    const featured = await t.query(api.psychics.listFeatured, {});
    expect(featured.map((card) => card.psychicName)).toEqual(["Cinque", "Quattro", "Tre"]);
  });

  it("shows a psychic with no reviews with no rating, never a made-up one", async () => {
    const t = setupTest();
    await insertProfile(t, { psychicName: "Nuova" });
    const [card] = await t.query(api.psychics.listFeatured, {});
    expect(card).toMatchObject({ psychicName: "Nuova", rating: null, reviewCount: 0 });
  });

  it("calls a psychic verified only when a passed verification call is on record", async () => {
    const t = setupTest();
    await insertProfile(t, { psychicName: "Con chiamata", rating: 5, verificationCallCompleted: true });
    await insertProfile(t, { psychicName: "Senza chiamata", rating: 4, verificationCallCompleted: false });
    const cards = await t.query(api.psychics.listFeatured, {});
    expect(cards.map(({ psychicName, verified }) => ({ psychicName, verified }))).toEqual([
      { psychicName: "Con chiamata", verified: true },
      { psychicName: "Senza chiamata", verified: false },
    ]);
  });

  it("is empty when no psychic is public and approved", async () => {
    const t = setupTest();
    await insertProfile(t, { profileStatus: "rejected" });
    expect(await t.query(api.psychics.listFeatured, {})).toEqual([]);
  });
});

describe("starting prices on cards", () => {
  it("takes the lowest price among offered durations and the shortest duration", () => {
    expect(
      startingPrice({ pricesCents: { "15": 2500, "30": 2000, "60": 7000 }, hourlyRateCents: 5000, availableDurations: [15, 30, 60] }),
    ).toEqual({ minPriceCents: 2000, minDurationMinutes: 15 });
  });

  it("ignores prices of durations the psychic does not offer", () => {
    expect(
      startingPrice({ pricesCents: { "15": 500, "30": 4000 }, hourlyRateCents: 5000, availableDurations: [30] }),
    ).toEqual({ minPriceCents: 4000, minDurationMinutes: 30 });
  });

  it("falls back to the hourly rate pro rata when a duration has no price", () => {
    expect(durationPriceCents({ pricesCents: {}, hourlyRateCents: 5000 }, 30)).toBe(2500);
  });
});

describe("the public list finds a good psychic free soon", () => {
  // Monday 23 November 2026, 08:00 in Rome.
  const MONDAY_8AM = romeToUtcMs("2026-11-23", "08:00");
  const halfHour = (time: string) => ({ startsAt: romeToUtcMs("2026-11-23", time), endsAt: romeToUtcMs("2026-11-23", time) + 30 * 60_000 });

  async function world() {
    const t = setupTest();
    await t.run((ctx) =>
      insertPsychic(ctx, { psychicName: "Oggi", rating: 4, reviewCount: 2, specializations: ["Denaro e Finanze"], availability: weekFrom({ monday: ["10:00"] }), pricesCents: { "30": 6000 } }),
    );
    // Works today, but today's one half hour is booked: not 'Disponibile' today, free next Monday.
    const piena = await t.run((ctx) =>
      insertPsychic(ctx, { psychicName: "Piena", rating: 5, reviewCount: 9, specializations: ["Amore e Relazioni"], availability: weekFrom({ monday: ["11:00"] }), pricesCents: { "30": 3000 } }),
    );
    await t.run(async (ctx) => {
      const clientId = await ctx.db.insert("users", { email: "c@esempio.it", accountType: "client" });
      await ctx.db.insert("bookings", {
        clientId,
        psychicUserId: piena.userId,
        psychicProfileId: piena.profileId,
        psychicName: "Piena",
        consultationType: "voice",
        scheduledDate: "2026-11-23",
        scheduledTime: "11:00",
        ...halfHour("11:00"),
        durationMinutes: 30,
        priceCents: 3000,
        status: "confirmed",
      });
      // Tuesday only: free tomorrow.
      await insertPsychic(ctx, { psychicName: "Domani", rating: 3, reviewCount: 1, specializations: ["Carriera e Lavoro"], availability: weekFrom({ tuesday: ["10:00"] }), pricesCents: { "30": 4000 } });
    });
    return t;
  }

  it("says each card's first free time and 'free today' only when a time is free today in Rome", async () => {
    const t = await world();
    const { psychics } = await t.query(internal.psychics.listPublic, { now: MONDAY_8AM });
    const byName = Object.fromEntries(psychics.map((card) => [card.psychicName, card]));
    expect(byName.Oggi).toMatchObject({ firstFree: { date: "2026-11-23", time: "10:00" }, freeToday: true });
    expect(byName.Piena).toMatchObject({ firstFree: { date: "2026-11-30", time: "11:00" }, freeToday: false });
    expect(byName.Domani).toMatchObject({ firstFree: { date: "2026-11-24", time: "10:00" }, freeToday: false });
  });

  it("'Disponibili oggi' keeps only those free today; the orders sort by soonest free time and by price", async () => {
    const t = await world();
    const names = async (args: { availableToday?: boolean; order?: "rating" | "soonest" | "price" }) =>
      (await t.query(internal.psychics.listPublic, { now: MONDAY_8AM, ...args })).psychics.map((card) => card.psychicName);
    expect(await names({})).toEqual(["Piena", "Oggi", "Domani"]);
    expect(await names({ availableToday: true })).toEqual(["Oggi"]);
    expect(await names({ order: "soonest" })).toEqual(["Oggi", "Domani", "Piena"]);
    expect(await names({ order: "price" })).toEqual(["Piena", "Domani", "Oggi"]);
  });

  it("'soldi' finds the psychic of Denaro e Finanze and says so; a bio word finds nobody", async () => {
    const t = await world();
    const found = await t.query(internal.psychics.listPublic, { search: "Soldi" });
    expect(found.psychics.map((card) => [card.psychicName, card.matchedTopic])).toEqual([["Oggi", "Denaro e Finanze"]]);
    expect((await t.query(internal.psychics.listPublic, { search: "bio" })).psychics).toEqual([]);
    expect((await t.query(internal.psychics.listPublic, { search: "oggi" })).psychics[0].matchedTopic).toBeNull();
  });

  it("an empty result suggests the nearest topics some listed psychic covers", async () => {
    const t = await world();
    const none = await t.query(internal.psychics.listPublic, { search: "sodli", specialty: "Rune" });
    expect(none.psychics).toEqual([]);
    expect(none.suggestedTopics).toEqual(["Denaro e Finanze"]);
    expect((await t.query(internal.psychics.listPublic, { search: "salute" })).suggestedTopics).toEqual([
      "Amore e Relazioni",
      "Carriera e Lavoro",
      "Denaro e Finanze",
    ]);
    expect((await t.query(internal.psychics.listPublic, {})).suggestedTopics).toEqual([]);
  });

  it("without the page's clock there are no free times, and asking for them is refused", async () => {
    const t = await world();
    const { psychics } = await t.query(internal.psychics.listPublic, {});
    expect(psychics[0].firstFree).toBeUndefined();
    await expect(t.query(internal.psychics.listPublic, { availableToday: true })).rejects.toThrow(/INVALID_INPUT/);
    await expect(t.query(internal.psychics.listPublic, { order: "soonest" })).rejects.toThrow(/INVALID_INPUT/);
  });
});
