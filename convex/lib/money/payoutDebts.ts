// The psychics' debts (model/payoutDebts.ts), kept by the triggers (lib/platform/triggers.ts) as their reversals
// change: one row per psychic who owes, read by the admin's 'Pagamenti' and the psychic's 'Guadagni'
// without asking Stripe. The only writer of `payoutDebts`.
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { debtAfter, owedCentsOf } from "../../model/payoutDebts";

type Reversal = Doc<"transferReversals">;

export async function debtOf(ctx: QueryCtx, psychicUserId: Id<"users">) {
  return ctx.db
    .query("payoutDebts")
    .withIndex("by_psychicUserId", (q) => q.eq("psychicUserId", psychicUserId))
    .unique();
}

/** A reversal changed: the psychic's debt follows what it leaves owed. */
export async function reversalDebtChanged(ctx: MutationCtx, oldDoc: Reversal | null, newDoc: Reversal | null) {
  const before = owedCentsOf(oldDoc);
  const after = owedCentsOf(newDoc);
  const reversal = newDoc ?? oldDoc;
  if (reversal === null || before === after) return;
  const share = await ctx.db.get("psychicTransfers", reversal.transferId);
  if (share === null) return;
  const row = await debtOf(ctx, share.psychicUserId);
  const debt = debtAfter(row, reversal._id, before, after, Date.now());
  if (debt === null) {
    if (row !== null) await ctx.db.delete("payoutDebts", row._id);
  } else {
    const fields = { ...debt, reversalIds: debt.reversalIds as Array<Id<"transferReversals">> };
    if (row === null) await ctx.db.insert("payoutDebts", { psychicUserId: share.psychicUserId, ...fields });
    else await ctx.db.patch("payoutDebts", row._id, fields);
  }
}

/** The psychics who owe, longest first, up to `limit` (and one more, to say more wait). */
export async function oldestDebts(ctx: QueryCtx, limit: number) {
  return ctx.db.query("payoutDebts").withIndex("by_since").take(limit + 1);
}

/**
 * Every psychic's debt recounted from the reversals Stripe refused and has not made (for the backfill after
 * deploying the trigger, and to check it); says how many rows differed. A row kept keeps its date.
 */
export async function rebuildPayoutDebts(ctx: MutationCtx): Promise<number> {
  const owed = new Map<Id<"users">, { owedCents: number; since: number; reversalIds: Array<Id<"transferReversals">> }>();
  for (const state of ["pending", "failed"] as const) {
    const reversals = await ctx.db
      .query("transferReversals")
      .withIndex("by_state", (q) => q.eq("state", state))
      .collect();
    for (const reversal of reversals) {
      const cents = owedCentsOf(reversal);
      const share = cents > 0 ? await ctx.db.get("psychicTransfers", reversal.transferId) : null;
      if (share === null) continue;
      const debt = owed.get(share.psychicUserId) ?? { owedCents: 0, since: reversal._creationTime, reversalIds: [] };
      debt.owedCents += cents;
      debt.since = Math.min(debt.since, reversal._creationTime);
      debt.reversalIds.push(reversal._id);
      owed.set(share.psychicUserId, debt);
    }
  }
  let changed = 0;
  for (const row of await ctx.db.query("payoutDebts").collect()) {
    const debt = owed.get(row.psychicUserId);
    owed.delete(row.psychicUserId);
    if (debt === undefined) {
      await ctx.db.delete("payoutDebts", row._id);
      changed++;
    } else if (debt.owedCents !== row.owedCents || [...debt.reversalIds].sort().join() !== [...row.reversalIds].sort().join()) {
      await ctx.db.patch("payoutDebts", row._id, { owedCents: debt.owedCents, reversalIds: debt.reversalIds });
      changed++;
    }
  }
  for (const [psychicUserId, debt] of owed) {
    await ctx.db.insert("payoutDebts", { psychicUserId, ...debt });
    changed++;
  }
  return changed;
}
