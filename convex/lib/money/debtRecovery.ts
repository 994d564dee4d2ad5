// Recovery of what a psychic owes back (model/payoutDebts.ts): when Stripe makes a new transfer to them,
// every reversal of theirs that Stripe kept refusing is asked again at once, now that the account holds
// the new money (one still within its series of attempts comes round by itself).
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { debtOf } from "./payoutDebts";
import { retryFailedReversal } from "./payouts";

export async function recoverDebtFrom(ctx: MutationCtx, psychicUserId: Id<"users">, now: number) {
  const debt = await debtOf(ctx, psychicUserId);
  if (debt === null) return;
  for (const reversalId of debt.reversalIds) {
    const reversal = await ctx.db.get("transferReversals", reversalId);
    if (reversal?.state === "failed") await retryFailedReversal(ctx, reversal, now);
  }
}
