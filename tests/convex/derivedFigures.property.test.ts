// The derived figures (platform counters, booking totals, a psychic's months, the profile's totals and
// rating) kept by the triggers equal the recount from the records after any sequence of the product's
// real mutations. Each seed is one random, reproducible sequence (fixtures/marketplaceRun.ts), whose
// steps a failure prints: `npx vitest run tests/convex/derivedFigures.property.test.ts -t "\(seed 17\)"`
// replays one (FIGURES_LOG=1 prints the steps of passing ones too, FIGURES_STEPS=n makes them longer, FIGURES_SEQUENCES=n runs n seeds).
import { describe, expect, it, vi } from "vitest";
import { internal } from "../../convex/_generated/api";
import { recount } from "../../convex/model/figureContributions";
import { setupTest, useStripeStandIn, type TestConvex } from "./setup";
import { seededRandom, startRun, step } from "./fixtures/marketplaceRun";

useStripeStandIn();

// 80 seeds in `npm test` (about 20 s of CPU); FIGURES_SEQUENCES=200 or more for a deeper search.
const SEQUENCES = Number(process.env.FIGURES_SEQUENCES ?? 80);
const STEPS = Number(process.env.FIGURES_STEPS ?? 28);

// Starts near the edges the figures care about: a month, the year, and both summer-time changes in Rome.
const STARTS = ["2026-03-28T20:00:00Z", "2026-10-24T20:00:00Z", "2026-12-30T20:00:00Z", "2026-06-14T08:00:00Z"].map(Date.parse);

const byKey = <T>(entries: Iterable<[string, T]>) => Object.fromEntries([...entries].sort(([a], [b]) => a.localeCompare(b)));

/** The figures as stored, and as the recount makes them from the records, in the same shape. */
function storedAndRecounted(t: TestConvex) {
  return t.run(async (ctx) => {
    const psychicProfiles = await ctx.db.query("psychicProfiles").collect();
    const expected = recount({
      users: await ctx.db.query("users").collect(),
      bookings: await ctx.db.query("bookings").collect(),
      contactMessages: await ctx.db.query("contactMessages").collect(),
      reviews: await ctx.db.query("reviews").collect(),
      psychicProfiles,
    });
    const stored = {
      platform: byKey((await ctx.db.query("platformFigures").collect()).map((row) => [`${row.metric}|${row.period}`, row.value])),
      people: byKey(
        (await ctx.db.query("personFigures").collect()).map(({ userId, bookings, amountCents, lastBookingStartsAt }) => [
          userId,
          { bookings, amountCents, lastBookingStartsAt },
        ]),
      ),
      months: byKey(
        (await ctx.db.query("psychicMonthFigures").collect()).map(({ psychicProfileId, monthYear, _id, _creationTime, ...fields }) => [
          `${psychicProfileId}|${monthYear}`,
          fields,
        ]),
      ),
      profiles: byKey(
        psychicProfiles.map(({ _id, totalConsultations, reviewCount, ratingSum, rating }) => [
          _id,
          { totalConsultations, reviewCount, ratingSum, rating },
        ]),
      ),
      psychicFigureSums: byKey(
        (await ctx.db.query("psychicFigures").collect()).map(({ psychicProfileId, _id, _creationTime, ...sums }) => [psychicProfileId, sums]),
      ),
      cancellationDays: byKey(
        (await ctx.db.query("psychicCancellationDays").collect()).map((row) => [`${row.psychicProfileId}|${row.day}`, row.cancellations]),
      ),
    };
    const recounted = {
      platform: byKey(expected.platform),
      people: byKey(expected.people),
      months: byKey(expected.months),
      profiles: byKey(expected.profiles),
      psychicFigureSums: byKey(expected.psychicFigureSums),
      cancellationDays: byKey(expected.cancellationDays),
    };
    return { stored, recounted };
  });
}

describe("the derived figures", () => {
  it.each(Array.from({ length: SEQUENCES }, (_, seed) => seed + 1))(
    "equal the recount after a random sequence of real mutations (seed %i)",
    async (seed) => {
      vi.setSystemTime(seededRandom(seed).pick(STARTS) + seed * 7 * 60_000);
      const t = setupTest();
      const run = await startRun(t, seed);
      for (let i = 0; i < STEPS; i++) await step(run);
      const steps = `seed ${seed}, steps:\n${run.log.join("\n")}`;
      if (process.env.FIGURES_LOG) console.log(steps);
      const afterSteps = await storedAndRecounted(t);
      expect(afterSteps.stored, steps).toEqual(afterSteps.recounted);
      // The jobs still due (refunds, settling) run too; the figures still agree, and the rebuild finds nothing to change.
      await t.finishAllScheduledFunctions(vi.runAllTimers);
      const atEnd = await storedAndRecounted(t);
      expect(atEnd.stored, steps).toEqual(atEnd.recounted);
      expect((await t.mutation(internal.admin.recountFigures, {})).changed, steps).toBe(0);
    },
  );
});
