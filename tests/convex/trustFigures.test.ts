// The home page's figures (psychics:getTrustFigures): real data only, from stored counters and the listed profiles.
import { describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import { averageRatingOf } from "../../convex/model/psychics";
import { insertPsychic } from "./fixtures/psychics";
import { setupTest } from "./setup";

describe("the home page's trust figures", () => {
  it("count only listed psychics, read the stored consultations counter and average the listed psychics' reviews", async () => {
    const t = setupTest();
    await t.run(async (ctx) => {
      await insertPsychic(ctx, { psychicName: "Cinque", rating: 5, reviewCount: 3, ratingSum: 15 });
      await insertPsychic(ctx, { psychicName: "Quattro", rating: 4, reviewCount: 1, ratingSum: 4 });
      await insertPsychic(ctx, { psychicName: "Nuova" });
      await insertPsychic(ctx, { psychicName: "Nascosta", isPubliclyVisible: false, rating: 1, reviewCount: 10, ratingSum: 10 });
      await insertPsychic(ctx, { psychicName: "In attesa", profileStatus: "pending", rating: 1, reviewCount: 10, ratingSum: 10 });
      await insertPsychic(ctx, { psychicName: "Sospesa", suspendedAt: Date.now(), rating: 1, reviewCount: 10, ratingSum: 10 });
      await ctx.db.insert("platformCounters", { metric: "consultations", period: "all", value: 42 });
      await ctx.db.insert("platformCounters", { metric: "consultations", period: "2026-11", value: 7 });
    });
    expect(await t.query(api.psychics.getTrustFigures, {})).toEqual({
      listedPsychics: 3,
      paidConsultations: 42,
      averageRating: 4.8,
      reviewCount: 4,
    });
  });

  it("show zeros and no average on an empty platform, never made-up figures", async () => {
    const t = setupTest();
    expect(await t.query(api.psychics.getTrustFigures, {})).toEqual({
      listedPsychics: 0,
      paidConsultations: 0,
      averageRating: null,
      reviewCount: 0,
    });
  });

  it("weigh each psychic by their reviews, reading the stored sum of stars", () => {
    expect(
      averageRatingOf([
        { rating: 4.5, reviewCount: 2, ratingSum: 9 },
        { rating: 3, reviewCount: 1 },
      ]),
    ).toEqual({ averageRating: 4, reviewCount: 3 });
    expect(averageRatingOf([{ reviewCount: 0 }])).toEqual({ averageRating: null, reviewCount: 0 });
  });
});
