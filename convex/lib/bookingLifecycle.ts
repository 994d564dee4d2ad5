// The database side of what happens to a paid booking (docs/product-rules.md, "Payments and refunds",
// "Calls", "Reviews", "Emails"): the emails to its two parties, its reminders, a cancellation with its
// refund, and the reader's figures when a consultation is held or reviewed. Each helper runs inside the
// caller's transaction, so the booking, the money, the figures and the emails change together or not at all.
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import { env, type MutationCtx, type QueryCtx } from "../_generated/server";
import { DELETED_ACCOUNT_NAME } from "../model/accountDeletion";
import {
  bookingCancelledEmail,
  bookingInvitation,
  type BookingFacts,
  type CancellationCause,
  type EmailAttachment,
} from "../model/bookingEmails";
import {
  reminderTimes,
  romeMonthOf,
} from "../model/bookingChanges";
import type { RenderedEmail } from "../model/emailTemplates";
import { queueEmail } from "./outbox";
import type { CancelledBy, EmailKind } from "./validators";

export function siteUrl(): string {
  return env.SITE_URL ?? "http://127.0.0.1:5173";
}

/** Where a client books this reader again (docs/product-rules.md, "Payments and refunds": the reader's profile id, never the booking's). */
export function rebookUrl(booking: Pick<Doc<"bookings">, "psychicProfileId">): string {
  return `${siteUrl()}/psychics/${booking.psychicProfileId}/book`;
}

/** Everything an email about a booking says; the invitation's SEQUENCE is the number of moves. */
export async function bookingFacts(ctx: QueryCtx, booking: Doc<"bookings">): Promise<BookingFacts> {
  const client = await ctx.db.get("users", booking.clientId);
  return {
    bookingId: booking._id,
    psychicName: booking.psychicName,
    clientName: client?.name ?? DELETED_ACCOUNT_NAME,
    scheduledDate: booking.scheduledDate,
    scheduledTime: booking.scheduledTime,
    startsAt: booking.startsAt,
    endsAt: booking.endsAt,
    durationMinutes: booking.durationMinutes,
    priceCents: booking.priceCents,
    siteUrl: siteUrl(),
    sequence: booking.rescheduleCount ?? 0,
  };
}

export type Audience = "client" | "psychic";

/**
 * Queues one email to each party that still has an address, rendered for each (`render` may return
 * null to skip one). `only` limits it to one party.
 */
export async function emailParties(
  ctx: MutationCtx,
  booking: Doc<"bookings">,
  kind: EmailKind,
  render: (facts: BookingFacts, audience: Audience) => RenderedEmail | null,
  { attachments, only }: { attachments?: EmailAttachment[]; only?: Audience } = {},
) {
  const facts = await bookingFacts(ctx, booking);
  const parties: Array<[Audience, Id<"users">]> = [
    ["client", booking.clientId],
    ["psychic", booking.psychicUserId],
  ];
  for (const [audience, userId] of parties) {
    if (only !== undefined && only !== audience) continue;
    const user = await ctx.db.get("users", userId);
    const email = render(facts, audience);
    if (user?.email && email !== null) await queueEmail(ctx, { to: user.email, kind, relatedId: booking._id, attachments, ...email });
  }
}

/**
 * Schedules the reminders of a booking's current start (24 hours and 15 minutes before); one already
 * due is skipped. A job checks the booking when it runs (reminders.ts), so a job of a cancelled or
 * moved booking sends nothing.
 */
export async function scheduleReminders(ctx: MutationCtx, booking: Pick<Doc<"bookings">, "_id" | "startsAt">, now: number) {
  for (const { kind, at } of reminderTimes(booking.startsAt, now)) {
    await ctx.scheduler.runAt(at, internal.reminders.send, { bookingId: booking._id, kind, startsAt: booking.startsAt });
  }
}

/**
 * Cancels a confirmed booking with `refundCents` going back (0: nothing goes back and no refund is
 * recorded). The time is free at once (a cancelled booking blocks nothing); a refund goes through
 * Stripe in a scheduled action (refunds.ts) that retries and, failing, leaves it visible to the admin.
 * Both parties are emailed, with the calendar's cancellation; `skipEmailTo` leaves one out (a deleted
 * account's notice is queued by the deletion itself).
 */
export async function cancelWithRefund(
  ctx: MutationCtx,
  booking: Doc<"bookings">,
  {
    by,
    reason,
    cause,
    refundCents,
    now,
    skipEmailTo,
  }: { by: CancelledBy; reason: string; cause: CancellationCause; refundCents: number; now: number; skipEmailTo?: Audience },
) {
  const refund = Math.min(booking.priceCents, Math.max(0, Math.round(refundCents)));
  await ctx.db.patch("bookings", booking._id, {
    status: "cancelled",
    cancelledAt: now,
    cancelledBy: by,
    cancelReason: reason,
    ...(refund > 0 ? { refundCents: refund, refundStatus: "pending" as const } : {}),
  });
  if (refund > 0) await ctx.scheduler.runAfter(0, internal.refunds.refundBooking, { bookingId: booking._id, attempt: 1 });
  const facts = await bookingFacts(ctx, booking);
  const invitation = bookingInvitation({ ...facts, sequence: facts.sequence + 1 }, true);
  const cancelled = { ...booking, status: "cancelled" as const };
  for (const audience of ["client", "psychic"] as const) {
    if (audience === skipEmailTo) continue;
    await emailParties(
      ctx,
      cancelled,
      "booking_cancelled",
      (f, who) => bookingCancelledEmail(f, { audience: who, cause, refundCents: refund, rebookUrl: rebookUrl(booking) }),
      { attachments: [invitation], only: audience },
    );
  }
  return refund;
}

// ─── The reader's figures ─────────────────────────────────────────────────────────────────────────

/**
 * A paid consultation was held: completed (by itself at the end of its window, or marked by the reader)
 * or the client did not come (the reader is paid in full). Writes the new status and, once per booking,
 * counts it in the reader's figures for the Rome month of its start. A completed one also counts in the
 * profile's `totalConsultations`. Switching between the two (the reader correcting it) moves only that count.
 */
export async function recordHeld(ctx: MutationCtx, booking: Doc<"bookings">, outcome: "completed" | "no_show", now: number) {
  if (booking.status === outcome) return;
  const month = booking.statsMonth ?? romeMonthOf(booking.startsAt);
  await ctx.db.patch("bookings", booking._id, {
    status: outcome,
    completedAt: booking.completedAt ?? now,
    statsMonth: month,
  });
}
