// The admin's 'Pagamenti' (docs/product-rules.md, "Payouts"): psychics by the state of their payout
// account, transfers and reversals Stripe kept refusing (with 'Riprova'), each month's books reconciled
// to the cent, and the yearly DAC7 report. Admin builders: admin email domain AND a stored grant, on every call.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v, type Infer } from "convex/values";
import type { Doc, Id } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { payoutOnboardingReminderEmail } from "./email/payoutEmails";
import { appUrl } from "./lib/platform/addresses";
import { adminPage } from "./lib/admin/adminViews";
import { fail } from "./framework/errors";
import { adminMutation, adminQuery } from "./lib/platform/functions";
import { dac7FiguresOf } from "./lib/money/dac7Figures";
import { dac7SellerOf } from "./lib/money/fiscalRecords";
import { readMonthBooks } from "./lib/money/moneyFigures";
import { queueEmail } from "./lib/email/outbox";
import { oldestDebts } from "./lib/money/payoutDebts";
import { payoutAccountOf, retryFailedReversal, retryFailedTransfer } from "./lib/money/payouts";
import { checkRateLimit, rateLimit } from "./lib/platform/rateLimits";
import { requireInstant, romeMonthOf } from "./framework/time";
import { payoutAccountState } from "./framework/validators";
import { DELETED_ACCOUNT_NAME } from "./model/accounts";
import { ADMIN_LIMITS } from "./model/admin";
import { previousMonth } from "./model/psychicMonthFigures";
import { dac7Csv, dac7SellerCells, type Dac7Row } from "./model/fiscal";
import { differenceOf, keptCentsOf } from "./model/ledger";

/** Months the reconciliation shows, the current Rome month first. */
const RECONCILED_MONTHS = 6;

// A month's books as the one ledger defines them (model/ledger.ts): the same figures the overview reads.
const reconciliation = v.object({
  month: v.string(),
  paidCents: v.number(),
  refundedCents: v.number(),
  refundPendingCents: v.number(),
  refundFailedCents: v.number(),
  disputedCents: v.number(),
  keptCents: v.number(),
  transferredCents: v.number(),
  reversedCents: v.number(),
  owedCents: v.number(),
  commissionCents: v.number(),
  differenceCents: v.number(),
  complete: v.boolean(),
});

const payoutAccountRow = v.object({
  psychicUserId: v.id("users"),
  name: v.string(),
  email: v.union(v.string(), v.null()),
  state: payoutAccountState,
  requirementsDue: v.array(v.string()),
  /** What waits for an account not yet enabled: its shares 'In attesa di attivazione pagamenti' (0 once enabled). */
  owedCents: v.number(),
  /** More shares wait than were added up (ADMIN_LIMITS.owedSharesRead): the amount is a lower bound. */
  owedAtLeast: v.boolean(),
  /** When the next onboarding reminder may go (one a day), or null when one may go now or none is offered. */
  nextReminderAt: v.union(v.number(), v.null()),
});
type PayoutAccountRow = Infer<typeof payoutAccountRow>;

/** The shares owed to a psychic that wait for their account, added up (at most ADMIN_LIMITS.owedSharesRead of them). */
async function owedWhileNotOnboarded(ctx: QueryCtx, psychicUserId: Id<"users">) {
  const shares = await ctx.db
    .query("psychicTransfers")
    .withIndex("by_psychicUserId_state_transferredAt", (q) => q.eq("psychicUserId", psychicUserId).eq("state", "awaiting_onboarding"))
    .take(ADMIN_LIMITS.owedSharesRead + 1);
  const counted = shares.slice(0, ADMIN_LIMITS.owedSharesRead);
  return { owedCents: counted.reduce((sum, share) => sum + share.amountCents, 0), owedAtLeast: shares.length > counted.length };
}

/** When the next reminder to this psychic may go, or null when it may go now. */
async function nextReminderAt(ctx: QueryCtx, psychicUserId: Id<"users">): Promise<number | null> {
  const { ok, retryAt } = await checkRateLimit(ctx, { name: "onboardingReminderByPsychic", key: psychicUserId });
  return ok ? null : (retryAt ?? null);
}

/**
 * 'Cartomanti e pagamenti', a page at a time: every psychic newest first with the state of their payout
 * account, or only those in one state. A psychic who never opened an account counts as "not_started".
 */
