// The books balance (docs/product-rules.md, "Payouts"): after any sequence of the marketplace's real
// mutations — bookings, payments (late and wrong-amount ones included), cancellations, refunds, calls and
// their settling, psychics onboarding, disputes and refunds made at Stripe — every paid booking, and so
// every month, accounts for each cent: paid − refunded − refunds still to make − disputed = transferred −
// reversed + still owed + the commission on what the platform kept (the one ledger, model/ledger.ts); the
// monthly books (each month's and all time's) and DAC7 figures the triggers keep hold the same sums; and no
// booking has two shares or two transfers at Stripe.
// Replay a seed: `npx vitest run tests/convex/money.property.test.ts -t "\(seed 17\)"` (MONEY_LOG=1 prints steps).
import { describe, expect, it, vi } from "vitest";
import type { MutationCtx } from "../../convex/_generated/server";
import { rebuildDac7Figures } from "../../convex/lib/money/dac7Figures";
import { bookingBooksOf } from "../../convex/lib/money/ledger";
import { ALL_BOOKS, readMonthBooks } from "../../convex/lib/money/moneyFigures";
import { addBooks, differenceOf, noBooks } from "../../convex/model/ledger";
import { romeMonthOf } from "../../convex/framework/time";
import { seededRandom, startRun, step } from "./fixtures/marketplaceRun";
import { setupTest, stripe, useStripeStandIn, type TestConvex } from "./setup";

useStripeStandIn();

const SEQUENCES = 60;
const STEPS = Number(process.env.MONEY_STEPS ?? 36);
const STARTS = ["2026-03-28T20:00:00Z", "2026-10-24T20:00:00Z", "2026-12-30T20:00:00Z", "2026-06-14T08:00:00Z"].map(Date.parse);

/** Every paid booking's money, the months it makes, and how many shares each booking has. */
function books(t: TestConvex) {
  return t.run(async (ctx) => {
    const paid = (await ctx.db.query("bookings").collect()).filter((booking) => booking.paidAt !== undefined);
    const perBooking = [];
    for (const booking of paid) {
      const money = await bookingBooksOf(ctx, booking);
      const shares = await ctx.db
        .query("psychicTransfers")
        .withIndex("by_bookingId", (q) => q.eq("bookingId", booking._id))
        .collect();
      perBooking.push({ bookingId: booking._id, month: romeMonthOf(booking.paidAt!), money, shares: shares.length });
    }
    return perBooking;
  });
}

describe("the books", () => {
  it.each(Array.from({ length: SEQUENCES }, (_, seed) => seed + 1))(
    "balance to the cent per booking and per month after a random sequence (seed %i)",
    async (seed) => {
      vi.setSystemTime(seededRandom(seed).pick(STARTS) + seed * 11 * 60_000);
      const t = setupTest();
      const run = await startRun(t, seed);
      for (let i = 0; i < STEPS; i++) await step(run);
      // The jobs still due (transfers, reversals, refunds, settling) run to the end.
      await t.finishAllScheduledFunctions(vi.runAllTimers);
      const steps = `seed ${seed}, steps:\n${run.log.join("\n")}`;
      if (process.env.MONEY_LOG) console.log(steps);
      const perBooking = await books(t);
      for (const { bookingId, money, shares } of perBooking) {
        expect(shares, `${bookingId} has one share at most\n${steps}`).toBeLessThanOrEqual(1);
        expect(differenceOf(money), `${bookingId}: ${JSON.stringify(money)}\n${steps}`).toBe(0);
      }
      for (const month of new Set(perBooking.map((entry) => entry.month))) {
        const sums = perBooking.filter((entry) => entry.month === month).reduce((total, entry) => addBooks(total, entry.money), noBooks());
        expect(differenceOf(sums), steps).toBe(0);
        // The admin's books the triggers kept for that month are the same sums, read in one row.
        expect(await t.run((ctx) => readMonthBooks(ctx, month)), `books of ${month}\n${steps}`).toEqual(sums);
      }
      // And all time's row is every month's added up.
      const allTime = perBooking.reduce((total, entry) => addBooks(total, entry.money), noBooks());
      expect(await t.run((ctx) => readMonthBooks(ctx, ALL_BOOKS)), `books of all time\n${steps}`).toEqual(allTime);
      // The DAC7 figures the triggers kept are what a recount from the transfers makes (nothing to change).
      expect(await t.run((ctx) => rebuildDac7Figures(ctx as MutationCtx)), `DAC7 figures\n${steps}`).toBe(0);
      // Stripe made at most one transfer per booking, and never reversed more than it transferred.
      const transfers = stripe().transfers();
      const groups = transfers.map((transfer) => transfer.transfer_group);
      expect(new Set(groups).size, steps).toBe(groups.length);
      for (const transfer of transfers) {
        const reversed = stripe()
          .reversals()
          .filter((reversal) => reversal.transfer === transfer.id)
          .reduce((sum, reversal) => sum + reversal.amount, 0);
        expect(reversed, steps).toBeLessThanOrEqual(transfer.amount);
      }
    },
  );
});
