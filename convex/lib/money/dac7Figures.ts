// The DAC7 report's figures (adminPayouts.dac7Report), one row per psychic per year, kept by the triggers
// (lib/platform/triggers.ts) as shares are owed, transferred or taken back. DAC7 counts the consideration paid *or
// credited* to the seller, so every share counts, whether its transfer has gone out, waits for the payout
// account or was refused: per quarter of the Rome date it was credited (its due time, the consultation's end
// or when a cancelled one would have ended), the share less what was taken back, the fees withheld and the
// paid activities. A share withheld (the client got everything back) credits nothing and does not count.
// The report then reads one row per psychic credited in the year, not every share of the year.
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { quarterOf } from "../../model/fiscal";
import { romeDateOf } from "../../framework/time";

type Dac7Quarter = { considerationCents: number; feesCents: number; activities: number };
type Entry = { psychicUserId: Id<"users">; year: number; quarter: number; add: Dac7Quarter } | null;

const noQuarters = (): Dac7Quarter[] => [0, 1, 2, 3].map(() => ({ considerationCents: 0, feesCents: 0, activities: 0 }));

function entryOf(share: Doc<"psychicTransfers"> | null): Entry {
  if (share === null || share.state === "withheld") return null;
  const considerationCents = share.amountCents - (share.reversedCents ?? 0);
  if (considerationCents <= 0) return null;
  const date = romeDateOf(share.dueAt);
  return {
    psychicUserId: share.psychicUserId,
    year: Number(date.slice(0, 4)),
    quarter: quarterOf(date) - 1,
    add: { considerationCents, feesCents: share.commissionCents, activities: 1 },
  };
}

async function rowOf(ctx: QueryCtx, year: number, psychicUserId: Id<"users">) {
  return ctx.db
    .query("dac7Figures")
    .withIndex("by_year_psychic", (q) => q.eq("year", year).eq("psychicUserId", psychicUserId))
    .unique();
}

const sameQuarters = (a: Dac7Quarter[], b: Dac7Quarter[]) =>
  a.every((q, i) => q.considerationCents === b[i].considerationCents && q.feesCents === b[i].feesCents && q.activities === b[i].activities);

const isEmpty = (quarters: Dac7Quarter[]) => quarters.every((q) => q.considerationCents === 0 && q.feesCents === 0 && q.activities === 0);

async function add(ctx: MutationCtx, entry: NonNullable<Entry>, sign: 1 | -1) {
  const row = await rowOf(ctx, entry.year, entry.psychicUserId);
  const quarters = row === null ? noQuarters() : row.quarters.map((q) => ({ ...q }));
  const cell = quarters[entry.quarter];
  cell.considerationCents += sign * entry.add.considerationCents;
  cell.feesCents += sign * entry.add.feesCents;
  cell.activities += sign * entry.add.activities;
  if (isEmpty(quarters)) {
    if (row !== null) await ctx.db.delete("dac7Figures", row._id);
  } else if (row === null) await ctx.db.insert("dac7Figures", { year: entry.year, psychicUserId: entry.psychicUserId, quarters });
  else await ctx.db.patch("dac7Figures", row._id, { quarters });
}

export async function dac7ShareChanged(ctx: MutationCtx, before: Doc<"psychicTransfers"> | null, after: Doc<"psychicTransfers"> | null) {
  const [then, now] = [entryOf(before), entryOf(after)];
  if (then === null && now === null) return;
  // A share on its way (owed, then sent, then transferred) adds the same to the same quarter: nothing to write.
  if (then !== null && now !== null && JSON.stringify(then) === JSON.stringify(now)) return;
  if (then !== null) await add(ctx, then, -1);
  if (now !== null) await add(ctx, now, 1);
}

/** The year's rows: one per psychic credited in it. */
export async function dac7FiguresOf(ctx: QueryCtx, year: number) {
  return ctx.db
    .query("dac7Figures")
    .withIndex("by_year_psychic", (q) => q.eq("year", year))
    .collect();
}

/** Every year's rows recounted from the transfers (the backfill, and a check): how many rows differed. */
export async function rebuildDac7Figures(ctx: MutationCtx): Promise<number> {
  const expected = new Map<string, { year: number; psychicUserId: Id<"users">; quarters: Dac7Quarter[] }>();
  for (const share of await ctx.db.query("psychicTransfers").collect()) {
    const entry = entryOf(share);
    if (entry === null) continue;
    const key = `${entry.year}|${entry.psychicUserId}`;
    const row = expected.get(key) ?? { year: entry.year, psychicUserId: entry.psychicUserId, quarters: noQuarters() };
    const cell = row.quarters[entry.quarter];
    cell.considerationCents += entry.add.considerationCents;
    cell.feesCents += entry.add.feesCents;
    cell.activities += entry.add.activities;
    expected.set(key, row);
  }
  let changed = 0;
  for (const row of await ctx.db.query("dac7Figures").collect()) {
    const key = `${row.year}|${row.psychicUserId}`;
    const want = expected.get(key);
    expected.delete(key);
    if (want !== undefined && sameQuarters(want.quarters, row.quarters)) continue;
    changed++;
    if (want === undefined || isEmpty(want.quarters)) await ctx.db.delete("dac7Figures", row._id);
    else await ctx.db.patch("dac7Figures", row._id, { quarters: want.quarters });
  }
  for (const row of expected.values()) {
    if (isEmpty(row.quarters)) continue;
    await ctx.db.insert("dac7Figures", row);
    changed++;
  }
  return changed;
}
