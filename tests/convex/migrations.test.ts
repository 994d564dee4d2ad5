// Conversions of documents stored under an older shape (convex/migrations.ts).
import { describe, expect, it } from "vitest";
import { internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { weekFrom } from "../../convex/demo/data";
import type { DurationMinutes } from "../../convex/framework/validators";
import { utcMsToRome } from "../../convex/framework/time";
import { addDays } from "../../convex/model/nextAvailability";
import { insertPsychic } from "./fixtures/psychics";
import { setupTest, signInAs, type TestConvex } from "./setup";

/** A profile as stored before hourly rates were cents: whole euros, no cents. */
async function profileInEuros(t: TestConvex, euros: number, fields: { pricesCents?: Record<string, number> } = {}) {
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
    const profileId = await profileInEuros(t, 55, { pricesCents: {} });
    const card = async () => (await t.query(internal.psychics.listPublic, {})).psychics.find((psychic) => psychic.id === profileId);
    const before = await card();
    expect(before).toMatchObject({ minPriceCents: 2800, minDurationMinutes: 30 });
    await t.mutation(internal.migrations.hourlyRatesToCents, {});
    expect(await card()).toEqual(before);
  });
});

/** A profile as stored before prices were cents: each length's price in whole euros under `pricing`. */
async function pricesInEuros(t: TestConvex, pricing: Record<string, number>, fields: { hourlyRateCents?: number } = {}) {
  return t.run(async (ctx) => {
    const availableDurations = Object.keys(pricing).map(Number) as DurationMinutes[];
    const { profileId } = await insertPsychic(ctx, { availableDurations, ...fields });
    await ctx.db.patch("psychicProfiles", profileId, { pricesCents: undefined, pricing });
    return profileId;
  });
}

const pricesOf = (t: TestConvex, profileId: Id<"psychicProfiles">) =>
  t.run(async (ctx) => {
    const { pricesCents, pricing } = (await ctx.db.get("psychicProfiles", profileId))!;
    return { pricesCents, pricing };
  });

describe("prices of each length to cents", () => {
  it("converts a profile holding whole euros to exactly euros × 100 cents and drops the old field", async () => {
    const t = setupTest();
    const selene = await pricesInEuros(t, { "15": 20, "30": 35, "60": 65 });
    const odd = await pricesInEuros(t, { "15": 18, "45": 45 });
    const converted = await t.run(async (ctx) => (await insertPsychic(ctx, { pricesCents: { "30": 4000 } })).profileId);
    expect(await t.query(internal.migrations.pricesInEuros, {})).toBe(true);

    const answer = await t.mutation(internal.migrations.pricesToCents, {});
    expect(answer).toMatchObject({ converted: 2, isDone: true });
    expect(await pricesOf(t, selene)).toEqual({ pricesCents: { "15": 2000, "30": 3500, "60": 6500 }, pricing: undefined });
    expect(await pricesOf(t, odd)).toEqual({ pricesCents: { "15": 1800, "45": 4500 }, pricing: undefined });
    expect(await pricesOf(t, converted)).toEqual({ pricesCents: { "30": 4000 }, pricing: undefined });
    expect(await t.query(internal.migrations.pricesInEuros, {})).toBe(false);
  });

  it("run again changes nothing", async () => {
    const t = setupTest();
    const profileId = await pricesInEuros(t, { "30": 45 });
    await t.mutation(internal.migrations.pricesToCents, {});
    const once = await t.run(async (ctx) => ctx.db.get("psychicProfiles", profileId));
    expect(await t.mutation(internal.migrations.pricesToCents, {})).toMatchObject({ converted: 0, isDone: true });
    expect(await t.run(async (ctx) => ctx.db.get("psychicProfiles", profileId))).toEqual(once);
  });

  it("goes a page at a time: following the cursor converts every profile", async () => {
    const t = setupTest();
    const ids: Array<Id<"psychicProfiles">> = [];
    for (let index = 0; index < 120; index++) ids.push(await pricesInEuros(t, { "30": 40 }));
    let page = await t.mutation(internal.migrations.pricesToCents, {});
    let converted = page.converted;
    expect(page.isDone).toBe(false);
    while (!page.isDone) {
      page = await t.mutation(internal.migrations.pricesToCents, { cursor: page.continueCursor });
      converted += page.converted;
    }
    expect(converted).toBe(120);
    for (const id of ids) expect((await pricesOf(t, id)).pricesCents).toEqual({ "30": 4000 });
  });

  it("a booking costs the same before and after, for every psychic and length, the hourly rate's fallback included", async () => {
    const t = setupTest();
    const hours = ["10:00", "10:30", "11:00", "11:30", "12:00", "12:30"];
    const everyDay = weekFrom(Object.fromEntries(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((day) => [day, hours])));
    const psychics = [
      await pricesInEuros(t, { "15": 20, "30": 35, "60": 65 }),
      await pricesInEuros(t, { "30": 40, "45": 55 }),
      await pricesInEuros(t, { "15": 15, "30": 28, "45": 40 }),
    ];
    // No price kept for 45 minutes: it is priced from the hourly rate (55 €), as before the conversion.
    await t.run(async (ctx) => {
      for (const profileId of psychics) await ctx.db.patch("psychicProfiles", profileId, { availability: everyDay });
      await ctx.db.patch("psychicProfiles", psychics[0], { availableDurations: [15, 30, 45, 60], hourlyRateCents: 5500 });
    });
    const tomorrow = addDays(utcMsToRome(Date.now()).date, 1);
    const bookingPrices = async (time: string, clientName: string) => {
      const prices: number[] = [];
      for (const [index, profileId] of psychics.entries()) {
        const profile = (await t.run((ctx) => ctx.db.get("psychicProfiles", profileId)))!;
        for (const [day, durationMinutes] of profile.availableDurations.entries()) {
          // A client of their own for each hold, so no limit on holds stands in the way.
          const client = await signInAs(t, { email: `${clientName}${index}.${day}@esempio.it`, name: `Cliente ${index}`, accountType: "client" });
          const hold = await t.mutation(internal.payments.createHold, {
            clientId: client.userId,
            psychicProfileId: profileId,
            durationMinutes,
            date: addDays(tomorrow, day),
            time,
            consent: true,
          });
          prices.push(hold.priceCents);
        }
      }
      return prices;
    };
    const before = await bookingPrices("10:00", "prima");
    expect(before).toEqual([2000, 3500, 4100, 6500, 4000, 5500, 1500, 2800, 4000]);
    await t.mutation(internal.migrations.pricesToCents, {});
    expect(await t.query(internal.migrations.pricesInEuros, {})).toBe(false);
    expect(await bookingPrices("12:00", "dopo")).toEqual(before);
  });
});
