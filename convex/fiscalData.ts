// A psychic's fiscal data for the yearly DAC7 report (docs/product-rules.md, "Payouts"): what the platform
// must report that Stripe's onboarding does not return to it. The psychic sees and corrects it in settings.
import { v } from "convex/values";
import { fail } from "./framework/errors";
import { psychicMutation, psychicQuery } from "./lib/platform/functions";
import { romeDateOf } from "./framework/time";
import { fiscalDataFields, fiscalRegime } from "./framework/validators";
import { internal } from "./_generated/api";
import { normaliseEmail } from "./model/accounts";
import { FISCAL_LIMITS, isAdultBirthDate, normaliseCodiceFiscale, normaliseIban, normalisePartitaIva } from "./model/fiscal";

const fiscalFields = {
  ...fiscalDataFields,
  iban: v.optional(v.string()),
  partitaIva: v.optional(v.string()),
  fiscalRegime: v.optional(fiscalRegime),
  sdiRecipientCode: v.optional(v.string()),
  pec: v.optional(v.string()),
};

export const getMine = psychicQuery({
  args: {},
  returns: v.union(
    v.null(),
    v.object({
      ...fiscalFields,
      iban: v.union(v.string(), v.null()),
      partitaIva: v.union(v.string(), v.null()),
      fiscalRegime: v.union(fiscalRegime, v.null()),
      sdiRecipientCode: v.union(v.string(), v.null()),
      pec: v.union(v.string(), v.null()),
      updatedAt: v.number(),
    }),
  ),
  handler: async (ctx) => {
    const data = await ctx.db
      .query("psychicFiscalData")
      .withIndex("by_psychicUserId", (q) => q.eq("psychicUserId", ctx.viewerId))
      .unique();
    if (data === null) return null;
    const { legalName, codiceFiscale, dateOfBirth, street, postalCode, city, iban, partitaIva, fiscalRegime, sdiRecipientCode, pec, updatedAt } = data;
    return {
      legalName,
      codiceFiscale,
      dateOfBirth,
      street,
      postalCode,
      city,
      iban: iban ?? null,
      partitaIva: partitaIva ?? null,
      fiscalRegime: fiscalRegime ?? null,
      sdiRecipientCode: sdiRecipientCode ?? null,
      pec: pec ?? null,
      updatedAt,
    };
  },
});

/** Optional text: absent or empty is none. */
const given = (value: string | undefined) => (value === undefined || value.trim() === "" ? undefined : value.trim());

/** Trimmed text of 1 to `max` characters, or the field's INVALID_INPUT. */
function text(field: string, value: string, max: number): string {
  const trimmed = value.trim().replace(/\s+/g, " ");
  return trimmed.length === 0 || trimmed.length > max ? fail("INVALID_INPUT", { field }) : trimmed;
}

export const saveMine = psychicMutation({
  args: fiscalFields,
  returns: v.null(),
  handler: async (ctx, args) => {
    const partitaIva = given(args.partitaIva);
    const sdiRecipientCode = given(args.sdiRecipientCode)?.toUpperCase();
    const pec = given(args.pec);
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
      partitaIva: partitaIva === undefined ? undefined : (normalisePartitaIva(partitaIva) ?? fail("INVALID_INPUT", { field: "partitaIva" })),
      // A partita IVA's documents name its regime; without one the psychic works occasionally and has none.
      fiscalRegime: partitaIva === undefined ? undefined : (args.fiscalRegime ?? fail("INVALID_INPUT", { field: "fiscalRegime" })),
      // The SdI's code for their e-invoices: 7 letters and digits (a company's; '0000000' is no code at all).
      sdiRecipientCode:
        sdiRecipientCode === undefined || sdiRecipientCode === "0000000"
          ? undefined
          : /^[A-Z0-9]{7}$/.test(sdiRecipientCode)
            ? sdiRecipientCode
            : fail("INVALID_INPUT", { field: "sdiRecipientCode" }),
      pec: pec === undefined ? undefined : (normaliseEmail(pec) ?? fail("INVALID_INPUT", { field: "pec" })),
      updatedAt: Date.now(),
    };
    const existing = await ctx.db
      .query("psychicFiscalData")
      .withIndex("by_psychicUserId", (q) => q.eq("psychicUserId", ctx.viewerId))
      .unique();
    if (existing !== null) await ctx.db.replace("psychicFiscalData", existing._id, { psychicUserId: ctx.viewerId, ...fields });
    else await ctx.db.insert("psychicFiscalData", { psychicUserId: ctx.viewerId, ...fields });
    // Documents that waited for this data are issued now (each once), apart from the save: it reads the psychic's shares.
    await ctx.scheduler.runAfter(0, internal.fiscalDocuments.catchUp, { psychicUserId: ctx.viewerId });
    return null;
  },
});
