// 'Avvisami' on the server (docs/product-rules.md, "Favourites and 'Avvisami'"): after a write that may
// give a psychic's time back (a hold ends, a booking is cancelled or moved, new availability), a check
// runs in its own transaction after the caller's commits, so a time freed and taken again in the same
// transaction tells no one. Each wish is answered once, by an email and a notice, and then removed.
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { timeFreedEmail } from "../../email/availabilityEmails";
import { bookableDates, bookingDayPath, firstDateWithFreeTime, isAlertOver } from "../../model/availabilityAlerts";
import { isListed } from "../../model/psychics";
import { dayWindow, type Interval } from "../../model/slots";
import { appUrl } from "../platform/addresses";
import { blockingIntervals } from "./bookingTime";
import { queueEmail } from "../email/outbox";

/** Wishes read per psychic in one check; far more than one psychic's waiting clients. */
const MAX_ALERTS_READ = 500;
/** Bookings read for a check over the whole calendar, per status. */
const MAX_BLOCKING_READ = 5000;

/**
 * Schedules the check of `psychicProfileId`'s wishes: for `dates` (a booking gave their time back) or
 * for every day (the psychic's offer changed). Nothing is scheduled when nobody waits for this psychic.
 */
export async function checkFreedTimeLater(ctx: MutationCtx, psychicProfileId: Id<"psychicProfiles">, dates?: string[]) {
  if (dates !== undefined && dates.length === 0) return;
  const waiting = await ctx.db
    .query("availabilityAlerts")
    .withIndex("by_psychic", (q) => q.eq("psychicProfileId", psychicProfileId))
    .first();
  if (waiting === null) return;
  await ctx.scheduler.runAfter(0, internal.availabilityAlerts.notifyFreedTime, { psychicProfileId, dates });
}

/** The bookings blocking the psychic's time over `dates` (one read, from the first day to the last). */
export async function blockingOver(
  ctx: QueryCtx,
  psychicProfileId: Id<"psychicProfiles">,
  dates: readonly string[],
  nowMs: number,
): Promise<Interval[]> {
  if (dates.length === 0) return [];
  const sorted = [...dates].sort();
  const window = { startsAt: dayWindow(sorted[0]).startsAt, endsAt: dayWindow(sorted[sorted.length - 1]).endsAt };
  return blockingIntervals(ctx, psychicProfileId, window, nowMs, undefined, MAX_BLOCKING_READ);
}

/**
 * Answers every wish of the psychic that now has a free time: for its own day (when that day is among
 * `dates`, or always without `dates`), or for any day at the first one with a free time. A wish whose
 * day is over goes without a word. Returns how many clients were told.
 */
export async function notifyFreedTime(ctx: MutationCtx, psychicProfileId: Id<"psychicProfiles">, dates: string[] | undefined, nowMs: number) {
  const alerts = await ctx.db
    .query("availabilityAlerts")
    .withIndex("by_psychic", (q) => q.eq("psychicProfileId", psychicProfileId))
    .take(MAX_ALERTS_READ);
  const profile = await ctx.db.get("psychicProfiles", psychicProfileId);
  let told = 0;
  const calendar = bookableDates(nowMs);
  const looked = dates ?? calendar;
  const blocking = profile !== null && isListed(profile) ? await blockingOver(ctx, psychicProfileId, looked, nowMs) : null;
  for (const alert of alerts) {
    if (isAlertOver(alert, nowMs)) {
      await ctx.db.delete("availabilityAlerts", alert._id);
      continue;
    }
    if (profile === null || blocking === null) continue;
    const candidates = alert.date === undefined ? looked.filter((date) => calendar.includes(date)) : looked.includes(alert.date) ? [alert.date] : [];
    const date = firstDateWithFreeTime(profile, candidates, alert.durationMinutes, blocking, nowMs);
    if (date === null) continue;
    await tell(ctx, alert, profile, date, nowMs);
    told++;
  }
  return told;
}

/** One wish answered: the notice, the email, and the wish removed so it is never answered twice. */
async function tell(ctx: MutationCtx, alert: Doc<"availabilityAlerts">, profile: Doc<"psychicProfiles">, date: string, nowMs: number) {
  await ctx.db.delete("availabilityAlerts", alert._id);
  await ctx.db.insert("clientNotices", {
    clientId: alert.clientId,
    kind: "time_freed",
    psychicProfileId: profile._id,
    psychicName: profile.psychicName,
    date,
    durationMinutes: alert.durationMinutes,
    createdAt: nowMs,
  });
  const client = await ctx.db.get("users", alert.clientId);
  if (!client?.email) return;
  const bookingUrl = `${appUrl()}${bookingDayPath(profile._id, date, alert.durationMinutes)}`;
  await queueEmail(ctx, {
    to: client.email,
    kind: "availability_alert",
    relatedId: profile._id,
    ...timeFreedEmail({ psychicName: profile.psychicName, date, bookingUrl }),
  });
}

/**
 * An account goes: a client's stars, wishes and notices with it; a psychic's profile takes the wishes
 * waiting for it (stars of a profile that is gone simply drop out of 'Preferiti').
 */
export async function forgetFavouritesAndWishes(ctx: MutationCtx, userId: Id<"users">, psychicProfileId: Id<"psychicProfiles"> | null) {
  const stars = await ctx.db
    .query("favouritePsychics")
    .withIndex("by_client", (q) => q.eq("clientId", userId))
    .collect();
  for (const star of stars) await ctx.db.delete("favouritePsychics", star._id);
  const wishes = await ctx.db
    .query("availabilityAlerts")
    .withIndex("by_client_psychic_date", (q) => q.eq("clientId", userId))
    .collect();
  const waitingForPsychic =
    psychicProfileId === null
      ? []
      : await ctx.db
          .query("availabilityAlerts")
          .withIndex("by_psychic", (q) => q.eq("psychicProfileId", psychicProfileId))
          .collect();
  for (const wish of [...wishes, ...waitingForPsychic]) await ctx.db.delete("availabilityAlerts", wish._id);
  const notices = await ctx.db
    .query("clientNotices")
    .withIndex("by_client", (q) => q.eq("clientId", userId))
    .collect();
  for (const notice of notices) await ctx.db.delete("clientNotices", notice._id);
}
