// The psychic figures' rows (model/psychicFigures.ts has the rules): written only through the triggers
// (lib/figures/figureRows.ts `applyFigureChanges`), read by the profile and the list, rebuilt by the recount.
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import type { FigureChange } from "../../model/figureContributions";
import {
  CANCELLATION_WINDOW_DAYS,
  cancellationWindowStart,
  noPsychicFigureSums,
  psychicFiguresOf,
  storedPsychicFigureSums,
  type PsychicFigures,
  type PsychicFigureSums,
} from "../../model/psychicFigures";

async function liveProfileId(ctx: QueryCtx, id: string): Promise<Id<"psychicProfiles"> | null> {
  const profileId = ctx.db.normalizeId("psychicProfiles", id);
  return profileId !== null && (await ctx.db.get("psychicProfiles", profileId)) !== null ? profileId : null;
}

function psychicFigureSumsRow(ctx: QueryCtx, psychicProfileId: Id<"psychicProfiles">) {
  return ctx.db
    .query("psychicFigures")
    .withIndex("by_psychicProfile", (q) => q.eq("psychicProfileId", psychicProfileId))
    .unique();
}

function cancellationDayRow(ctx: QueryCtx, psychicProfileId: Id<"psychicProfiles">, day: string) {
  return ctx.db
    .query("psychicCancellationDays")
    .withIndex("by_psychicProfile_day", (q) => q.eq("psychicProfileId", psychicProfileId).eq("day", day))
    .unique();
}

/** A psychic's all-time sums; a deleted profile's figures went with it and are not made again. */
export async function changePsychicFigureSums(ctx: MutationCtx, change: Extract<FigureChange, { store: "psychicFigures" }>) {
  const profileId = await liveProfileId(ctx, change.psychicProfileId);
  if (profileId === null) return;
  const row = await psychicFigureSumsRow(ctx, profileId);
  const sums: PsychicFigureSums = { ...noPsychicFigureSums };
  for (const field of Object.keys(sums) as Array<keyof PsychicFigureSums>) sums[field] = (row?.[field] ?? 0) + (change.add[field] ?? 0);
  const fields = storedPsychicFigureSums(sums);
  if (fields === null) {
    if (row !== null) await ctx.db.delete("psychicFigures", row._id);
  } else if (row === null) await ctx.db.insert("psychicFigures", { psychicProfileId: profileId, ...fields });
  else await ctx.db.patch("psychicFigures", row._id, fields);
}

/** A psychic's cancellations on one Rome day. */
export async function changeCancellationDay(ctx: MutationCtx, change: Extract<FigureChange, { store: "psychicCancellationDays" }>) {
  const profileId = await liveProfileId(ctx, change.psychicProfileId);
  if (profileId === null) return;
  const row = await cancellationDayRow(ctx, profileId, change.day);
  const cancellations = (row?.cancellations ?? 0) + change.add.cancellations;
  if (cancellations === 0) {
    if (row !== null) await ctx.db.delete("psychicCancellationDays", row._id);
  } else if (row === null) await ctx.db.insert("psychicCancellationDays", { psychicProfileId: profileId, day: change.day, cancellations });
  else await ctx.db.patch("psychicCancellationDays", row._id, { cancellations });
}

/** The all-time sums as stored (null without any). */
export async function psychicFigureSumsOf(ctx: QueryCtx, psychicProfileId: Id<"psychicProfiles">): Promise<PsychicFigureSums | null> {
  const row = await psychicFigureSumsRow(ctx, psychicProfileId);
  return row === null
    ? null
    : { dueConsultations: row.dueConsultations, consultationsGiven: row.consultationsGiven, onTimeConsultations: row.onTimeConsultations };
}

/** The profile's figures at `now`: at most CANCELLATION_WINDOW_DAYS day rows are read. */
export async function psychicFiguresAt(ctx: QueryCtx, psychicProfileId: Id<"psychicProfiles">, now: number): Promise<PsychicFigures> {
  const days = await ctx.db
    .query("psychicCancellationDays")
    .withIndex("by_psychicProfile_day", (q) => q.eq("psychicProfileId", psychicProfileId).gte("day", cancellationWindowStart(now)))
    .take(CANCELLATION_WINDOW_DAYS + 1);
  // Today and the days before it in the window: at most 90 rows (a day after today holds none).
  const cancellations = days.reduce((sum, row) => sum + row.cancellations, 0);
  return psychicFiguresOf(await psychicFigureSumsOf(ctx, psychicProfileId), cancellations);
}

/** A deleted profile's figures go with it. */
export async function dropPsychicFigures(ctx: MutationCtx, psychicProfileId: Id<"psychicProfiles">) {
  const row = await psychicFigureSumsRow(ctx, psychicProfileId);
  if (row !== null) await ctx.db.delete("psychicFigures", row._id);
  const days = await ctx.db
    .query("psychicCancellationDays")
    .withIndex("by_psychicProfile_day", (q) => q.eq("psychicProfileId", psychicProfileId))
    .collect();
  for (const day of days) await ctx.db.delete("psychicCancellationDays", day._id);
}

/** Replaces the psychic figures' rows with the recount's; answers how many stored rows differed. */
export async function rebuildPsychicFigures(
  ctx: MutationCtx,
  psychicFigureSums: Map<string, PsychicFigureSums>,
  cancellationDays: Map<string, number>,
): Promise<number> {
  let changed = 0;
  const wanted = new Map(psychicFigureSums);
  for (const row of await ctx.db.query("psychicFigures").collect()) {
    const fields = wanted.get(row.psychicProfileId);
    wanted.delete(row.psychicProfileId);
    if (fields !== undefined && (Object.keys(fields) as Array<keyof PsychicFigureSums>).every((field) => row[field] === fields[field])) continue;
    changed++;
    if (fields === undefined) await ctx.db.delete("psychicFigures", row._id);
    else await ctx.db.patch("psychicFigures", row._id, fields);
  }
  for (const [psychicProfileId, fields] of wanted) {
    await ctx.db.insert("psychicFigures", { psychicProfileId: psychicProfileId as Id<"psychicProfiles">, ...fields });
    changed++;
  }
  const wantedDays = new Map(cancellationDays);
  for (const row of await ctx.db.query("psychicCancellationDays").collect()) {
    const key = `${row.psychicProfileId}|${row.day}`;
    const cancellations = wantedDays.get(key);
    wantedDays.delete(key);
    if (cancellations === row.cancellations) continue;
    changed++;
    if (cancellations === undefined) await ctx.db.delete("psychicCancellationDays", row._id);
    else await ctx.db.patch("psychicCancellationDays", row._id, { cancellations });
  }
  for (const [key, cancellations] of wantedDays) {
    const [psychicProfileId, day] = key.split("|");
    await ctx.db.insert("psychicCancellationDays", { psychicProfileId: psychicProfileId as Id<"psychicProfiles">, day, cancellations });
    changed++;
  }
  return changed;
}