export const listAccounts = adminQuery({
  args: { state: v.optional(payoutAccountState), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(payoutAccountRow),
  handler: async (ctx, { state, paginationOpts }) => {
    const page = adminPage(paginationOpts);
    const rowOf = async (psychic: Doc<"users"> | null, account: Doc<"payoutAccounts"> | null): Promise<PayoutAccountRow | null> => {
      if (psychic === null) return null;
      const state = account?.state ?? ("not_started" as const);
      const waiting = state !== "enabled";
      return {
        psychicUserId: psychic._id,
        name: psychic.name ?? psychic.email ?? DELETED_ACCOUNT_NAME,
        email: psychic.email ?? null,
        state,
        requirementsDue: account?.requirementsDue ?? [],
        ...(waiting ? await owedWhileNotOnboarded(ctx, psychic._id) : { owedCents: 0, owedAtLeast: false }),
        nextReminderAt: waiting ? await nextReminderAt(ctx, psychic._id) : null,
      };
    };
    if (state !== undefined && state !== "not_started") {
      // An exact page through the accounts in that state.
      const result = await ctx.db
        .query("payoutAccounts")
        .withIndex("by_state", (q) => q.eq("state", state))
        .order("desc")
        .paginate(page);
      const rows = await Promise.all(result.page.map(async (account) => rowOf(await ctx.db.get("users", account.psychicUserId), account)));
      return { ...result, page: rows.filter((row): row is PayoutAccountRow => row !== null) };
    }
    // Every psychic, or those without a started account: a page may then hold fewer rows than asked.
    const result = await ctx.db
      .query("users")
      .withIndex("by_accountType", (q) => q.eq("accountType", "psychic"))
      .order("desc")
      .paginate(page);
    const rows = await Promise.all(result.page.map(async (psychic) => rowOf(psychic, await payoutAccountOf(ctx, psychic._id))));
    const shown = rows.filter((row): row is PayoutAccountRow => row !== null && (state === undefined || row.state === state));
    return { ...result, page: shown };
  },
});

/**
 * The transfers and reversals Stripe kept refusing, oldest first, up to ADMIN_LIMITS.failedMoves of each with
 * whether more wait behind them (they come up as those shown are retried), and the books of the last
 * RECONCILED_MONTHS months.
 */
export const overview = adminQuery({
  args: { now: v.number() },
  returns: v.object({
    failedTransfers: v.array(
      v.object({
        id: v.id("psychicTransfers"),
        bookingId: v.id("bookings"),
        psychicName: v.string(),
        amountCents: v.number(),
        lastError: v.union(v.string(), v.null()),
      }),
    ),
    failedReversals: v.array(
      v.object({
        id: v.id("transferReversals"),
        bookingId: v.id("bookings"),
        psychicName: v.string(),
        amountCents: v.number(),
        lastError: v.union(v.string(), v.null()),
      }),
    ),
    moreFailedTransfers: v.boolean(),
    moreFailedReversals: v.boolean(),
    // Psychics who owe money back (a reversal Stripe refused: the account was already paid out), longest first.
    debts: v.array(v.object({ psychicUserId: v.id("users"), psychicName: v.string(), owedCents: v.number(), since: v.number() })),
    moreDebts: v.boolean(),
    months: v.array(reconciliation),
  }),
  handler: async (ctx, { now }) => {
    requireInstant(now);
    const psychicNameOf = async (bookingId: Id<"bookings">) => (await ctx.db.get("bookings", bookingId))?.psychicName ?? DELETED_ACCOUNT_NAME;
    const limit = ADMIN_LIMITS.failedMoves;
    const failedRows = await ctx.db
      .query("psychicTransfers")
      .withIndex("by_state_transferredAt", (q) => q.eq("state", "failed"))
      .take(limit + 1);
    const failedReversalRows = await ctx.db
      .query("transferReversals")
      .withIndex("by_state", (q) => q.eq("state", "failed"))
      .take(limit + 1);
    const debtRows = await oldestDebts(ctx, limit);
    const failed = failedRows.slice(0, limit);
    const failedReversals = failedReversalRows.slice(0, limit);
    // Each month's books are one row the triggers keep (lib/money/moneyFigures.ts, model/ledger.ts): every paid booking counts.
    const months = [];
    let month = romeMonthOf(now);
    for (let index = 0; index < RECONCILED_MONTHS; index++) {
      const books = await readMonthBooks(ctx, month);
      months.push({ month, ...books, keptCents: keptCentsOf(books), differenceCents: differenceOf(books), complete: true });
      month = previousMonth(month);
    }
    return {
      failedTransfers: await Promise.all(
        failed.map(async (transfer) => ({
          id: transfer._id,
          bookingId: transfer.bookingId,
          psychicName: await psychicNameOf(transfer.bookingId),
          amountCents: transfer.amountCents,
          lastError: transfer.lastError ?? null,
        })),
      ),
      failedReversals: await Promise.all(
        failedReversals.map(async (reversal) => ({
          id: reversal._id,
          bookingId: reversal.bookingId,
          psychicName: await psychicNameOf(reversal.bookingId),
          amountCents: reversal.amountCents,
          lastError: reversal.lastError ?? null,
        })),
      ),
      moreFailedTransfers: failedRows.length > limit,
      moreFailedReversals: failedReversalRows.length > limit,
      debts: await Promise.all(
        debtRows.slice(0, limit).map(async (debt) => {
          const psychic = await ctx.db.get("users", debt.psychicUserId);
          return {
            psychicUserId: debt.psychicUserId,
            psychicName: psychic?.name ?? psychic?.email ?? DELETED_ACCOUNT_NAME,
            owedCents: debt.owedCents,
            since: debt.since,
          };
        }),
      ),
      moreDebts: debtRows.length > limit,
      months,
    };
  },
});

/**
 * 'Invia un promemoria': an email (through the outbox) to a psychic whose payout account is not enabled, with
 * what waits for them and the link to the payouts' settings; one a day per psychic (REMINDER_ALREADY_SENT).
 */
export const remindOnboarding = adminMutation({
  args: { psychicUserId: v.id("users") },
  returns: v.null(),
  handler: async (ctx, { psychicUserId }) => {
    const psychic = await ctx.db.get("users", psychicUserId);
    if (psychic === null || psychic.accountType !== "psychic" || psychic.email === undefined) return fail("NOT_FOUND");
    if ((await payoutAccountOf(ctx, psychicUserId))?.state === "enabled") return fail("INVALID_STATE");
    const { owedCents } = await owedWhileNotOnboarded(ctx, psychicUserId);
    if (!(await rateLimit(ctx, { name: "onboardingReminderByPsychic", key: psychicUserId })).ok) return fail("REMINDER_ALREADY_SENT");
    await queueEmail(ctx, {
      ...payoutOnboardingReminderEmail({ name: psychic.name ?? "", owedCents, settingsUrl: `${appUrl()}/psychic/settings` }),
      to: psychic.email,
      kind: "payout_onboarding_reminder",
      relatedId: psychicUserId,
    });
    return null;
  },
});

/** 'Riprova' on a transfer Stripe kept refusing: a new series of attempts (the send looks it up first). */
export const retryTransfer = adminMutation({
  args: { transferId: v.string() },
  returns: v.null(),
  handler: async (ctx, { transferId }) => {
    const id = ctx.db.normalizeId("psychicTransfers", transferId);
    const transfer = id === null ? null : await ctx.db.get("psychicTransfers", id);
    if (transfer === null) return fail("NOT_FOUND");
    await retryFailedTransfer(ctx, transfer, Date.now());
    return null;
  },
});

/** 'Riprova' on a reversal Stripe kept refusing. */
export const retryReversal = adminMutation({
  args: { reversalId: v.string() },
  returns: v.null(),
  handler: async (ctx, { reversalId }) => {
    const id = ctx.db.normalizeId("transferReversals", reversalId);
    const reversal = id === null ? null : await ctx.db.get("transferReversals", id);
    if (reversal === null) return fail("NOT_FOUND");
    await retryFailedReversal(ctx, reversal, Date.now());
    return null;
  },
});

/**
 * The DAC7 report of a year (D.Lgs. 32/2023): one row per psychic credited in it, with their fiscal data (or,
 * after their deletion, the record of it kept for DAC7) and, per quarter (by the Rome date each share was
 * credited), the consideration credited to them whether or not its transfer went out (net of the fees, less
 * what was taken back), the fees withheld and the number of paid activities. Missing fiscal data shows
 * "da completare", and the psychics it is missing for are named.
 */
export const dac7Report = adminQuery({
  args: { year: v.number() },
  returns: v.object({
    year: v.number(),
    rows: v.number(),
    missingFiscalData: v.number(),
    missing: v.array(v.object({ name: v.string(), email: v.union(v.string(), v.null()), accountDeleted: v.boolean() })),
    csv: v.string(),
  }),
  handler: async (ctx, { year }) => {
    if (!Number.isInteger(year) || year < 2023 || year > 2100) return fail("INVALID_INPUT", { field: "year" });
    const rows: Dac7Row[] = [];
    const missing: Array<{ name: string; email: string | null; accountDeleted: boolean }> = [];
    // One row per psychic credited in the year, kept by the triggers (lib/money/dac7Figures.ts).
    for (const { psychicUserId, quarters } of await dac7FiguresOf(ctx, year)) {
      const { seller, user } = await dac7SellerOf(ctx, psychicUserId);
      const account = await payoutAccountOf(ctx, psychicUserId);
      const { complete, ...cells } = dac7SellerCells(seller, {
        name: user?.name ?? user?.email ?? DELETED_ACCOUNT_NAME,
        stripeAccountId: account?.stripeAccountId ?? null,
      });
      rows.push({ ...cells, quarters });
      if (!complete) missing.push({ name: cells.legalName, email: user?.email ?? null, accountDeleted: user === null });
    }
    rows.sort((a, b) => a.legalName.localeCompare(b.legalName, "it"));
    missing.sort((a, b) => a.name.localeCompare(b.name, "it"));
    return { year, rows: rows.length, missingFiscalData: missing.length, missing, csv: dac7Csv(rows) };
  },
});
