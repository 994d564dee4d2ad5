// Paying psychics (docs/product-rules.md, "Payouts"): the Connect account and its onboarding, the Connect
// webhook, and one transfer of the psychic's share per held consultation, from that booking's charge.
import { describe, expect, it, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import { callBooking } from "./fixtures/callWorld";
import { deliverAccountUpdated, heldConsultation, onboardedWorld, paymentOf, psychicA, transfersOf } from "./fixtures/payoutWorld";
import { signedEvent } from "./fixtures/stripeStandIn";
import { attemptJob } from "./fixtures/providerJobs";
import { buildWorld, type World } from "./fixtures/world";
import { errorCodeOf, setupTest, stripe, useStripeStandIn, type TestClient } from "./setup";

useStripeStandIn();

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

describe("onboarding: 'Ricevi i pagamenti'", () => {
  it("makes the psychic's Express account once, IT, weekly payouts on Monday, and links to Stripe's onboarding", async () => {
    const w = await buildWorld(setupTest());
    expect(await psychicA(w).query(api.payouts.getMyAccount, {})).toEqual({ state: "not_started", requirementsDue: [] });
    const first = await psychicA(w).action(api.payouts.startOnboarding, {});
    const second = await psychicA(w).action(api.payouts.startOnboarding, {});
    expect(stripe().accounts()).toHaveLength(1);
    const accountId = stripe().accounts()[0].id;
    // Each link is Stripe's hosted onboarding of that one account.
    expect(first.url).toContain(`/setup/e/${accountId}/`);
    expect(second.url).toContain(`/setup/e/${accountId}/`);
    const created = stripe().requests.filter((request) => request.method === "POST" && request.path === "/v1/accounts");
    expect(created).toHaveLength(1);
    expect(created[0].idempotencyKey).toBe(`connect-account-${w.userIds.psychicA}`);
    expect(await w.t.run((ctx) => ctx.db.query("payoutAccounts").collect())).toMatchObject([
      { psychicUserId: w.userIds.psychicA, state: "not_started" },
    ]);
  });

  it("follows the account live from the Connect webhook: requirements due, then enabled", async () => {
    const { w, accountId } = await onboardedWorld(false);
    await stripe().missDocument(accountId);
    expect((await deliverAccountUpdated(w, accountId)).status).toBe(200);
    expect(await psychicA(w).query(api.payouts.getMyAccount, {})).toEqual({
      state: "requirements_due",
      requirementsDue: ["individual.verification.document"],
    });
    await stripe().enable(accountId);
    await deliverAccountUpdated(w, accountId);
    expect(await psychicA(w).query(api.payouts.getMyAccount, {})).toEqual({ state: "enabled", requirementsDue: [] });
  });

  it("the return page asks Stripe once, in case the webhook is late", async () => {
    const { w, accountId } = await onboardedWorld(false);
    await stripe().enable(accountId);
    expect(await psychicA(w).action(api.payouts.refreshMyAccount, {})).toBe("enabled");
    expect((await psychicA(w).query(api.payouts.getMyAccount, {})).state).toBe("enabled");
  });

  it("a Connect event with a bad signature gets 400 and changes nothing; a replayed one changes nothing", async () => {
    const { w, accountId } = await onboardedWorld(false);
    await stripe().enable(accountId);
    const { body } = await signedEvent("account.updated", await stripe().account(accountId), "evt_forged", "whsec_wrong", accountId);
    const forged = await w.t.fetch("/stripe/connect-webhook", { method: "POST", body, headers: { "stripe-signature": "t=1,v1=deadbeef" } });
    expect(forged.status).toBe(400);
    // Signed with the platform's secret instead of the Connect endpoint's: refused as well.
    const platformSigned = await signedEvent("account.updated", await stripe().account(accountId), "evt_platform", undefined, accountId);
    const wrongEndpoint = await w.t.fetch("/stripe/connect-webhook", {
      method: "POST",
      body: platformSigned.body,
      headers: { "stripe-signature": platformSigned.header },
    });
    expect(wrongEndpoint.status).toBe(400);
    expect((await psychicA(w).query(api.payouts.getMyAccount, {})).state).toBe("not_started");
    await deliverAccountUpdated(w, accountId, "evt_same");
    expect(await (await deliverAccountUpdated(w, accountId, "evt_same")).json()).toMatchObject({ outcome: "duplicate" });
  });

  it("'Apri il pannello Stripe' is for an account that can be paid", async () => {
    const { w, accountId } = await onboardedWorld(false);
    expect(await errorCodeOf(psychicA(w).action(api.payouts.dashboardLink, {}))).toBe("INVALID_STATE");
    await stripe().enable(accountId);
    await deliverAccountUpdated(w, accountId);
    expect((await psychicA(w).action(api.payouts.dashboardLink, {})).url).toContain(accountId);
  });
});

describe("a transfer per held consultation", () => {
  it("sends the psychic's share, price less 15 %, from that booking's charge in its transfer group, once", async () => {
    const { w, accountId } = await onboardedWorld();
    const bookingId = await heldConsultation(w);
    expect(stripe().transfers()).toMatchObject([
      {
        amount: 4250,
        currency: "eur",
        destination: accountId,
        source_transaction: (await paymentOf(w, bookingId)).charge,
        transfer_group: `booking_${bookingId}`,
        metadata: { bookingId },
      },
    ]);
    expect(await transfersOf(w)).toMatchObject([{ bookingId, grossCents: 5000, commissionCents: 750, amountCents: 4250, state: "transferred" }]);
    // The psychic's correction of the outcome moves no money.
    await psychicA(w)
      .mutation(api.bookings.markOutcomeByPsychic, { bookingId, outcome: "completed" })
      .catch(() => null);
    await w.t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(stripe().transfers()).toHaveLength(1);
  });

  it("transfers exactly once under 20 concurrent settlements, retries and account updates", async () => {
    const { w, accountId } = await onboardedWorld();
    const bookingId = await callBooking(w, { startsInMs: -31 * MINUTE_MS, psychicJoinedAt: Date.now() - 31 * MINUTE_MS });
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        index % 2 === 0 ? w.t.mutation(internal.calls.settle, { bookingId }) : deliverAccountUpdated(w, accountId, `evt_again_${index}`),
      ),
    );
    await w.t.finishAllScheduledFunctions(vi.runAllTimers);
    const [transfer] = await transfersOf(w);
    await Promise.all(Array.from({ length: 5 }, () => attemptJob(w.t, "transfer", transfer._id)));
    expect(stripe().transfers()).toHaveLength(1);
    expect(await transfersOf(w)).toHaveLength(1);
  });

  it("a client absent is paid in full too; a psychic absent or cancelling gets nothing", async () => {
    const { w } = await onboardedWorld();
    await heldConsultation(w, 5000, false);
    expect((await w.t.run((ctx) => ctx.db.query("bookings").collect())).some((booking) => booking.status === "no_show")).toBe(true);
    expect(stripe().transfers().map((transfer) => transfer.amount)).toEqual([4250]);

    const later = await callBooking(w, { startsInMs: 3 * 24 * HOUR_MS });
    await psychicA(w).mutation(api.bookings.cancelByPsychic, { bookingId: later });
    await w.t.finishAllScheduledFunctions(vi.runAllTimers);
    const absent = await callBooking(w, { startsInMs: -11 * MINUTE_MS });
    await w.t.mutation(internal.calls.settle, { bookingId: absent });
    await w.t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(stripe().transfers()).toHaveLength(1);
    expect(await transfersOf(w)).toHaveLength(1);
  });

  it("a client's cancellation 24 h–2 h before keeps half: its 85 % goes to the psychic at the consultation's end", async () => {
    const { w, accountId } = await onboardedWorld();
    const bookingId = await callBooking(w, { startsInMs: 5 * HOUR_MS, clientId: w.userIds.clientA });
    await (w.as.clientA as TestClient).mutation(api.bookings.cancelByClient, { bookingId });
    await w.t.finishInProgressScheduledFunctions();
    expect(await transfersOf(w)).toMatchObject([
      { reason: "cancellation", grossCents: 2500, commissionCents: 375, amountCents: 2125, state: "scheduled" },
    ]);
    expect(stripe().transfers()).toEqual([]);
    vi.advanceTimersByTime(5 * HOUR_MS + 31 * MINUTE_MS);
    await w.t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(stripe().transfers()).toMatchObject([{ amount: 2125, destination: accountId, transfer_group: `booking_${bookingId}` }]);
    // A cancellation with a full refund (a day or more ahead) leaves nothing to share.
    const early = await callBooking(w, { startsInMs: 3 * 24 * HOUR_MS });
    await (w.as.clientA as TestClient).mutation(api.bookings.cancelByClient, { bookingId: early });
    await w.t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await transfersOf(w)).toHaveLength(1);
  });
});

