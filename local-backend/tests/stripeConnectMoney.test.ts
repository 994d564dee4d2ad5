// Stripe Connect on the local stand-in, part two: the money. Transfers funded by a paid Checkout Session's
// charge (`source_transaction`), refused as Stripe refuses them; reversals; the connected account's balance
// (`Stripe-Account`); payouts by the test route and by the schedule, with `payout.paid` on the Connect
// endpoint; the login link's dashboard; disputes with `charge.dispute.created` on the platform's endpoint.
import type Stripe from "stripe";
import { afterEach, describe, expect, it } from "vitest";
import type { ConnectContext } from "../stripe/context";
import { isPayoutDay, romeDay, runScheduledPayouts } from "../stripe/payouts";
import { Store } from "../stripe/store";
import { WebhookSender } from "../stripe/webhooks";
import { eventually } from "../testing/backend";
import {
  CONNECT_SECRET,
  eventsOf,
  onboardedAccount,
  paidCharge,
  postLocal,
  readerAccountParams,
  receiver,
  sdk,
  startStandIn,
  stopAll,
} from "../testing/stripeStandIn";

afterEach(stopAll);

async function withEndpoints() {
  const platform = await receiver([], "/stripe/webhook");
  const connect = await receiver([], "/stripe/connect-webhook");
  const standIn = await startStandIn({ webhookUrl: platform.url, connectWebhookUrl: connect.url });
  return { standIn, platform, connect, stripe: sdk(standIn.url) };
}

const readerShare = (reader: string, chargeId: string, amount = 4250): Stripe.TransferCreateParams => ({
  amount,
  currency: "eur",
  destination: reader,
  source_transaction: chargeId,
  transfer_group: "booking_123",
  metadata: { bookingId: "booking_123" },
});

