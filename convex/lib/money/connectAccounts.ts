// The psychic's Stripe Connect account as the actions reach it: made once at Stripe and recorded, and its
// state asked of Stripe and applied as `account.updated` would be (convex/payouts.ts, the demo seed).
import { internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import type { ActionCtx } from "../../_generated/server";
import type { PayoutAccountState } from "../../model/payouts";
import { payoutAccountParams } from "../../model/stripeRequests";
import { fail } from "../../framework/errors";
import { factsOf } from "./payouts";
import { stripeClient, type Stripe } from "./stripe";

function requireStripe(): Stripe {
  return stripeClient() ?? fail("PAYMENT_FAILED");
}

/** The psychic's Express account, made at Stripe once (one idempotency key per psychic) and recorded. */
export async function ensurePayoutAccount(ctx: Pick<ActionCtx, "runQuery" | "runMutation">, psychicUserId: Id<"users">): Promise<string> {
  const known = await ctx.runQuery(internal.payouts.accountIdOf, { psychicUserId });
  if (known !== null) return known;
  const account = await requireStripe().accounts.create(payoutAccountParams(psychicUserId), { idempotencyKey: `connect-account-${psychicUserId}` });
  return ctx.runMutation(internal.payouts.recordAccount, { psychicUserId, stripeAccountId: account.id });
}

/** The account's state as Stripe has it now, applied as `account.updated` would be. */
export async function refreshPayoutAccount(ctx: Pick<ActionCtx, "runMutation">, stripeAccountId: string): Promise<PayoutAccountState | null> {
  const account = await requireStripe().accounts.retrieve(stripeAccountId);
  return ctx.runMutation(internal.payouts.applyAccount, { stripeAccountId, facts: factsOf(account) });
}
