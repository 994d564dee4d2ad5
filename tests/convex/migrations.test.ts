// Conversions of documents stored under an older shape (convex/migrations.ts).
import { describe, expect, it } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { insertPsychic } from "./fixtures/psychics";
import { setupTest, type TestConvex } from "./setup";

/** A profile as stored before hourly rates were cents: whole euros, no cents. */
async function profileInEuros(t: TestConvex, euros: number, fields: { pricing?: Record<string, number> } = {}) {
  return t.run(async (ctx) => {
    const { profileId } = await insertPsychic(ctx, fields);
    await ctx.db.patch("psychicProfiles", profileId, { hourlyRateCents: undefined, hourlyRateEuros: euros });
    return profileId;
  });
}

const rateOf = (t: TestConvex, profileId: Id<"psychicProfiles">) =>
  t.run(async (ctx) => {
    const { hourlyRateCents, hourlyRateEuros } = (await ctx.db.get("psychicProfiles", profileId))!;
    return { hourlyRateCents, hourlyRateEuros };
  });

describe("hourly rates to cents", () => {
  it("converts a profile holding whole euros to exactly euros × 100 cents and drops the old field", async () => {
    const t = setupTest();
    const fifty = await profileInEuros(t, 50);
    const odd = await profileInEuros(t, 37);
    const converted = await t.run(async (ctx) => (await insertPsychic(ctx, { hourlyRateCents: 8000 })).profileId);
    expect(await t.query(internal.migrations.hourlyRatesInEuros, {})).toBe(true);

    const answer = await t.mutation(internal.migrations.hourlyRatesToCents, {});
    expect(answer).toMatchObject({ converted: 2, isDone: true });
    expect(await rateOf(t, fifty)).toEqual({ hourlyRateCents: 5000, hourlyRateEuros: undefined });
    expect(await rateOf(t, odd)).toEqual({ hourlyRateCents: 3700, hourlyRateEuros: undefined });
    expect(await rateOf(t, converted)).toEqual({ hourlyRateCents: 8000, hourlyRateEuros: undefined });
    expect(Number.isInteger((await rateOf(t, odd)).hourlyRateCents)).toBe(true);
    expect(await t.query(internal.migrations.hourlyRatesInEuros, {})).toBe(false);
  });

  it("run again changes nothing", async () => {
    const t = setupTest();
    const profileId = await profileInEuros(t, 45);
    await t.mutation(internal.migrations.hourlyRatesToCents, {});
    const once = await t.run(async (ctx) => ctx.db.get("psychicProfiles", profileId));
    expect(await t.mutation(internal.migrations.hourlyRatesToCents, {})).toMatchObject({ converted: 0, isDone: true });
    expect(await t.run(async (ctx) => ctx.db.get("psychicProfiles", profileId))).toEqual(once);
  });

  it("goes a page at a time: following the cursor converts every profile", async () => {
    const t = setupTest();
    const ids: Array<Id<"psychicProfiles">> = [];
    for (let index = 0; index < 120; index++) ids.push(await profileInEuros(t, 40));
    let page = await t.mutation(internal.migrations.hourlyRatesToCents, {});
    let converted = page.converted;
    expect(page.isDone).toBe(false);
    while (!page.isDone) {
      page = await t.mutation(internal.migrations.hourlyRatesToCents, { cursor: page.continueCursor });
      converted += page.converted;
    }
    expect(converted).toBe(120);
    for (const id of ids) expect((await rateOf(t, id)).hourlyRateCents).toBe(4000);
  });

  it("prices stay the same before and after: the public card of a profile without a price for its duration", async () => {
    const t = setupTest();
    // No price for the 30 minutes offered, so the card's price comes from the hourly rate.
    const profileId = await profileInEuros(t, 55, { pricing: {} });
    const card = async () => (await t.query(api.psychics.listPublic, {})).psychics.find((psychic) => psychic.id === profileId);
    const before = await card();
    expect(before).toMatchObject({ minPriceCents: 2800, minDurationMinutes: 30 });
    await t.mutation(internal.migrations.hourlyRatesToCents, {});
    expect(await card()).toEqual(before);
  });
});
