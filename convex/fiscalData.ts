// A psychic's fiscal data for the yearly DAC7 report (docs/product-rules.md, "Payouts"): what the platform
// must report that Stripe's onboarding does not return to it. The psychic sees and corrects it in settings.
import { v } from "convex/values";
import { fail } from "./framework/errors";
import { psychicMutation, psychicQuery } from "./lib/platform/functions";
import { romeDateOf } from "./framework/time";
import { fiscalDataFields } from "./framework/validators";
import { FISCAL_LIMITS, isAdultBirthDate, normaliseCodiceFiscale, normaliseIban, normalisePartitaIva } from "./model/fiscal";

const fiscalFields = { ...fiscalDataFields, iban: v.optional(v.string()), partitaIva: v.optional(v.string()) };

export const getMine = psychicQuery({
  args: {},
  returns: v.union(
    v.null(),
    v.object({ ...fiscalFields, iban: v.union(v.string(), v.null()), partitaIva: v.union(v.string(), v.null()), updatedAt: v.number() }),
  ),
  handler: async (ctx) => {
    const data = await ctx.db
      .query("psychicFiscalData")
      .withIndex("by_psychicUserId", (q) => q.eq("psychicUserId", ctx.viewerId))
      .unique();
    if (data === null) return null;
    const { legalName, codiceFiscale, dateOfBirth, street, postalCode, city, iban, partitaIva, updatedAt } = data;
    return { legalName, codiceFiscale, dateOfBirth, street, postalCode, city, iban: iban ?? null, partitaIva: partitaIva ?? null, updatedAt };
  },
});

/** Trimmed text of 1 to `max` characters, or the field's INVALID_INPUT. */
function text(field: string, value: string, max: number): string {
  const trimmed = value.trim().replace(/\s+/g, " ");
  return trimmed.length === 0 || trimmed.length > max ? fail("INVALID_INPUT", { field }) : trimmed;
}

export const saveMine = psychicMutation({
  args: fiscalFields,
  returns: v.null(),
  handler: async (ctx, args) => {
    const fields = {
      legalName: text("legalName", args.legalName, FISCAL_LIMITS.legalName),
      codiceFiscale: normaliseCodiceFiscale(args.codiceFiscale) ?? fail("INVALID_INPUT", { field: "codiceFiscale" }),
      dateOfBirth: isAdultBirthDate(args.dateOfBirth, romeDateOf(Date.now())) ? args.dateOfBirth : fail("INVALID_INPUT", { field: "dateOfBirth" }),
      street: text("street", args.street, FISCAL_LIMITS.street),
      postalCode: /^\d{5}$/.test(args.postalCode.trim()) ? args.postalCode.trim() : fail("INVALID_INPUT", { field: "postalCode" }),
      city: text("city", args.city, FISCAL_LIMITS.city),
      country: "IT",
      iban: args.iban === undefined || args.iban.trim() === "" ? undefined : (normaliseIban(args.iban) ?? fail("INVALID_INPUT", { field: "iban" })),
      // Optional: absent (or empty) removes a stored one.
      partitaIva:
        args.partitaIva === undefined || args.partitaIva.trim() === ""
          ? undefined
          : (normalisePartitaIva(args.partitaIva) ?? fail("INVALID_INPUT", { field: "partitaIva" })),
      updatedAt: Date.now(),
    };
    const existing = await ctx.db
      .query("psychicFiscalData")
      .withIndex("by_psychicUserId", (q) => q.eq("psychicUserId", ctx.viewerId))
      .unique();
    if (existing !== null) await ctx.db.replace("psychicFiscalData", existing._id, { psychicUserId: ctx.viewerId, ...fields });
    else await ctx.db.insert("psychicFiscalData", { psychicUserId: ctx.viewerId, ...fields });
    return null;
  },
});
