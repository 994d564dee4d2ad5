// What a psychic owes back (docs/product-rules.md, "Payouts"; model/payoutDebts.ts): shown in their
// 'Guadagni' with how it is recovered. Read from the row the triggers keep, never from Stripe.
import { v } from "convex/values";
import { psychicQuery } from "./lib/platform/functions";
import { debtOf } from "./lib/money/payoutDebts";

export const mine = psychicQuery({
  args: {},
  returns: v.union(v.null(), v.object({ owedCents: v.number(), since: v.number() })),
  handler: async (ctx) => {
    const debt = await debtOf(ctx, ctx.viewerId);
    return debt === null ? null : { owedCents: debt.owedCents, since: debt.since };
  },
});
