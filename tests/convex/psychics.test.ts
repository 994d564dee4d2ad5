import { describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { priceFor, startingPrice } from "../../convex/model/psychics";
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

  it("is empty when no psychic is public and approved", async () => {
    const t = setupTest();
    await insertProfile(t, { profileStatus: "rejected" });
    expect(await t.query(api.psychics.listFeatured, {})).toEqual([]);
  });
});

describe("starting prices on cards", () => {
  it("takes the lowest price among offered durations and the shortest duration", () => {
    expect(
      startingPrice({ pricing: { "15": 25, "30": 20, "60": 70 }, hourlyRateEuros: 50, availableDurations: [15, 30, 60] }),
    ).toEqual({ minPriceEuros: 20, minDurationMinutes: 15 });
  });

  it("ignores prices of durations the psychic does not offer", () => {
    expect(
      startingPrice({ pricing: { "15": 5, "30": 40 }, hourlyRateEuros: 50, availableDurations: [30] }),
    ).toEqual({ minPriceEuros: 40, minDurationMinutes: 30 });
  });

  it("falls back to the hourly rate pro rata when a duration has no price", () => {
    expect(priceFor({ pricing: {}, hourlyRateEuros: 50 }, 30)).toBe(25);
  });
});
