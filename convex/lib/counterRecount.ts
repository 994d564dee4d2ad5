// Rebuilding every counter from the records (model/counters.ts has the rules), for the backfill
// after deploying the counters onto existing data, for the demo seed, and to check them.
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { ALL_TIME, counterKey, recount, type CounterMetric } from "../model/counters";

/**
 * Replaces the platform counters and every person's totals with a recount, in one transaction, and
 * says how many platform counters differed. Reads every account, booking and message: fine for a
 * marketplace of some thousands of each; larger data needs the recount split in batches.
 */
export async function rebuildCounters(ctx: MutationCtx): Promise<{ counters: number; people: number; changed: number }> {
  const accounts = await ctx.db.query("users").collect();
  const bookings = await ctx.db.query("bookings").collect();
  const messages = await ctx.db.query("contactMessages").collect();
  const { platform, people } = recount({ accounts, bookings, messageStatuses: messages.map((message) => message.status) });

  let changed = 0;
  const counters = await ctx.db.query("platformCounters").collect();
  for (const row of counters) {
    const key = counterKey(row.metric, row.period);
    if ((platform.get(key) ?? 0) !== row.value) changed++;
    if (platform.has(key)) await ctx.db.patch("platformCounters", row._id, { value: platform.get(key)! });
    else await ctx.db.delete("platformCounters", row._id);
    platform.delete(key);
  }
  for (const [key, value] of platform) {
    const [metric, period] = key.split("|") as [CounterMetric, string];
    await ctx.db.insert("platformCounters", { metric, period: period ?? ALL_TIME, value });
    changed++;
  }

  const existing = new Set<string>(accounts.map((account) => account._id));
  for (const row of await ctx.db.query("bookingTotals").collect()) await ctx.db.delete("bookingTotals", row._id);
  let peopleCount = 0;
  for (const [userId, totals] of people) {
    if (!existing.has(userId)) continue;
    await ctx.db.insert("bookingTotals", { userId: userId as Id<"users">, ...totals });
    peopleCount++;
  }
  return { counters: counters.length, people: peopleCount, changed };
}
