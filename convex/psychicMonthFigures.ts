// The psychic's monthly figures (docs/product-rules.md, "Payments and refunds"): one row per psychic per
// Rome calendar month, kept in the same transaction as each consultation held and each review
// (lib/platform/triggers.ts), read here without scanning bookings. The money comes from the one ledger
// (model/ledger.ts): the month's shares, the same figure as the dashboard's card and 'Guadagni'.
import { v } from "convex/values";
import { ownPsychicProfile } from "./lib/platform/access";
import { psychicQuery } from "./lib/platform/functions";
import { sharesOfMonths } from "./lib/money/ledger";
import { requireInstant } from "./framework/time";
import { lastMonths, monthView } from "./model/psychicMonthFigures";
import { psychicMonth } from "./model/ledger";

/** The months the psychic's dashboard shows. */
export const MONTHS_SHOWN = 6;

/**
 * The last six Rome months up to the one of the page's `now`, oldest first, months without consultations
 * as zeros: consultations given (completed or client absent), their minutes and hours (one decimal),
 * what the month earned (model/ledger.ts psychicMonth: held consultations and late cancellations' shares,
 * net of the commission and of what was taken back) and the average of the reviews of that month's
 * consultations (null without any).
 */
export const listMine = psychicQuery({
  args: { now: v.number() },
  returns: v.array(
    v.object({
      month: v.string(),
      consultationsGiven: v.number(),
      minutes: v.number(),
      hours: v.number(),
      earningsCents: v.number(),
      averageRating: v.union(v.number(), v.null()),
      ratingCount: v.number(),
    }),
  ),
  handler: async (ctx, { now }) => {
    requireInstant(now);
    const months = lastMonths(now, MONTHS_SHOWN);
    const profile = await ownPsychicProfile(ctx, ctx.viewerId);
    const shares = await sharesOfMonths(ctx, ctx.viewerId, months[0], months[months.length - 1], MONTHS_SHOWN);
    const withEarnings = (view: ReturnType<typeof monthView>) => ({ ...view, earningsCents: psychicMonth(view.month, shares).earnedCents });
    if (profile === null) return months.map((month) => withEarnings(monthView(month, null)));
    const rows = await ctx.db
      .query("psychicMonthFigures")
      .withIndex("by_psychicProfile_month", (q) =>
        q
          .eq("psychicProfileId", profile._id)
          .gte("monthYear", months[0])
          .lte("monthYear", months[months.length - 1]),
      )
      .take(MONTHS_SHOWN);
    const byMonth = new Map(rows.map((row) => [row.monthYear, row]));
    return months.map((month) => withEarnings(monthView(month, byMonth.get(month) ?? null)));
  },
});
