// The daily retention sweep (convex/model/retention.ts says what and when). Each job looks at a bounded batch,
// oldest first, and runs again at once when there is more, so a backlog never makes one long transaction.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { MutationCtx } from "./_generated/server";
import { forgetClientNotesOf } from "./lib/bookings/bookingLifecycle";
import { internalMutation } from "./lib/platform/functions";
import { forgetDoneJobs } from "./lib/money/providerJobs";
import { forgetBefore, NOTES_AND_CALLS_MONTHS, RETENTION_BATCH, SUPPORT_MESSAGES_MONTHS, TECHNICAL_MONTHS } from "./model/retention";

const job = v.union(
  v.literal("notes"),
  v.literal("callSessions"),
  v.literal("chatMessages"),
  v.literal("contactMessages"),
  v.literal("webhookEvents"),
  v.literal("emails"),
  v.literal("fiscalRecords"),
  v.literal("providerJobs"),
);
type Job = "notes" | "callSessions" | "chatMessages" | "contactMessages" | "webhookEvents" | "emails" | "fiscalRecords" | "providerJobs";
const JOBS: Job[] = ["notes", "callSessions", "chatMessages", "contactMessages", "webhookEvents", "emails", "fiscalRecords", "providerJobs"];

/** Deletes a batch of `table`'s rows created after `after` and before `line`, oldest first; returns them. */
async function deleteCreatedBefore(
  ctx: MutationCtx,
  table: "callSessions" | "chatMessages" | "processedWebhookEvents" | "emailOutbox",
  after: number,
  line: number,
) {
  const rows = await ctx.db
    .query(table)
    .withIndex("by_creation_time", (q) => q.gt("_creationTime", after).lt("_creationTime", line))
    .take(RETENTION_BATCH);
  for (const row of rows) await ctx.db.delete(table, row._id);
  return rows;
}

/** One batch of a job: how many rows it changed, and whether older rows may remain. */
async function runJob(ctx: MutationCtx, name: Job, now: number, after: number): Promise<{ changed: number; next: number | null }> {
  let changed = 0;
  let rows: Array<{ _creationTime: number }>;
  if (name === "notes") {
    // Bookings are made before they start: any booking that started before the line was created before it.
    const line = forgetBefore(now, NOTES_AND_CALLS_MONTHS);
    const bookings = await ctx.db
      .query("bookings")
      .withIndex("by_creation_time", (q) => q.gt("_creationTime", after).lt("_creationTime", line))
      .take(RETENTION_BATCH);
    rows = bookings;
    for (const booking of bookings) {
      if (booking.notes === undefined || booking.startsAt >= line) continue;
      await forgetClientNotesOf(ctx, booking);
      changed += 1;
    }
  } else if (name === "callSessions" || name === "chatMessages") {
    // Sessions and messages are made during their consultation: one made before the line belongs to one before it.
    rows = await deleteCreatedBefore(ctx, name, after, forgetBefore(now, NOTES_AND_CALLS_MONTHS));
    changed = rows.length;
  } else if (name === "contactMessages") {
    const line = forgetBefore(now, SUPPORT_MESSAGES_MONTHS);
    const messages = await ctx.db
      .query("contactMessages")
      .withIndex("by_creation_time", (q) => q.gt("_creationTime", after).lt("_creationTime", line))
      .take(RETENTION_BATCH);
    rows = messages;
    for (const message of messages) {
      if (message.updatedAt >= line) continue;
      await ctx.db.delete("contactMessages", message._id);
      changed += 1;
    }
  } else if (name === "fiscalRecords") {
    // A deleted psychic's fiscal data kept for DAC7, once the 10 years after the last year reported are over.
    const records = await ctx.db
      .query("retainedFiscalRecords")
      .withIndex("by_keepUntil", (q) => q.lte("keepUntil", now))
      .take(RETENTION_BATCH);
    rows = records;
    for (const record of records) await ctx.db.delete("retainedFiscalRecords", record._id);
    changed = records.length;
  } else if (name === "providerJobs") {
    // A provider call done more than 12 months ago: its result is on the booking, share or email it was about.
    changed = await forgetDoneJobs(ctx, forgetBefore(now, TECHNICAL_MONTHS), RETENTION_BATCH);
    return { changed, next: changed === RETENTION_BATCH ? 0 : null };
  } else {
    const table = name === "webhookEvents" ? "processedWebhookEvents" : "emailOutbox";
    rows = await deleteCreatedBefore(ctx, table, after, forgetBefore(now, TECHNICAL_MONTHS));
    changed = rows.length;
  }
  // Bookings keep their rows (only the notes go): the next batch starts after the last one looked at.
  const next = rows.length === RETENTION_BATCH ? (name === "notes" ? rows[rows.length - 1]._creationTime : 0) : null;
  return { changed, next };
}

/** The daily sweep: every job from the oldest record. */
export const sweep = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    for (const name of JOBS) await ctx.scheduler.runAfter(0, internal.retention.runBatch, { job: name, after: 0 });
    return null;
  },
});

/** One batch of one job, continued at once while there is more. */
export const runBatch = internalMutation({
  args: { job, after: v.number() },
  returns: v.number(),
  handler: async (ctx, { job: name, after }) => {
    const { changed, next } = await runJob(ctx, name, Date.now(), after);
    if (next !== null) await ctx.scheduler.runAfter(0, internal.retention.runBatch, { job: name, after: next });
    return changed;
  },
});
