// The derived figures' rows: the platform's counters (the admin overview reads a handful of rows
// instead of every booking), each person's booking totals, a psychic's monthly figures and their
// profile's totals and rating. They change only through `applyFigureChanges`, which the triggers
// (lib/platform/triggers.ts) call with what a write changed (model/figureContributions.ts), in the same
// transaction as the write.
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { ALL_TIME, isPaidConsultation, type CounterMetric } from "../../model/counters";
import {
  latestAfterChange,
  monthFields,
  monthSumsOf,
  personFields,
  profileFields,
  profileSumsOf,
  type FigureChange,
} from "../../model/figureContributions";
import { changeCancellationDay, changePsychicFigureSums } from "./psychicFigures";

async function counterRow(ctx: QueryCtx, metric: CounterMetric, period: string) {
  return ctx.db
    .query("platformFigures")
    .withIndex("by_metric_period", (q) => q.eq("metric", metric).eq("period", period))
    .unique();
}

/** A counter's value; 0 when nothing was ever counted. */
export async function readCounter(ctx: QueryCtx, metric: CounterMetric, period: string = ALL_TIME): Promise<number> {
  return (await counterRow(ctx, metric, period))?.value ?? 0;
}

export async function personTotals(ctx: QueryCtx, userId: Id<"users">) {
  return ctx.db
    .query("personFigures")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .unique();
}

/** A deleted account keeps no totals. */
export async function dropPersonFigures(ctx: MutationCtx, userId: Id<"users">) {
  const row = await personTotals(ctx, userId);
  if (row !== null) await ctx.db.delete("personFigures", row._id);
}

/** Applies what a write changed to each row it touched. A row whose figures are all zero is not kept. */
export async function applyFigureChanges(ctx: MutationCtx, changes: FigureChange[]) {
  for (const change of changes) {
    switch (change.store) {
      case "platformFigures":
        await changeCounter(ctx, change.metric, change.period, change.add.value ?? 0);
        break;
      case "personFigures":
        await changePerson(ctx, change);
        break;
      case "psychicMonthFigures":
        await changeMonth(ctx, change);
        break;
      case "psychicProfiles":
        await changeProfile(ctx, change);
        break;
      case "psychicFigures":
        await changePsychicFigureSums(ctx, change);
        break;
      case "psychicCancellationDays":
        await changeCancellationDay(ctx, change);
        break;
    }
  }
}

async function changeCounter(ctx: MutationCtx, metric: CounterMetric, period: string, delta: number) {
  if (delta === 0) return;
  const row = await counterRow(ctx, metric, period);
  const value = (row?.value ?? 0) + delta;
  if (row === null) await ctx.db.insert("platformFigures", { metric, period, value });
  else if (value === 0) await ctx.db.delete("platformFigures", row._id);
  else await ctx.db.patch("platformFigures", row._id, { value });
}

/** A client's spending or a psychic's takings; nothing is kept (nor made again) for a deleted account. */
async function changePerson(ctx: MutationCtx, change: Extract<FigureChange, { store: "personFigures" }>) {
  const userId = ctx.db.normalizeId("users", change.userId);
  if (userId === null || (await ctx.db.get("users", userId)) === null) return;
  const row = await personTotals(ctx, userId);
  const sums = {
    bookings: (row?.bookings ?? 0) + (change.add.bookings ?? 0),
    amountCents: (row?.amountCents ?? 0) + (change.add.amountCents ?? 0),
  };
  let latest = row?.lastBookingStartsAt;
  if (change.startsAt !== undefined) {
    const next = latestAfterChange(latest, change.startsAt);
    latest = next === null ? await latestConsultationStart(ctx, userId) : next;
  }
  const fields = personFields(sums, latest);
  if (fields === null) {
    if (row !== null) await ctx.db.delete("personFigures", row._id);
  } else if (row === null) await ctx.db.insert("personFigures", { userId, ...fields });
  else await ctx.db.patch("personFigures", row._id, fields);
}

