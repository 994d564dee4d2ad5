// demoScale:fill, the catalogue's many psychics for benches and tests: the n-th always the same, every one
// listed as a published profile would be (a valid price for each length, an address, the public counters),
// and filling again to the same count adds nothing.
import { describe, expect, it } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import { scaledPsychic } from "../../convex/demo/scale";
import { isValidPriceCents } from "../../convex/model/profileRules";
import { setupTest } from "./setup";

describe("scaled demo psychics", () => {
  it("are the same for the same n, each with its own name and valid prices", () => {
    expect(scaledPsychic(7)).toEqual(scaledPsychic(7));
    const names = new Set(Array.from({ length: 500 }, (_, i) => scaledPsychic(i + 1).psychicName));
    expect(names.size).toBe(500);
    for (let n = 1; n <= 500; n++) {
      const psychic = scaledPsychic(n);
      for (const cents of [...Object.values(psychic.pricesCents), ...Object.values(psychic.chatPricesCents ?? {})]) expect(isValidPriceCents(cents)).toBe(true);
      expect(psychic.availableDurations.map(String)).toEqual(Object.keys(psychic.pricesCents));
      expect(Object.values(psychic.availability).some((day) => day.enabled)).toBe(true);
    }
  });

  it("fill to a count: listed in the catalogue, counted on the home page; again, nothing added", async () => {
    const t = setupTest();
    expect(await t.action(internal.demoScale.fill, { count: 150 })).toEqual({ added: 150 });
    const listed = await t.query(internal.psychics.listPublic, {});
    expect(listed.psychics.map((p) => p.psychicName)).toEqual(expect.arrayContaining([scaledPsychic(1).psychicName, scaledPsychic(150).psychicName]));
    const profiles = await t.run(async (ctx) => await ctx.db.query("psychicProfiles").collect());
    expect(profiles).toHaveLength(150);
    expect(profiles.every((profile) => typeof profile.slug === "string")).toBe(true);
    expect((await t.query(api.psychics.getTrustFigures, {})).verifiedPsychics).toBe(150);
    expect(await t.action(internal.demoScale.fill, { count: 150 })).toEqual({ added: 0 });
    expect(await t.action(internal.demoScale.fill, { count: 160 })).toEqual({ added: 10 });
    await expect(t.action(internal.demoScale.fill, { count: -1 })).rejects.toThrow("count: un intero da 0 a 50000");
  }, 60_000);

  it("insertBatch writes the missing ones of its range only", async () => {
    const t = setupTest();
    expect(await t.mutation(internal.demoScale.insertBatch, { from: 1, to: 3 })).toBe(3);
    expect(await t.mutation(internal.demoScale.insertBatch, { from: 2, to: 5 })).toBe(2);
    const names = (await t.run(async (ctx) => await ctx.db.query("psychicProfiles").collect())).map((profile) => profile.psychicName);
    expect(names.sort()).toEqual([1, 2, 3, 4, 5].map((n) => scaledPsychic(n).psychicName).sort());
  });
});
