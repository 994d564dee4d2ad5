// Who a DAC7 row names (docs/product-rules.md, "Payouts"): a psychic's fiscal data as they entered it, or,
// once they deleted their account, the record of it kept apart from any profile for the years DAC7 requires
// (model/fiscal.ts FISCAL_RECORD_YEARS), which the retention sweep erases afterwards (convex/retention.ts).
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { DELETED_ACCOUNT_NAME } from "../../model/accounts";
import { fiscalRecordKeptUntil, type Dac7Seller } from "../../model/fiscal";
import { romeDateOf } from "../../framework/time";

async function liveFiscalData(ctx: QueryCtx, psychicUserId: Id<"users">) {
  return ctx.db
    .query("psychicFiscalData")
    .withIndex("by_psychicUserId", (q) => q.eq("psychicUserId", psychicUserId))
    .unique();
}

async function retainedRecord(ctx: QueryCtx, psychicUserId: Id<"users">) {
  return ctx.db
    .query("retainedFiscalRecords")
    .withIndex("by_psychicUserId", (q) => q.eq("psychicUserId", psychicUserId))
    .unique();
}

const yearOf = (ms: number) => Number(romeDateOf(ms).slice(0, 4));

/**
 * The account is being deleted: its fiscal data leaves the account. A psychic who was ever credited a share
 * may appear in a DAC7 report, so what the report needs (the fiscal data, or at least the account's name) is
 * kept apart until 10 years after the last year they can be reported for; of anyone else nothing is kept.
 */
export async function retainFiscalDataOf(ctx: MutationCtx, user: Doc<"users">, now: number): Promise<void> {
  const rows = await ctx.db
    .query("psychicFiscalData")
    .withIndex("by_psychicUserId", (q) => q.eq("psychicUserId", user._id))
    .collect();
  const fiscal = rows.at(-1) ?? null;
  const latestShare = await ctx.db
    .query("psychicTransfers")
    .withIndex("by_psychicUserId_dueAt", (q) => q.eq("psychicUserId", user._id))
    .order("desc")
    .first();
  if (latestShare !== null) {
    // A share still to come (a late cancellation's, due when the consultation would have ended) counts in its own year.
    const lastYear = Math.max(yearOf(now), yearOf(latestShare.dueAt));
    const record = {
      psychicUserId: user._id,
      legalName: fiscal?.legalName ?? user.name ?? DELETED_ACCOUNT_NAME,
      codiceFiscale: fiscal?.codiceFiscale,
      partitaIva: fiscal?.partitaIva,
      dateOfBirth: fiscal?.dateOfBirth,
      street: fiscal?.street,
      postalCode: fiscal?.postalCode,
      city: fiscal?.city,
      country: fiscal?.country,
      iban: fiscal?.iban,
      deletedAt: now,
      keepUntil: fiscalRecordKeptUntil(lastYear),
    };
    const existing = await retainedRecord(ctx, user._id);
    if (existing === null) await ctx.db.insert("retainedFiscalRecords", record);
    else await ctx.db.replace("retainedFiscalRecords", existing._id, record);
  }
  for (const row of rows) await ctx.db.delete("psychicFiscalData", row._id);
}

/** Whom a DAC7 row is about: their fiscal data (live, or kept after deletion; null if never entered) and their account if it still exists. */
export async function dac7SellerOf(ctx: QueryCtx, psychicUserId: Id<"users">): Promise<{ seller: Dac7Seller | null; user: Doc<"users"> | null }> {
  const user = await ctx.db.get("users", psychicUserId);
  if (user !== null) return { seller: await liveFiscalData(ctx, psychicUserId), user };
  return { seller: await retainedRecord(ctx, psychicUserId), user };
}
