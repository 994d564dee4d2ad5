// The admin's books (adminPayouts.overview, admin.getOverview), one row per Rome month of payment and one
// for all time (ALL_BOOKS), kept by the triggers (lib/platform/triggers.ts) as paid bookings, their shares and the
// shares' reversals change: each write takes away what the booking added before and adds what it adds now
// (model/ledger.ts bookingBooks), in the same transaction. The screens then read a few rows, not every
// booking of six months.
import type { Doc } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { addBooks, bookingBooks, booksMonthOf, BOOKS_FIELDS, noBooks, type Books } from "../../model/ledger";

/** The row of every month's books together: the overview's all-time figures. */
export const ALL_BOOKS = "all";

type Entry = { month: string; books: Books } | null;

function entryOf(booking: Doc<"bookings"> | null, share: Doc<"psychicTransfers"> | null, reversals: ReadonlyArray<Doc<"transferReversals">>): Entry {
  if (booking === null || booking.paidAt === undefined) return null;
  return { month: booksMonthOf(booking.paidAt), books: bookingBooks(booking, share, reversals) };
}

type BooksRow = Doc<"moneyFigures">;

/** The sums a stored row holds; rows written before the refunds were split hold no open refunds. */
function booksOfRow(row: BooksRow | null): Books {
  if (row === null) return noBooks();
  return Object.fromEntries(BOOKS_FIELDS.map((field) => [field, row[field] ?? 0])) as Books;
}

/** A month's books ("YYYY-MM"), or all time's (ALL_BOOKS); zeros when nothing was paid in it. */
export async function readMonthBooks(ctx: QueryCtx, month: string): Promise<Books> {
  return booksOfRow(await rowOf(ctx, month));
}

async function rowOf(ctx: QueryCtx, month: string) {
  return ctx.db
    .query("moneyFigures")
    .withIndex("by_month", (q) => q.eq("month", month))
    .unique();
}

async function store(ctx: MutationCtx, month: string, row: BooksRow | null, sums: Books) {
  if (BOOKS_FIELDS.every((field) => sums[field] === 0)) {
    if (row !== null) await ctx.db.delete("moneyFigures", row._id);
  } else if (row === null) await ctx.db.insert("moneyFigures", { month, ...sums });
  else await ctx.db.patch("moneyFigures", row._id, sums);
}

async function addToMonth(ctx: MutationCtx, month: string, books: Books, sign: 1 | -1) {
  for (const key of [month, ALL_BOOKS]) {
    const row = await rowOf(ctx, key);
    await store(ctx, key, row, addBooks(booksOfRow(row), books, sign));
  }
}

async function replace(ctx: MutationCtx, before: Entry, after: Entry) {
  if (before !== null && after !== null && before.month === after.month) {
    // The same month: only the difference is written, and nothing (no reads) when there is none.
    const change = addBooks(after.books, before.books, -1);
    if (BOOKS_FIELDS.some((field) => change[field] !== 0)) await addToMonth(ctx, after.month, change, 1);
    return;
  }
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

/** The booking's fields its books and month read (model/ledger.ts bookingBooks). */
const MONEY_FIELDS = ["paidAt", "status", "priceCents", "cancelReason", "refundCents", "refundStatus", "disputeCents"] as const;

export async function bookingChanged(ctx: MutationCtx, before: Doc<"bookings"> | null, after: Doc<"bookings"> | null) {
  if (before?.paidAt === undefined && after?.paidAt === undefined) return;
  // Most writes (a join, a reminder, a note forgotten) change nothing the books read: no reads for them.
  if (before !== null && after !== null && MONEY_FIELDS.every((field) => before[field] === after[field])) return;
  // Only the refund's state moved (asked again, confirmed, refused): the share's part is the same before and
  // after, so it cancels out and is not read.
  if (before !== null && after !== null && MONEY_FIELDS.every((field) => field === "refundStatus" || before[field] === after[field])) {
    return replace(ctx, entryOf(before, null, []), entryOf(after, null, []));
  }
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
export async function rebuildMoneyFigures(ctx: MutationCtx): Promise<number> {
  const shares = new Map((await ctx.db.query("psychicTransfers").collect()).map((share) => [share.bookingId, share]));
  const reversals = new Map<string, Array<Doc<"transferReversals">>>();
  for (const reversal of await ctx.db.query("transferReversals").collect())
    reversals.set(reversal.transferId, [...(reversals.get(reversal.transferId) ?? []), reversal]);
  const months = new Map<string, Books>();
  for (const booking of await ctx.db.query("bookings").collect()) {
    const share = shares.get(booking._id) ?? null;
    const entry = entryOf(booking, share, share === null ? [] : (reversals.get(share._id) ?? []));
    if (entry === null) continue;
    for (const key of [entry.month, ALL_BOOKS]) months.set(key, addBooks(months.get(key) ?? noBooks(), entry.books));
  }
  let changed = 0;
  for (const row of await ctx.db.query("moneyFigures").collect()) {
    const sums = months.get(row.month) ?? noBooks();
    months.delete(row.month);
    const stored = booksOfRow(row);
    if (BOOKS_FIELDS.every((field) => stored[field] === sums[field] && row[field] !== undefined)) continue;
    changed++;
    await store(ctx, row.month, row, sums);
  }
  for (const [month, sums] of months) {
    if (BOOKS_FIELDS.every((field) => sums[field] === 0)) continue;
    await ctx.db.insert("moneyFigures", { month, ...sums });
    changed++;
  }
  return changed;
}