describe("earnings before the account can be paid", () => {
  it("wait 'In attesa di attivazione pagamenti', then go out each once when Stripe enables the account", async () => {
    const { w, accountId } = await onboardedWorld(false);
    await heldConsultation(w);
    await heldConsultation(w, 7000);
    expect((await transfersOf(w)).map((transfer) => transfer.state)).toEqual(["awaiting_onboarding", "awaiting_onboarding"]);
    expect(stripe().transfers()).toEqual([]);
    await stripe().enable(accountId);
    await deliverAccountUpdated(w, accountId, "evt_enabled");
    await deliverAccountUpdated(w, accountId, "evt_enabled_again");
    await w.t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(
      stripe()
        .transfers()
        .map((transfer) => transfer.amount)
        .sort(),
    ).toEqual([4250, 5950]);
    expect((await transfersOf(w)).map((transfer) => transfer.state)).toEqual(["transferred", "transferred"]);
  });

  it("a psychic who never started onboarding keeps them too", async () => {
    const w = await buildWorld(setupTest());
    await heldConsultation(w);
    expect((await transfersOf(w)).map((transfer) => transfer.state)).toEqual(["awaiting_onboarding"]);
  });
});

describe("a transfer Stripe refuses", () => {
  it("is tried again after 1, 5 and 25 minutes, then left failed with Stripe's words", async () => {
    const { w, accountId } = await onboardedWorld();
    // Stripe asks for a document again and the webhook is late: Stripe refuses every transfer to the account.
    await stripe().missDocument(accountId);
    const bookingId = await callBooking(w, { startsInMs: -31 * MINUTE_MS, psychicJoinedAt: Date.now() - 31 * MINUTE_MS });
    await w.t.mutation(internal.calls.settle, { bookingId });
    await w.t.finishAllScheduledFunctions(vi.runAllTimers);
    const [transfer] = await transfersOf(w);
    expect(transfer).toMatchObject({ state: "failed", attempts: 4 });
    expect(transfer.lastError).toContain("capabilities enabled: transfers");
    expect(stripe().transfers()).toEqual([]);
  });

  it("a transfer made at Stripe whose answer was lost is found, not made again, on the next attempt", async () => {
    const { w } = await onboardedWorld();
    const bookingId = await heldConsultation(w);
    const [transfer] = await transfersOf(w);
    // As if the answer never came back: the share still says pending, and its job is on its second attempt.
    await w.t.run(async (ctx) => {
      await ctx.db.patch("psychicTransfers", transfer._id, { state: "pending", lastError: "timeout", attempts: 1 });
      const job = await ctx.db.query("providerJobs").withIndex("by_kind_subjectId", (q) => q.eq("kind", "transfer").eq("subjectId", transfer._id)).unique();
      await ctx.db.patch("providerJobs", job!._id, { state: "pending", attempts: 1 });
    });
    await attemptJob(w.t, "transfer", transfer._id);
    expect(stripe().transfers()).toHaveLength(1);
    expect(await transfersOf(w)).toMatchObject([{ bookingId, state: "transferred", stripeTransferId: stripe().transfers()[0].id }]);
  });
});

