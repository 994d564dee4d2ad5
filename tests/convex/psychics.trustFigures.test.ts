// The home page's figures (psychics:getTrustFigures): real data only, from counters the triggers keep as
// profiles are listed, hidden, suspended and reviewed.
import { describe, expect, it } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import { averageOfStars } from "../../convex/model/psychics";
import { insertPsychic } from "./fixtures/psychics";
import { measureReads } from "./fixtures/readsMeter";
import { runWithTriggers, setupTest } from "./setup";

describe("the home page's trust figures", () => {
  it("count only listed psychics, read the stored consultations counter and average the listed psychics' reviews", async () => {
    const t = setupTest();
    await runWithTriggers(t, async (ctx) => {
      await insertPsychic(ctx, { psychicName: "Cinque", rating: 5, reviewCount: 3, ratingSum: 15 });
      await insertPsychic(ctx, { psychicName: "Quattro", rating: 4, reviewCount: 1, ratingSum: 4 });
      await insertPsychic(ctx, { psychicName: "Nuova" });
      await insertPsychic(ctx, { psychicName: "Nascosta", isPubliclyVisible: false, rating: 1, reviewCount: 10, ratingSum: 10 });
      await insertPsychic(ctx, { psychicName: "In attesa", profileStatus: "pending", rating: 1, reviewCount: 10, ratingSum: 10 });
      await insertPsychic(ctx, { psychicName: "Sospesa", suspendedAt: Date.now(), rating: 1, reviewCount: 10, ratingSum: 10 });
      await ctx.db.insert("platformFigures", { metric: "consultations", period: "all", value: 42 });
      await ctx.db.insert("platformFigures", { metric: "consultations", period: "2026-11", value: 7 });
    });
    expect(await t.query(api.psychics.getTrustFigures, {})).toEqual({
      verifiedPsychics: 3,
      paidConsultations: 42,
      averageRating: 4.8,
      reviewCount: 4,
    });
  });

  it("count as 'verificati' only listed psychics whose verification call passed, following the call as it is recorded", async () => {
    const t = setupTest();
    const unverified = await runWithTriggers(t, async (ctx) => {
      await insertPsychic(ctx, { psychicName: "Verificata" });
      return (await insertPsychic(ctx, { psychicName: "Senza verifica", verificationCallCompleted: false })).profileId;
    });
    const verified = async () => (await t.query(api.psychics.getTrustFigures, {})).verifiedPsychics;
    expect(await verified()).toBe(1);
    await runWithTriggers(t, (ctx) => ctx.db.patch("psychicProfiles", unverified, { verificationCallCompleted: true }));
    expect(await verified()).toBe(2);
    expect((await t.mutation(internal.admin.recountFigures, {})).changed).toBe(0);
  });

  it("show zeros and no average on an empty platform, never made-up figures", async () => {
    const t = setupTest();
    expect(await t.query(api.psychics.getTrustFigures, {})).toEqual({
      verifiedPsychics: 0,
      paidConsultations: 0,
      averageRating: null,
      reviewCount: 0,
    });
  });

  it("follow a profile hidden, suspended, reviewed or approved (the property test checks them against the recount)", async () => {
    const t = setupTest();
    const [shown, other] = await runWithTriggers(t, async (ctx) => [
      (await insertPsychic(ctx, { psychicName: "Cinque", rating: 5, reviewCount: 3, ratingSum: 15 })).profileId,
      (await insertPsychic(ctx, { psychicName: "In attesa", profileStatus: "pending", rating: 2, reviewCount: 2, ratingSum: 4 })).profileId,
    ]);
    const figures = async () => {
      const { verifiedPsychics, averageRating, reviewCount } = await t.query(api.psychics.getTrustFigures, {});
      return { verifiedPsychics, averageRating, reviewCount };
    };
    expect(await figures()).toEqual({ verifiedPsychics: 1, averageRating: 5, reviewCount: 3 });
    await runWithTriggers(t, (ctx) => ctx.db.patch("psychicProfiles", other, { profileStatus: "approved" }));
    expect(await figures()).toEqual({ verifiedPsychics: 2, averageRating: 3.8, reviewCount: 5 });
    await runWithTriggers(t, (ctx) => ctx.db.patch("psychicProfiles", shown, { suspendedAt: Date.now() }));
    expect(await figures()).toEqual({ verifiedPsychics: 1, averageRating: 2, reviewCount: 2 });
    await runWithTriggers(t, (ctx) => ctx.db.patch("psychicProfiles", shown, { suspendedAt: undefined, isPubliclyVisible: false }));
    expect(await figures()).toEqual({ verifiedPsychics: 1, averageRating: 2, reviewCount: 2 });
    await runWithTriggers(t, (ctx) => ctx.db.patch("psychicProfiles", other, { reviewCount: 3, ratingSum: 9, rating: 3 }));
    expect(await figures()).toEqual({ verifiedPsychics: 1, averageRating: 3, reviewCount: 3 });
  });

  it("read four rows, however many psychics are listed", async () => {
    const t = setupTest();
    await runWithTriggers(t, async (ctx) => {
      for (let index = 0; index < 250; index++) await insertPsychic(ctx, { psychicName: `Lettrice ${index}`, rating: 4, reviewCount: 1, ratingSum: 4 });
    });
    const { result, reads } = await measureReads(() => t.query(api.psychics.getTrustFigures, {}));
    expect(result).toMatchObject({ verifiedPsychics: 250, averageRating: 4, reviewCount: 250 });
    expect(reads.documentsRead).toBeLessThanOrEqual(4);
  });

  it("average the listed psychics' stars over their reviews, to one decimal", () => {
    expect(averageOfStars(19, 4)).toBe(4.8);
    expect(averageOfStars(0, 0)).toBeNull();
  });
});