/** The start of the person's latest paid consultation, as a client or as a psychic, read newest first. */
async function latestConsultationStart(ctx: QueryCtx, userId: Id<"users">): Promise<number | undefined> {
  const starts: number[] = [];
  const asClient = ctx.db
    .query("bookings")
    .withIndex("by_client_startsAt", (q) => q.eq("clientId", userId))
    .order("desc");
  for await (const booking of asClient) {
    if (isPaidConsultation(booking)) {
      starts.push(booking.startsAt);
      break;
    }
  }
  const profile = await ctx.db
    .query("psychicProfiles")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .unique();
  if (profile !== null) {
    const asPsychic = ctx.db
      .query("bookings")
      .withIndex("by_psychicProfile_startsAt", (q) => q.eq("psychicProfileId", profile._id))
      .order("desc");
    for await (const booking of asPsychic) {
      if (isPaidConsultation(booking)) {
        starts.push(booking.startsAt);
        break;
      }
    }
  }
  return starts.length === 0 ? undefined : Math.max(...starts);
}

/** A psychic's month; a deleted profile's figures went with it and are not made again. */
async function changeMonth(ctx: MutationCtx, change: Extract<FigureChange, { store: "psychicMonthFigures" }>) {
  const profileId = ctx.db.normalizeId("psychicProfiles", change.psychicProfileId);
  if (profileId === null || (await ctx.db.get("psychicProfiles", profileId)) === null) return;
  const row = await ctx.db
    .query("psychicMonthFigures")
    .withIndex("by_psychicProfile_month", (q) => q.eq("psychicProfileId", profileId).eq("monthYear", change.monthYear))
    .unique();
  const sums = monthSumsOf(row);
  for (const [field, delta] of Object.entries(change.add)) sums[field as keyof typeof sums] += delta ?? 0;
  const fields = monthFields(sums);
  if (fields === null) {
    if (row !== null) await ctx.db.delete("psychicMonthFigures", row._id);
  } else if (row === null) await ctx.db.insert("psychicMonthFigures", { psychicProfileId: profileId, monthYear: change.monthYear, ...fields });
  else await ctx.db.patch("psychicMonthFigures", row._id, fields);
}

async function changeProfile(ctx: MutationCtx, change: Extract<FigureChange, { store: "psychicProfiles" }>) {
  const profileId = ctx.db.normalizeId("psychicProfiles", change.psychicProfileId);
  const profile = profileId === null ? null : await ctx.db.get("psychicProfiles", profileId);
  if (profile === null) return;
  const sums = profileSumsOf(profile);
  for (const [field, delta] of Object.entries(change.add)) sums[field as keyof typeof sums] += delta ?? 0;
  await ctx.db.patch("psychicProfiles", profile._id, profileFields(sums));
}

/**
 * The recount's people (lib/figures/figureRecount.ts): every person's totals replaced by `people` (user id → fields);
 * returns how many stored rows differed. Here so that `personFigures` has one writer.
 */
export async function rebuildPersonFigures(
  ctx: MutationCtx,
  people: Map<string, { bookings: number; amountCents: number; lastBookingStartsAt?: number }>,
  holds: (row: Record<string, unknown>, fields: Record<string, unknown>) => boolean,
): Promise<number> {
  let changed = 0;
  const left = new Map(people);
  for (const row of await ctx.db.query("personFigures").collect()) {
    const fields = left.get(row.userId);
    left.delete(row.userId);
    if (fields !== undefined && holds(row, fields)) continue;
    changed++;
    if (fields === undefined) await ctx.db.delete("personFigures", row._id);
    else await ctx.db.patch("personFigures", row._id, fields);
  }
  for (const [userId, fields] of left) {
    await ctx.db.insert("personFigures", { userId: userId as Id<"users">, ...fields });
    changed++;
  }
  return changed;
}
