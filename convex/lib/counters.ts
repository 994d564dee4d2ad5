// The platform's figures, kept up to date in the same transaction as the change they count, so the
// admin overview reads a handful of documents instead of every booking. The rules of what counts
// live in model/counters.ts; each hook here is one call from the code that makes the change.
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import {
  accountMetric,
  ALL_TIME,
  commissionOf,
  messageMetric,
  monthOf,
  paidAmount,
  type CounterMetric,
} from "../model/counters";
import type { ContactStatus } from "./validators";

async function counterRow(ctx: QueryCtx, metric: CounterMetric, period: string) {
  return ctx.db
    .query("platformCounters")
    .withIndex("by_metric_period", (q) => q.eq("metric", metric).eq("period", period))
    .unique();
}

/** A counter's value; 0 when nothing was ever counted. */
export async function readCounter(ctx: QueryCtx, metric: CounterMetric, period: string = ALL_TIME): Promise<number> {
  return (await counterRow(ctx, metric, period))?.value ?? 0;
}

async function bump(ctx: MutationCtx, metric: CounterMetric, period: string, delta: number) {
  if (delta === 0) return;
  const row = await counterRow(ctx, metric, period);
  if (row === null) await ctx.db.insert("platformCounters", { metric, period, value: delta });
  else await ctx.db.patch("platformCounters", row._id, { value: row.value + delta });
}

/** All time, and the Rome month of `at` when given. */
async function bumpWithMonth(ctx: MutationCtx, metric: CounterMetric, delta: number, at: number) {
  await bump(ctx, metric, ALL_TIME, delta);
  await bump(ctx, metric, monthOf(at), delta);
}

export async function personTotals(ctx: QueryCtx, userId: Id<"users">) {
  return ctx.db
    .query("bookingTotals")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .unique();
}

/** A client's spending or a reader's takings; nothing is kept for a deleted account. */
async function bumpPerson(ctx: MutationCtx, userId: Id<"users">, amountCents: number, booking?: Doc<"bookings">) {
  if ((await ctx.db.get("users", userId)) === null) return;
  const row = await personTotals(ctx, userId);
  const bookings = booking ? 1 : 0;
  const lastBookingStartsAt = booking ? Math.max(row?.lastBookingStartsAt ?? 0, booking.startsAt) : row?.lastBookingStartsAt;
  if (row === null) {
    await ctx.db.insert("bookingTotals", { userId, bookings, amountCents, lastBookingStartsAt });
  } else {
    await ctx.db.patch("bookingTotals", row._id, {
      bookings: row.bookings + bookings,
      amountCents: row.amountCents + amountCents,
      lastBookingStartsAt,
    });
  }
}

/** A new client or reader account (staff accounts have no type and are not counted). */
export async function countNewAccount(ctx: MutationCtx, userId: Id<"users">) {
  const user = await ctx.db.get("users", userId);
  if (user?.accountType === undefined) return;
  await bumpWithMonth(ctx, accountMetric[user.accountType], 1, user._creationTime);
}

/** An account about to be deleted: it leaves the counts, and its own totals go with it. */
export async function countDeletedAccount(ctx: MutationCtx, user: Doc<"users">) {
  if (user.accountType !== undefined) {
    await bumpWithMonth(ctx, accountMetric[user.accountType], -1, user._creationTime);
  }
  const totals = await personTotals(ctx, user._id);
  if (totals !== null) await ctx.db.delete("bookingTotals", totals._id);
}

/**
 * A paid Checkout Session, called once the booking is written with its payment: `confirmed` when it
 * confirmed the booking (a consultation), not when it arrived too late and goes back in full.
 */
export async function countPayment(ctx: MutationCtx, bookingId: Id<"bookings">, confirmed: boolean) {
  const booking = await ctx.db.get("bookings", bookingId);
  if (booking === null || booking.paidAt === undefined) return;
  const paidAt = booking.paidAt;
  const amount = paidAmount(booking);
  await bumpWithMonth(ctx, "revenueCents", amount, paidAt);
  await bumpWithMonth(ctx, "commissionCents", commissionOf(amount), paidAt);
  if (confirmed) await bumpWithMonth(ctx, "consultations", 1, paidAt);
  for (const userId of [booking.clientId, booking.psychicUserId]) {
    await bumpPerson(ctx, userId, amount, confirmed ? booking : undefined);
  }
}

/** A refund that reached the card: the money leaves the figures in the month it went back. */
export async function countRefund(ctx: MutationCtx, booking: Doc<"bookings">, amountCents: number, refundedAt: number) {
  if (amountCents <= 0) return;
  await bumpWithMonth(ctx, "revenueCents", -amountCents, refundedAt);
  await bumpWithMonth(ctx, "commissionCents", -commissionOf(amountCents), refundedAt);
  for (const userId of [booking.clientId, booking.psychicUserId]) await bumpPerson(ctx, userId, -amountCents);
}

/** A contact message arrives (`from` null) or moves from one status to another. */
export async function countMessage(ctx: MutationCtx, from: ContactStatus | null, to: ContactStatus) {
  if (from === to) return;
  if (from !== null) await bump(ctx, messageMetric[from], ALL_TIME, -1);
  await bump(ctx, messageMetric[to], ALL_TIME, 1);
}
