// Reading the one ledger (model/ledger.ts): a psychic's shares of some Rome months, and one paid booking's
// part of the admin's books. Every screen's money figure comes through here or through the monthly books
// the triggers keep with the same functions (lib/money/moneyFigures.ts).
import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { bookingBooks, psychicMonth, type Books, type PsychicMonth } from "../../model/ledger";
import { romeMonthBounds } from "../../framework/time";

/** The most shares one month of one psychic is read with (a psychic's month: at most ~100 consultations). */
const LEDGER_MONTH_SHARES = 300;

/** A psychic's shares of the Rome months `first`..`last` (inclusive, model/ledger.ts shareMonth), oldest first. */
export async function sharesOfMonths(ctx: QueryCtx, psychicUserId: Id<"users">, first: string, last: string, months = 1) {
  const { from } = romeMonthBounds(first);
  const { to } = romeMonthBounds(last);
  return ctx.db
    .query("psychicTransfers")
    .withIndex("by_psychicUserId_dueAt", (q) => q.eq("psychicUserId", psychicUserId).gte("dueAt", from).lt("dueAt", to))
    .take(LEDGER_MONTH_SHARES * months);
}

/** What the psychic earned in a Rome month (model/ledger.ts psychicMonth): the card, 'Guadagni' and the statement. */
export async function psychicMonthOf(ctx: QueryCtx, psychicUserId: Id<"users">, month: string): Promise<PsychicMonth> {
  return psychicMonth(month, await sharesOfMonths(ctx, psychicUserId, month, month));
}

/** One paid booking's part of its month's books, read from its share and the share's reversals. */
export async function bookingBooksOf(ctx: QueryCtx, booking: Doc<"bookings">): Promise<Books> {
  const share = await ctx.db
    .query("psychicTransfers")
    .withIndex("by_bookingId", (q) => q.eq("bookingId", booking._id))
    .first();
  const reversals =
    share === null
      ? []
      : await ctx.db
          .query("transferReversals")
          .withIndex("by_transferId", (q) => q.eq("transferId", share._id))
          .collect();
  return bookingBooks(booking, share, reversals);
}