describe("money back after the transfer", () => {
  /** A platform event about booking's payment, as Stripe signs it. */
  async function deliver(w: World, type: string, object: unknown, eventId?: string) {
    const { body, header } = await signedEvent(type, object, eventId);
    await w.t.fetch("/stripe/webhook", { method: "POST", body, headers: { "stripe-signature": header } });
    await w.t.finishAllScheduledFunctions(vi.runAllTimers);
  }
  type Payment = { paymentIntent: string; charge: string };
  const dispute = (paid: Payment, amount: number, id = "dp_1") => ({ id, object: "dispute", amount, charge: paid.charge, payment_intent: paid.paymentIntent, status: "needs_response" });
  const refunded = (paid: Payment, amountRefunded: number) => ({
    id: paid.charge,
    object: "charge",
    payment_intent: paid.paymentIntent,
    amount_refunded: amountRefunded,
  });

  it("a dispute reverses the psychic's whole share once and shows the booking to the admin", async () => {
    const { w } = await onboardedWorld();
    const bookingId = await heldConsultation(w);
    const paid = await paymentOf(w, bookingId);
    await deliver(w, "charge.dispute.created", dispute(paid, 5000), "evt_dp");
    await deliver(w, "charge.dispute.created", dispute(paid, 5000), "evt_dp_again");
    expect(stripe().reversals()).toMatchObject([
      { transfer: stripe().transfers()[0].id, amount: 4250, idempotencyKey: expect.stringMatching(/^reversal-/) },
    ]);
    expect(await transfersOf(w)).toMatchObject([{ state: "transferred", amountCents: 4250, reversedCents: 4250 }]);
    const { needingAttention } = await (w.as.admin as TestClient).query(api.admin.listBookings, {});
    expect(needingAttention).toMatchObject([{ id: bookingId, attention: "disputed" }]);
  });

  it("a refund made at Stripe after the transfer takes back the same proportion, never more than was transferred", async () => {
    const { w } = await onboardedWorld();
    const paid = await paymentOf(w, await heldConsultation(w));
    await deliver(w, "charge.refunded", refunded(paid, 2000), "evt_r1");
    expect(stripe().reversals().map((reversal) => reversal.amount)).toEqual([1700]);
    await deliver(w, "charge.refunded", refunded(paid, 5000), "evt_r2");
    expect(stripe().reversals().map((reversal) => reversal.amount)).toEqual([1700, 2550]);
    // A dispute after a full refund finds nothing left to take back.
    await deliver(w, "charge.dispute.created", dispute(paid, 5000), "evt_dp_late");
    expect(stripe().reversals().reduce((sum, reversal) => sum + reversal.amount, 0)).toBe(4250);
    expect(await transfersOf(w)).toMatchObject([{ reversedCents: 4250 }]);
  });

  it("money taken back before the transfer shrinks the share, and a full one withholds it: nothing is transferred after a full refund", async () => {
    const { w, accountId } = await onboardedWorld(false);
    const paid = await paymentOf(w, await heldConsultation(w));
    await deliver(w, "charge.refunded", refunded(paid, 1000), "evt_part");
    expect(await transfersOf(w)).toMatchObject([{ grossCents: 4000, commissionCents: 600, amountCents: 3400, state: "awaiting_onboarding" }]);
    await deliver(w, "charge.dispute.created", dispute(paid, 4000), "evt_rest");
    expect(await transfersOf(w)).toMatchObject([{ grossCents: 0, amountCents: 0, state: "withheld" }]);
    await stripe().enable(accountId);
    await deliverAccountUpdated(w, accountId);
    await w.t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(stripe().transfers()).toEqual([]);
  });

  it("refunds seen at Stripe after a late cancellation: a full refund there means nothing is transferred, and the books show it", async () => {
    const { w } = await onboardedWorld();
    // Cancelled 1 hour before: no refund by the app, the whole share owed at the consultation's end.
    const bookingId = await callBooking(w, { startsInMs: HOUR_MS, clientId: w.userIds.clientA });
    await (w.as.clientA as TestClient).mutation(api.bookings.cancelByClient, { bookingId });
    await w.t.finishInProgressScheduledFunctions();
    expect(await transfersOf(w)).toMatchObject([{ reason: "cancellation", grossCents: 5000, state: "scheduled" }]);
    // Support refunds the whole charge in Stripe's dashboard.
    await deliver(w, "charge.refunded", refunded(await paymentOf(w, bookingId), 5000), "evt_support_refund");
    vi.advanceTimersByTime(2 * HOUR_MS);
    await w.t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(stripe().transfers()).toEqual([]);
    expect(await transfersOf(w)).toMatchObject([{ state: "withheld", amountCents: 0 }]);
    expect(await w.t.run((ctx) => ctx.db.get("bookings", bookingId))).toMatchObject({ status: "cancelled", refundCents: 5000, refundStatus: "succeeded" });
    const month = await (w.as.admin as TestClient).query(api.adminPayouts.overview, { now: Date.now() });
    expect(month.months.every((row) => row.differenceCents === 0)).toBe(true);
    expect(month.months.reduce((sum, row) => sum + row.refundedCents, 0)).toBe(5000);
  });

  it("refunds seen at Stripe after a late cancellation: the half the app did not refund, refunded there, reverses the share already sent", async () => {
    const { w } = await onboardedWorld();
    // Cancelled 5 hours before: half refunded by the app, the share of the other half sent at the end.
    const bookingId = await callBooking(w, { startsInMs: 5 * HOUR_MS, clientId: w.userIds.clientA });
    await (w.as.clientA as TestClient).mutation(api.bookings.cancelByClient, { bookingId });
    vi.advanceTimersByTime(5 * HOUR_MS + 31 * MINUTE_MS);
    await w.t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(stripe().transfers().map((transfer) => transfer.amount)).toEqual([2125]);
    const paid = await paymentOf(w, bookingId);
    await deliver(w, "charge.refunded", refunded(paid, 2500), "evt_app_half");
    expect(stripe().reversals()).toEqual([]);
    await deliver(w, "charge.refunded", refunded(paid, 5000), "evt_support_half");
    expect(stripe().reversals().map((reversal) => reversal.amount)).toEqual([2125]);
    expect(await w.t.run((ctx) => ctx.db.get("bookings", bookingId))).toMatchObject({ refundCents: 5000, refundStatus: "succeeded" });
    const month = await (w.as.admin as TestClient).query(api.adminPayouts.overview, { now: Date.now() });
    expect(month.months.every((row) => row.differenceCents === 0)).toBe(true);
  });

  it("a reversal Stripe refuses is retried, then left failed", async () => {
    const { w } = await onboardedWorld();
    const paid = await paymentOf(w, await heldConsultation(w));
    await stripe().failNext(20);
    await deliver(w, "charge.dispute.created", dispute(paid, 5000));
    await stripe().recover();
    const reversals = await w.t.run((ctx) => ctx.db.query("transferReversals").collect());
    expect(reversals).toMatchObject([{ amountCents: 4250, state: "failed", attempts: 4 }]);
  });
});
