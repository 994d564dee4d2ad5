// The admin's monthly books (adminPayouts.overview), one row per Rome month of payment, kept by the
// triggers (lib/triggers.ts) as paid bookings, their shares and the shares' reversals change: each write
// takes away what the booking added to its month before and adds what it adds now (model/payouts.ts
// bookingMoney), in the same transaction. The overview then reads six rows, not every booking of six months.
import type { Doc } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { bookingMoney, MONTH_BOOKS_FIELDS, monthBooksOf, type MonthBooks } from "../model/payouts";
import { romeMonthOf } from "./time";

type Entry = { month: string; books: MonthBooks } | null;

function entryOf(booking: Doc<"bookings"> | null, share: Doc<"psychicTransfers"> | null, reversals: ReadonlyArray<Doc<"transferReversals">>): Entry {
  if (booking === null || booking.paidAt === undefined) return null;
  return { month: romeMonthOf(booking.paidAt), books: monthBooksOf(bookingMoney(booking, share, reversals)) };
}

export const noBooks = (): MonthBooks => ({
  paidCents: 0,
  refundedCents: 0,
  disputedCents: 0,
  transferredCents: 0,
  reversedCents: 0,
  owedCents: 0,
  commissionCents: 0,
});

/** A month's books; zeros when nothing was paid in it. */
export async function readMonthBooks(ctx: QueryCtx, month: string): Promise<MonthBooks> {
  const row = await ctx.db
    .query("monthlyBooks")
    .withIndex("by_month", (q) => q.eq("month", month))
    .unique();
  if (row === null) return noBooks();
  const { _id, _creationTime, month: _month, ...books } = row;
  return books;
}

async function addToMonth(ctx: MutationCtx, month: string, books: MonthBooks, sign: 1 | -1) {
  const row = await ctx.db
    .query("monthlyBooks")
    .withIndex("by_month", (q) => q.eq("month", month))
    .unique();
  const sums = row === null ? noBooks() : { ...row };
  for (const field of MONTH_BOOKS_FIELDS) sums[field] += sign * books[field];
  const fields = Object.fromEntries(MONTH_BOOKS_FIELDS.map((field) => [field, sums[field]])) as MonthBooks;
  if (MONTH_BOOKS_FIELDS.every((field) => fields[field] === 0)) {
    if (row !== null) await ctx.db.delete("monthlyBooks", row._id);
  } else if (row === null) await ctx.db.insert("monthlyBooks", { month, ...fields });
  else await ctx.db.patch("monthlyBooks", row._id, fields);
}

async function replace(ctx: MutationCtx, before: Entry, after: Entry) {
  if (before !== null) await addToMonth(ctx, before.month, before.books, -1);
  if (after !== null) await addToMonth(ctx, after.month, after.books, 1);
}

async function shareOfBooking(ctx: QueryCtx, booking: Doc<"bookings">) {
  return ctx.db
    .query("psychicTransfers")
    .withIndex("by_bookingId", (q) => q.eq("bookingId", booking._id))
    .first();
}

async function reversalsOf(ctx: QueryCtx, share: Doc<"psychicTransfers"> | null) {
  if (share === null) return [];
  return ctx.db
    .query("transferReversals")
    .withIndex("by_transferId", (q) => q.eq("transferId", share._id))
    .collect();
}

/** The booking's fields its money and month read (model/payouts.ts bookingMoney). */
const MONEY_FIELDS = ["paidAt", "status", "priceCents", "cancelReason", "refundCents", "disputeCents"] as const;

export async function bookingChanged(ctx: MutationCtx, before: Doc<"bookings"> | null, after: Doc<"bookings"> | null) {
  if (before?.paidAt === undefined && after?.paidAt === undefined) return;
  // Most writes (a join, a reminder, a note forgotten) change nothing the books read: no reads for them.
  if (before !== null && after !== null && MONEY_FIELDS.every((field) => before[field] === after[field])) return;
  const share = await shareOfBooking(ctx, (after ?? before)!);
  const reversals = await reversalsOf(ctx, share);
  await replace(ctx, entryOf(before, share, reversals), entryOf(after, share, reversals));
}

export async function shareChanged(ctx: MutationCtx, before: Doc<"psychicTransfers"> | null, after: Doc<"psychicTransfers"> | null) {
  const share = (after ?? before)!;
  const booking = await ctx.db.get("bookings", share.bookingId);
  if (booking?.paidAt === undefined) return;
  const reversals = await reversalsOf(ctx, share);
  await replace(ctx, entryOf(booking, before, reversals), entryOf(booking, after, reversals));
}

export async function reversalChanged(ctx: MutationCtx, before: Doc<"transferReversals"> | null, after: Doc<"transferReversals"> | null) {
  const reversal = (after ?? before)!;
  const share = await ctx.db.get("psychicTransfers", reversal.transferId);
  const booking = share === null ? null : await ctx.db.get("bookings", share.bookingId);
  if (booking?.paidAt === undefined) return;
  const now = await reversalsOf(ctx, share);
  const then = [...now.filter((row) => row._id !== reversal._id), ...(before === null ? [] : [before])];
  await replace(ctx, entryOf(booking, share, then), entryOf(booking, share, now));
}

/** Every month's books recounted from the records (the backfill, and a check): how many rows differed. */
export async function rebuildMonthlyBooks(ctx: MutationCtx): Promise<number> {
  const shares = new Map((await ctx.db.query("psychicTransfers").collect()).map((share) => [share.bookingId, share]));
  const reversals = new Map<string, Array<Doc<"transferReversals">>>();
  for (const reversal of await ctx.db.query("transferReversals").collect())
    reversals.set(reversal.transferId, [...(reversals.get(reversal.transferId) ?? []), reversal]);
  const months = new Map<string, MonthBooks>();
  for (const booking of await ctx.db.query("bookings").collect()) {
    const share = shares.get(booking._id) ?? null;
    const entry = entryOf(booking, share, share === null ? [] : (reversals.get(share._id) ?? []));
    if (entry === null) continue;
    const sums = months.get(entry.month) ?? noBooks();
    for (const field of MONTH_BOOKS_FIELDS) sums[field] += entry.books[field];
    months.set(entry.month, sums);
  }
  let changed = 0;
  for (const row of await ctx.db.query("monthlyBooks").collect()) {
    const sums = months.get(row.month);
    months.delete(row.month);
    if (sums !== undefined && MONTH_BOOKS_FIELDS.every((field) => row[field] === sums[field])) continue;
    changed++;
    if (sums === undefined || MONTH_BOOKS_FIELDS.every((field) => sums[field] === 0)) await ctx.db.delete("monthlyBooks", row._id);
    else await ctx.db.patch("monthlyBooks", row._id, sums);
  }
  for (const [month, sums] of months) {
    if (MONTH_BOOKS_FIELDS.every((field) => sums[field] === 0)) continue;
    await ctx.db.insert("monthlyBooks", { month, ...sums });
    changed++;
  }
  return changed;
}
