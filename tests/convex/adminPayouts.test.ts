// The admin's 'Pagamenti' (convex/adminPayouts.ts): psychics by payout state, failed transfers and
// reversals with 'Riprova', each month's books reconciled to the cent, and the yearly DAC7 report.
import { describe, expect, it, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import { ADMIN_LIMITS } from "../../convex/model/admin";
import { callBooking } from "./fixtures/callWorld";
import { heldConsultation, onboardedWorld, paymentOf, transfersOf } from "./fixtures/payoutWorld";
import { signedEvent } from "./fixtures/stripeStandIn";
import type { World } from "./fixtures/world";
import { errorCodeOf, runWithTriggers, stripe, useStripeStandIn, type TestClient } from "./setup";

useStripeStandIn();

const HOUR_MS = 60 * 60_000;
const admin = (w: World) => w.as.admin as TestClient;
const overview = (w: World) => admin(w).query(api.adminPayouts.overview, { now: Date.now() });

async function deliver(w: World, type: string, object: unknown, eventId?: string) {
  const { body, header } = await signedEvent(type, object, eventId);
  await w.t.fetch("/stripe/webhook", { method: "POST", body, headers: { "stripe-signature": header } });
  await w.t.finishAllScheduledFunctions(vi.runAllTimers);
}

/**
 * A held consultation whose share Stripe refused through every attempt: one failed transfer. Stripe asked for a
 * document again (its webhook late) while the attempts ran; it was sent after them, so a retry goes through.
 */
async function refusedTransferWorld() {
  const { w, accountId } = await onboardedWorld();
  await stripe().missDocument(accountId);
  const bookingId = await callBooking(w, { startsInMs: -31 * 60_000, psychicJoinedAt: Date.now() - 31 * 60_000 });
  await w.t.mutation(internal.calls.settle, { bookingId });
  await w.t.finishAllScheduledFunctions(vi.runAllTimers);
  await stripe().enable(accountId);
  return { w, bookingId };
}

describe("the admin's 'Pagamenti'", () => {
  it("lists psychics by the state of their payout account, a page at a time, or those in one state", async () => {
    const { w } = await onboardedWorld();
    const accounts = async (state?: "enabled" | "not_started" | "requirements_due", cursor: string | null = null, numItems = 20) =>
      admin(w).query(api.adminPayouts.listAccounts, { ...(state ? { state } : {}), paginationOpts: { numItems, cursor } });
    const all = (await accounts()).page;
    expect(all.find((account) => account.psychicUserId === w.userIds.psychicA)?.state).toBe("enabled");
    expect(all.find((account) => account.psychicUserId === w.userIds.psychicB)?.state).toBe("not_started");
    expect((await accounts("enabled")).page.map((account) => account.psychicUserId)).toEqual([w.userIds.psychicA]);
    expect((await accounts("not_started")).page.map((account) => account.psychicUserId)).not.toContain(w.userIds.psychicA);
    expect((await accounts("requirements_due")).page).toEqual([]);

    // Every psychic is reached, one page after another.
    const first = await accounts(undefined, null, 1);
    expect(first.page).toHaveLength(1);
    expect(first.isDone).toBe(false);
    const rest = await accounts(undefined, first.continueCursor, 100);
    expect([...first.page, ...rest.page].map((account) => account.psychicUserId).sort()).toEqual(all.map((account) => account.psychicUserId).sort());
    expect(await errorCodeOf(accounts(undefined, null, 0))).toBe("INVALID_INPUT");
  });

  it("shows a transfer Stripe kept refusing; 'Riprova' sends it, once", async () => {
    const { w, bookingId } = await refusedTransferWorld();
    const { failedTransfers } = await overview(w);
    expect(failedTransfers).toMatchObject([{ bookingId, amountCents: 4250, psychicName: "Lettrice A" }]);
    expect(failedTransfers[0].lastError).toContain("transfers");
    await admin(w).mutation(api.adminPayouts.retryTransfer, { transferId: failedTransfers[0].id });
    await w.t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(stripe().transfers()).toHaveLength(1);
    expect((await overview(w)).failedTransfers).toEqual([]);
    expect(await errorCodeOf(admin(w).mutation(api.adminPayouts.retryTransfer, { transferId: failedTransfers[0].id }))).toBe("INVALID_STATE");
    expect(await errorCodeOf(admin(w).mutation(api.adminPayouts.retryTransfer, { transferId: "non-un-id" }))).toBe("NOT_FOUND");
  });

  it("shows the oldest failed transfers first, says more wait behind them, and brings the next up as one is retried", async () => {
    const { w } = await refusedTransferWorld();
    const [oldest] = (await overview(w)).failedTransfers;
    // As many again failed after it, each told apart by its amount.
    await w.t.run(async (ctx) => {
      const { _id, _creationTime, ...fields } = (await ctx.db.get("psychicTransfers", oldest.id))!;
      for (let index = 0; index < ADMIN_LIMITS.failedMoves; index++) await ctx.db.insert("psychicTransfers", { ...fields, amountCents: 100 + index });
    });
    const shown = await overview(w);
    expect(shown.failedTransfers).toHaveLength(ADMIN_LIMITS.failedMoves);
    expect(shown.failedTransfers[0].id).toBe(oldest.id);
    expect(shown.failedTransfers.at(-1)?.amountCents).toBe(100 + ADMIN_LIMITS.failedMoves - 2);
    expect(shown).toMatchObject({ moreFailedTransfers: true, moreFailedReversals: false });

    await admin(w).mutation(api.adminPayouts.retryTransfer, { transferId: oldest.id });
    await w.t.finishAllScheduledFunctions(vi.runAllTimers);
    const after = await overview(w);
    expect(after.failedTransfers.map((transfer) => transfer.id)).not.toContain(oldest.id);
    expect(after.failedTransfers.at(-1)?.amountCents).toBe(100 + ADMIN_LIMITS.failedMoves - 1);
    expect(after.moreFailedTransfers).toBe(false);
  });

  it("a failed reversal made at Stripe after all is found on 'Riprova', not made twice", async () => {
    const { w } = await onboardedWorld();
    const { paymentIntent, charge } = await paymentOf(w, await heldConsultation(w));
    await stripe().failNext(20);
    await deliver(w, "charge.dispute.created", { id: "dp_1", object: "dispute", amount: 5000, charge, payment_intent: paymentIntent });
    await stripe().recover();
    const { failedReversals } = await overview(w);
    expect(failedReversals).toMatchObject([{ amountCents: 4250 }]);
    await admin(w).mutation(api.adminPayouts.retryReversal, { reversalId: failedReversals[0].id });
    await w.t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(stripe().reversals().map((reversal) => reversal.amount)).toEqual([4250]);
    // As if its answer had been lost: asked again, the reversal is found among the transfer's.
    await w.t.run((ctx) => ctx.db.patch("transferReversals", failedReversals[0].id, { state: "failed", stripeReversalId: undefined }));
    await admin(w).mutation(api.adminPayouts.retryReversal, { reversalId: failedReversals[0].id });
    await w.t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(stripe().reversals()).toHaveLength(1);
  });

  it("reconciles the month to the cent: paid − refunded = transferred − reversed + owed + commission", async () => {
    const { w } = await onboardedWorld();
    await heldConsultation(w);
    await heldConsultation(w, 7000);
    const cancelled = await callBooking(w, { startsInMs: 5 * HOUR_MS });
    await (w.as.clientA as TestClient).mutation(api.bookings.cancelByClient, { bookingId: cancelled });
    await w.t.finishInProgressScheduledFunctions();
    const [month] = (await overview(w)).months;
    // The world's own bookings are in the month too; every one of them is accounted for.
    expect(month.differenceCents).toBe(0);
    expect(month.complete).toBe(true);
    expect(month.transferredCents).toBeGreaterThanOrEqual(4250 + 5950);
    expect(await transfersOf(w)).toHaveLength(3);
  });
});

describe("the DAC7 report", () => {
  it("has one row per psychic paid in the year: fiscal data and, per quarter, consideration, fees and activities", async () => {
    const { w, accountId } = await onboardedWorld();
    await heldConsultation(w);
    await heldConsultation(w, 7000);
    const year = Number(new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(Date.now()).slice(0, 4));
    const before = await admin(w).query(api.adminPayouts.dac7Report, { year });
    expect(before).toMatchObject({ year, rows: 1, missingFiscalData: 1 });
    expect(before.csv).toContain("da completare");
    expect(before.csv).toContain(accountId);

    await (w.as.psychicA as TestClient).mutation(api.fiscalData.saveMine, {
      legalName: "Maria Rossi",
      codiceFiscale: "rssmra80a01h501u",
      dateOfBirth: "1980-01-01",
      street: "Via Roma 1",
      postalCode: "00100",
      city: "Roma",
      iban: "IT60 X054 2811 1010 0000 0123 456",
    });
    const report = await admin(w).query(api.adminPayouts.dac7Report, { year });
    expect(report).toMatchObject({ rows: 1, missingFiscalData: 0 });
    const row = report.csv.trim().split("\r\n")[1];
    expect(row).toContain("Maria Rossi;RSSMRA80A01H501U;;1980-01-01");
    expect(row).toContain("IT60X0542811101000000123456");
    // 42.50 + 59.50 credited, 7.50 + 10.50 in fees, two consultations, in the quarter of today.
    expect(row).toContain("102,00;18,00;2");
    expect((await admin(w).query(api.adminPayouts.dac7Report, { year: year - 1 })).rows).toBe(0);
    expect(await errorCodeOf(admin(w).query(api.adminPayouts.dac7Report, { year: 1999 }))).toBe("INVALID_INPUT");
  });
});

describe("the DAC7 report counts what was credited, transferred or not", () => {
  const thisYear = () => Number(new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(Date.now()).slice(0, 4));

  it("has a row for a psychic whose shares still wait for their payout account, and names who lacks fiscal data", async () => {
    // psychicA never finished Stripe's onboarding: the shares are owed ('In attesa di attivazione pagamenti'), not transferred.
    const { w } = await onboardedWorld(false);
    await heldConsultation(w);
    await heldConsultation(w, 7000);
    expect((await transfersOf(w)).map((share) => share.state)).toEqual(["awaiting_onboarding", "awaiting_onboarding"]);
    const report = await admin(w).query(api.adminPayouts.dac7Report, { year: thisYear() });
    expect(report).toMatchObject({ rows: 1, missingFiscalData: 1 });
    expect(report.missing).toEqual([{ name: "Persona psychicA", email: "cartomante.a@esempio.it", accountDeleted: false }]);
    const row = report.csv.trim().split("\r\n")[1];
    expect(row).toContain("Persona psychicA;da completare");
    // 42.50 + 59.50 credited, 7.50 + 10.50 in fees, two consultations, though nothing went out yet.
    expect(row).toContain("102,00;18,00;2");
  });

  it("counts a share in the quarter it was credited, and not at all once the client got everything back", async () => {
    const { w } = await onboardedWorld(false);
    const bookingId = await heldConsultation(w);
    const [share] = await transfersOf(w);
    // Credited at the consultation's end; moved to March of this year, it is the first quarter's.
    const march = Date.UTC(thisYear(), 2, 15, 12);
    await runWithTriggers(w.t, (ctx) => ctx.db.patch("psychicTransfers", share._id, { dueAt: march }));
    let row = (await admin(w).query(api.adminPayouts.dac7Report, { year: thisYear() })).csv.trim().split("\r\n")[1];
    expect(row.split(";").slice(6, 9)).toEqual(["42,50", "7,50", "1"]);
    // A full refund afterwards withholds the share: nothing credited, no row.
    const { paymentIntent, charge } = await paymentOf(w, bookingId);
    await deliver(w, "charge.refunded", { id: charge, object: "charge", payment_intent: paymentIntent, amount_refunded: 5000 });
    expect((await transfersOf(w)).find((s) => s.bookingId === bookingId)?.state).toBe("withheld");
    row = (await admin(w).query(api.adminPayouts.dac7Report, { year: thisYear() })).csv.trim().split("\r\n")[1] ?? "";
    expect(row).toBe("");
  });
});