describe("Connect money on the local Stripe stand-in", () => {
  it("a paid Checkout Session's intent and charge carry its transfer_group, and the charge funds a transfer", async () => {
    const { standIn, platform, stripe } = await withEndpoints();
    const { intent, chargeId } = await paidCharge(standIn);
    expect(chargeId).toMatch(/^ch_/);
    expect(intent.transfer_group).toBe("booking_123");
    expect((await stripe.charges.retrieve(chargeId)).transfer_group).toBe("booking_123");

    const reader = await onboardedAccount(standIn);
    const transfer = await stripe.transfers.create(readerShare(reader.id, chargeId), { idempotencyKey: "transfer-booking_123" });
    expect(transfer.id).toMatch(/^tr_/);
    expect(transfer).toMatchObject({
      object: "transfer",
      amount: 4250,
      amount_reversed: 0,
      reversed: false,
      currency: "eur",
      destination: reader.id,
      source_transaction: chargeId,
      transfer_group: "booking_123",
      metadata: { bookingId: "booking_123" },
      reversals: { object: "list", data: [], has_more: false },
    });
    const again = await stripe.transfers.create(readerShare(reader.id, chargeId), { idempotencyKey: "transfer-booking_123" });
    expect(again.id).toBe(transfer.id);
    expect((await stripe.transfers.retrieve(transfer.id)).amount).toBe(4250);
    expect((await stripe.transfers.list({ transfer_group: "booking_123" })).data.map((t) => t.id)).toEqual([transfer.id]);
    expect((await stripe.transfers.list({ destination: reader.id })).data.map((t) => t.id)).toEqual([transfer.id]);
    expect((await stripe.transfers.list({ transfer_group: "booking_999" })).data).toEqual([]);

    // Transfers are the platform's objects: transfer.created reaches the platform's endpoint.
    const [created] = await eventually(async () => {
      const events = await eventsOf(platform.received, "transfer.created");
      return events.length ? events : undefined;
    }, "transfer.created");
    expect(created.account).toBeUndefined();
    expect(created.data.object).toMatchObject({ id: transfer.id, amount: 4250 });
  });

  it("refuses a transfer to an account without payouts, beyond what is left of the charge, or to unknown ids", async () => {
    const { standIn, stripe } = await withEndpoints();
    const { intent, chargeId } = await paidCharge(standIn);
    const pending = await onboardedAccount(standIn, { missingDocument: "1" });
    const notStarted = await stripe.accounts.create(readerAccountParams("reader_2"));
    for (const account of [pending, notStarted]) {
      await expect(stripe.transfers.create(readerShare(account.id, chargeId))).rejects.toMatchObject({
        type: "StripeInvalidRequestError",
        statusCode: 400,
        code: "insufficient_capabilities_for_transfer",
        param: "destination",
        message: expect.stringContaining("needs to have at least one of the following capabilities enabled: transfers"),
      });
    }
    const reader = await onboardedAccount(standIn, {}, "reader_3");
    await expect(stripe.transfers.create(readerShare(reader.id, chargeId, 5001))).rejects.toMatchObject({
      code: "balance_insufficient",
      param: "amount",
    });
    await stripe.transfers.create(readerShare(reader.id, chargeId, 4250));
    await expect(stripe.transfers.create(readerShare(reader.id, chargeId, 751))).rejects.toMatchObject({ code: "balance_insufficient" });
    // A refund leaves less to transfer: 5000 − 1000 refunded − 4250 transferred is below zero.
    await stripe.refunds.create({ payment_intent: intent.id, amount: 1000 });
    await expect(stripe.transfers.create(readerShare(reader.id, chargeId, 1))).rejects.toMatchObject({ code: "balance_insufficient" });

    // A missing object named in a parameter is a bad request (400), as Stripe answers it.
    await expect(stripe.transfers.create(readerShare("acct_missing", chargeId))).rejects.toMatchObject({
      statusCode: 400,
      code: "resource_missing",
      param: "destination",
    });
    await expect(stripe.transfers.create(readerShare(reader.id, "ch_missing"))).rejects.toMatchObject({
      code: "resource_missing",
      param: "source_transaction",
    });
    await expect(stripe.transfers.retrieve("tr_missing")).rejects.toMatchObject({ code: "resource_missing" });
  });

  it("reverses in part, then the rest, never beyond, with transfer.reversed on the platform's endpoint", async () => {
    const { standIn, platform, stripe } = await withEndpoints();
    const { chargeId } = await paidCharge(standIn);
    const reader = await onboardedAccount(standIn);
    const transfer = await stripe.transfers.create(readerShare(reader.id, chargeId));

    const partial = await stripe.transfers.createReversal(
      transfer.id,
      { amount: 2125, metadata: { refundId: "re_1" } },
      { idempotencyKey: "reverse-booking_123-1" },
    );
    expect(partial.id).toMatch(/^trr_/);
    expect(partial).toMatchObject({
      object: "transfer_reversal",
      amount: 2125,
      currency: "eur",
      transfer: transfer.id,
      metadata: { refundId: "re_1" },
    });
    const replay = await stripe.transfers.createReversal(
      transfer.id,
      { amount: 2125, metadata: { refundId: "re_1" } },
      { idempotencyKey: "reverse-booking_123-1" },
    );
    expect(replay.id).toBe(partial.id);
    expect(await stripe.transfers.retrieve(transfer.id)).toMatchObject({
      amount_reversed: 2125,
      reversed: false,
      reversals: { data: [expect.objectContaining({ amount: 2125 })] },
    });

    await expect(stripe.transfers.createReversal(transfer.id, { amount: 2126 })).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      param: "amount",
      message: expect.stringContaining("is greater than unreversed amount on transfer"),
    });
    const rest = await stripe.transfers.createReversal(transfer.id);
    expect(rest.amount).toBe(2125);
    const reversed = await stripe.transfers.retrieve(transfer.id);
    expect(reversed).toMatchObject({ amount_reversed: 4250, reversed: true });
    expect(reversed.reversals.data.map((r) => r.id).sort()).toEqual([partial.id, rest.id].sort());
    expect((await stripe.transfers.listReversals(transfer.id)).data).toHaveLength(2);
    await expect(stripe.transfers.createReversal(transfer.id, { amount: 1 })).rejects.toMatchObject({
      message: expect.stringContaining("fully reversed"),
    });

    const events = await eventually(async () => {
      const found = await eventsOf(platform.received, "transfer.reversed");
      return found.length === 2 ? found : undefined;
    }, "two transfer.reversed events");
    expect(events.map((e) => (e.data.object as Stripe.Transfer).amount_reversed).sort((a, b) => a - b)).toEqual([2125, 4250]);
  });

  it("a reversal after the payout emptied the account is refused for insufficient funds, and goes through once a new transfer covers it", async () => {
    const { standIn, stripe } = await withEndpoints();
    const reader = await onboardedAccount(standIn);
    const first = await stripe.transfers.create(readerShare(reader.id, (await paidCharge(standIn)).chargeId));
    expect((await postLocal(standIn, "/__local/payouts/run")).body.payouts).toMatchObject([{ amount: 4250 }]);

    await expect(stripe.transfers.createReversal(first.id, { amount: 4250 })).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      code: "balance_insufficient",
      param: "amount",
      message: expect.stringContaining("Insufficient funds in the destination account"),
    });
    expect((await stripe.transfers.retrieve(first.id)).amount_reversed).toBe(0);
    expect((await stripe.balance.retrieve({}, { stripeAccount: reader.id })).available[0].amount).toBe(0);

    // The next share lands in the account: now the reversal is covered, and the balance never goes below zero.
    await stripe.transfers.create(readerShare(reader.id, (await paidCharge(standIn)).chargeId, 3000));
    await expect(stripe.transfers.createReversal(first.id, { amount: 4250 })).rejects.toMatchObject({ code: "balance_insufficient" });
    await stripe.transfers.createReversal(first.id, { amount: 3000 });
    expect((await stripe.balance.retrieve({}, { stripeAccount: reader.id })).available[0].amount).toBe(0);
  });

  it("the connected balance, a payout by /__local/payouts/run with payout.paid, and the login link's dashboard", async () => {
    const { standIn, connect, stripe } = await withEndpoints();
    const { chargeId } = await paidCharge(standIn);
    const reader = await onboardedAccount(standIn);
    const transfer = await stripe.transfers.create(readerShare(reader.id, chargeId));
    await stripe.transfers.createReversal(transfer.id, { amount: 1000 });

    const balance = await stripe.balance.retrieve({}, { stripeAccount: reader.id });
    expect(balance).toMatchObject({ object: "balance", available: [{ amount: 3250, currency: "eur" }], pending: [{ amount: 0, currency: "eur" }] });

    const run = await postLocal(standIn, "/__local/payouts/run");
    expect(run.status).toBe(200);
    const [payout] = run.body.payouts as Stripe.Payout[];
    expect(payout.id).toMatch(/^po_/);
    expect(payout).toMatchObject({
      object: "payout",
      amount: 3250,
      currency: "eur",
      status: "paid",
      automatic: true,
      destination: reader.external_accounts!.data[0].id,
    });
    expect(payout.arrival_date).toBeGreaterThan(0);
    expect((await stripe.balance.retrieve({}, { stripeAccount: reader.id })).available[0].amount).toBe(0);
    expect((await stripe.payouts.list({}, { stripeAccount: reader.id })).data.map((p) => p.id)).toEqual([payout.id]);
    expect((await stripe.payouts.retrieve(payout.id, {}, { stripeAccount: reader.id })).status).toBe("paid");
    expect((await stripe.payouts.list()).data).toEqual([]);
    // Nothing left: a second run pays nothing.
    expect((await postLocal(standIn, "/__local/payouts/run")).body.payouts).toEqual([]);

    const [paid] = await eventually(async () => {
      const events = await eventsOf(connect.received, "payout.paid", CONNECT_SECRET);
      return events.length ? events : undefined;
    }, "payout.paid");
    expect(paid).toMatchObject({
      account: reader.id,
      data: { object: { id: payout.id, status: "paid", amount: 3250 }, previous_attributes: { status: "pending" } },
    });

    const login = await stripe.accounts.createLoginLink(reader.id);
    expect(login).toMatchObject({ object: "login_link" });
    const dashboard = await fetch(login.url);
    expect(dashboard.status).toBe(200);
    const page = await dashboard.text();
    const euro = (cents: number) => new Intl.NumberFormat("it-IT", { style: "currency", currency: "EUR" }).format(cents / 100);
    expect(page).toContain('<html lang="it">');
    for (const text of ["Trasferimenti ricevuti", "Versamenti sul conto", "Selene Bianchi", "booking_123", euro(4250), euro(3250), "Versato"])
      expect(page, text).toContain(text);
    // The login link is single-use; the dashboard it opened stays open.
    expect((await fetch(login.url)).status).toBe(410);
    expect((await fetch(dashboard.url)).status).toBe(200);
    // The stand-in's own overview lists the account, the transfer and the payout.
    const overview = await (await fetch(standIn.overviewUrl)).text();
    for (const id of [reader.id, transfer.id, payout.id]) expect(overview, id).toContain(id);
  });

  it("pays out on the account's schedule day by the clock, once that day, what was transferred before the day began", async () => {
    const standIn = await startStandIn();
    const { chargeId } = await paidCharge(standIn);
    const reader = await onboardedAccount(standIn);
    await sdk(standIn.url).transfers.create(readerShare(reader.id, chargeId));
    await standIn.stop();

    // Monday 11 May 2026, 00:30 in Rome, is still Sunday in UTC.
    const mondayInRome = new Date("2026-05-10T22:30:00Z");
    expect(romeDay(mondayInRome)).toMatchObject({ key: "2026-05-11", weekday: "monday", dayOfMonth: 11 });
    expect(romeDay(mondayInRome).startedAt).toBe(Date.parse("2026-05-10T22:00:00Z") / 1000);
    const weekly = { delay_days: 7, interval: "weekly", weekly_anchor: "monday" };
    expect(isPayoutDay(weekly, romeDay(mondayInRome))).toBe(true);
    expect(isPayoutDay(weekly, romeDay(new Date("2026-05-12T10:00:00Z")))).toBe(false);
    expect(isPayoutDay({ ...weekly, interval: "manual" }, romeDay(mondayInRome))).toBe(false);

    const store = new Store(standIn.dataDir);
    const sender = (connect: boolean) => new WebhookSender({ store, secret: "whsec_x", retryBaseMs: 1000, maxAttempts: 1, connect });
    const context: ConnectContext = { store, platformEvents: sender(false), connectEvents: sender(true), baseUrl: () => "http://127.0.0.1" };
    const day = 24 * 60 * 60 * 1000;
    const nextMonday = [1, 2, 3, 4, 5, 6, 7].map((k) => new Date(Date.now() + k * day)).find((d) => romeDay(d).weekday === "monday")!;
    // The Monday that began before the transfer was made does not pay it; a Saturday is no payout day.
    expect(runScheduledPayouts(context, new Date(nextMonday.getTime() - 7 * day))).toEqual([]);
    expect(runScheduledPayouts(context, new Date(nextMonday.getTime() - 2 * day))).toEqual([]);
    const [payout] = runScheduledPayouts(context, nextMonday);
    expect(payout).toMatchObject({ amount: 4250, status: "paid" });
    expect(runScheduledPayouts(context, new Date(nextMonday.getTime() + 60 * 60 * 1000))).toEqual([]);
    expect(store.state.events.filter((e) => e.event.account === reader.id).map((e) => e.event.type)).toContain("payout.paid");
  });

  it("opens a dispute on a charge: charge.dispute.created on the platform's endpoint, and refunds refused", async () => {
    const { standIn, platform, connect, stripe } = await withEndpoints();
    const { intent, chargeId } = await paidCharge(standIn);
    const opened = await postLocal(standIn, "/__local/disputes", { charge: chargeId, amount: 5000 });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ object: "dispute", charge: chargeId, amount: 5000, payment_intent: intent.id, status: "needs_response" });
    expect(String(opened.body.id)).toMatch(/^du_/);
    expect((await stripe.charges.retrieve(chargeId)).disputed).toBe(true);
    expect((await postLocal(standIn, "/__local/disputes", { charge: chargeId })).status).toBe(400);
    expect((await postLocal(standIn, "/__local/disputes", { charge: "ch_missing" })).status).toBe(400);
    await expect(stripe.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({ code: "charge_disputed" });
    expect((await stripe.disputes.retrieve(String(opened.body.id))).charge).toBe(chargeId);

    const [event] = await eventually(async () => {
      const events = await eventsOf(platform.received, "charge.dispute.created");
      return events.length ? events : undefined;
    }, "charge.dispute.created");
    expect(event.account).toBeUndefined();
    expect(event.data.object).toMatchObject({ id: opened.body.id, charge: chargeId, amount: 5000 });
    expect(connect.received).toEqual([]);
  });
});
