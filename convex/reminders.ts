// Reminder emails 24 hours and 15 minutes before a consultation (docs/product-rules.md, "Emails").
// Jobs are scheduled when a booking is confirmed or moved (lib/bookings/bookingLifecycle.ts, scheduleReminders);
// each checks the booking when it runs, so a cancelled or moved booking never gets a stale reminder, and
// the booking's `reminder…SentAt` is written with the queued email, so a job run twice sends once.
import { literals } from "convex-helpers/validators";
import { v } from "convex/values";
import { recordReminderSent } from "./lib/bookings/bookingLifecycle";
import { emailParties } from "./lib/email/emailParties";
import { internalMutation } from "./lib/platform/functions";
import { bookingReminderEmail } from "./email/bookingEmails";

const sentField = { "24h": "reminder24hSentAt", "15m": "reminder15mSentAt" } as const;
const emailKind = { "24h": "booking_reminder_24h", "15m": "booking_reminder_15m" } as const;

/**
 * Sends one reminder of a booking, for the start it was scheduled for. Nothing when the booking is no
 * longer confirmed, starts at another time now (moved: the new time has its own jobs), or the
 * reminder already went. Returns whether it sent.
 */
export const send = internalMutation({
  args: { bookingId: v.id("bookings"), kind: literals("24h", "15m"), startsAt: v.number() },
  returns: v.boolean(),
  handler: async (ctx, { bookingId, kind, startsAt }) => {
    const booking = await ctx.db.get("bookings", bookingId);
    if (booking === null || booking.status !== "confirmed" || booking.startsAt !== startsAt) return false;
    if (booking[sentField[kind]] !== undefined) return false;
    const now = Date.now();
    // A job that runs very late (a backend down for a day) would remind of a start already past.
    if (now >= booking.startsAt) return false;
    await recordReminderSent(ctx, booking, kind, now);
    await emailParties(ctx, booking, emailKind[kind], (facts, audience) => bookingReminderEmail(facts, { audience, kind }));
    return true;
  },
});
