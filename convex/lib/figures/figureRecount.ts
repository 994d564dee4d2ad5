// Rebuilding every derived figure from the records (model/figureContributions.ts has the rules): the
// platform's counters, the people's booking totals, the psychics' months and their profiles' totals
// and ratings. For the backfill after deploying the triggers onto existing data, and to check them.
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { ALL_TIME, counterKey, type CounterMetric } from "../../model/counters";
import { recount } from "../../model/figureContributions";
import { rebuildPersonFigures } from "./figureRows";
import { rebuildDac7Figures } from "../money/dac7Figures";
import { rebuildMoneyFigures } from "../money/moneyFigures";
import { rebuildPayoutDebts } from "../money/payoutDebts";
import { rebuildPsychicFigures } from "./psychicFigures";

/** Whether a stored row already holds `fields` (a field left out and one set to undefined are alike). */
function holds(row: Record<string, unknown>, fields: Record<string, unknown>): boolean {
  return Object.entries(fields).every(([field, value]) => row[field] === value);
}

/**
 * Replaces every derived figure with a recount, in one transaction, and says how many stored rows
 * differed. Reads every account, booking, review and message: fine for a marketplace of some thousands
 * of each; larger data needs the recount split in batches.
 */
export async function rebuildFigures(ctx: MutationCtx): Promise<{ counters: number; people: number; changed: number }> {
  const psychicProfiles = await ctx.db.query("psychicProfiles").collect();
  const figures = recount({
    users: await ctx.db.query("users").collect(),
    bookings: await ctx.db.query("bookings").collect(),
    contactMessages: await ctx.db.query("contactMessages").collect(),
    reviews: await ctx.db.query("reviews").collect(),
    psychicProfiles,
  });
  let changed = 0;

  const counters = await ctx.db.query("platformFigures").collect();
  // A row under the legacy metric "readers" (model/counterMetrics.ts) has no recount, so it goes.
  for (const row of counters) {
    const key = counterKey(row.metric, row.period);
    const value = figures.platform.get(key);
    figures.platform.delete(key);
    if ((value ?? 0) !== row.value) changed++;
    if (value === undefined) await ctx.db.delete("platformFigures", row._id);
    else if (value !== row.value) await ctx.db.patch("platformFigures", row._id, { value });
  }
  for (const [key, value] of figures.platform) {
    const [metric, period] = key.split("|") as [CounterMetric, string];
    await ctx.db.insert("platformFigures", { metric, period: period ?? ALL_TIME, value });
    changed++;
  }

  changed += await rebuildPersonFigures(ctx, figures.people, holds);

  for (const row of await ctx.db.query("psychicMonthFigures").collect()) {
    const key = `${row.psychicProfileId}|${row.monthYear}`;
    const fields = figures.months.get(key);
    figures.months.delete(key);
    if (fields !== undefined && holds(row, fields)) continue;
    changed++;
    if (fields === undefined) await ctx.db.delete("psychicMonthFigures", row._id);
    else await ctx.db.patch("psychicMonthFigures", row._id, fields);
  }
  for (const [key, fields] of figures.months) {
    const [psychicProfileId, monthYear] = key.split("|");
    await ctx.db.insert("psychicMonthFigures", { psychicProfileId: psychicProfileId as Id<"psychicProfiles">, monthYear, ...fields });
    changed++;
  }

  for (const profile of psychicProfiles) {
    const fields = figures.profiles.get(profile._id)!;
    if (holds(profile, fields)) continue;
    await ctx.db.patch("psychicProfiles", profile._id, fields);
    changed++;
  }

  changed += await rebuildPsychicFigures(ctx, figures.psychicFigureSums, figures.cancellationDays);
  changed += await rebuildMoneyFigures(ctx);
  changed += await rebuildDac7Figures(ctx);
  changed += await rebuildPayoutDebts(ctx);

  const people = (await ctx.db.query("personFigures").collect()).length;
  return { counters: counters.length, people, changed };
}
