// The product's Stripe flows against the stand-in in validating mode, through the stripe SDK, with the very
// parameters the app sends (convex/model/stripeRequests.ts): every answer and every webhook event must match
// Stripe's OpenAPI spec (local-backend/stripe/openapi/), so the stand-in's violation list stays empty. A wrong
// parameter name and a wrongly typed value are refused with Stripe's messages.
import type Stripe from "stripe";
import { afterEach, describe, expect, it } from "vitest";
import {
  checkoutSessionParams,
  onboardingLinkParams,
  payoutAccountParams,
  refundParams,
  reversalParams,
  transferParams,
} from "../../convex/model/stripeRequests";
import { Conformance } from "@arcano/local-backend/stripe/conformance";
import { eventually } from "@arcano/local-backend/testing/backend";
import { CONNECT_SECRET, eventsOf, getLocal, ONBOARDING_FORM, postLocal, receiver, sdk, startStandIn, stopAll, type StandIn } from "@arcano/local-backend/testing/stripe";

afterEach(stopAll);

type Violation = { operation: string; direction: string; path: string; message: string };
async function violationsOf(standIn: StandIn): Promise<{ validating: boolean; violations: Violation[] }> {
  return getLocal(standIn, "/__local/violations");
}

async function validatingStandIn() {
  const platform = await receiver([], "/stripe/webhook");
  const connect = await receiver([], "/stripe/connect-webhook");
  const standIn = await startStandIn({ webhookUrl: platform.url, connectWebhookUrl: connect.url, args: ["--allow-short-expiry"] });
  expect((await violationsOf(standIn)).validating).toBe(true);
  return { standIn, platform, connect, stripe: sdk(standIn.url) };
}

const SITE = "http://127.0.0.1:5173";
const hold = (bookingId: string, priceCents = 5000) => ({
  bookingId,
  priceCents,
  holdExpiresAt: Date.now() + 31 * 60 * 1000,
  description: "Consulto vocale con Selene, 12 maggio 2026 alle 18:00 (30 minuti)",
  clientEmail: "giulia@esempio.it",
});

/** A booking paid as the app's checkout is: the session, paid on the hosted page's test door, then retrieved. */
async function paidBooking(stripe: Stripe, standIn: StandIn, bookingId: string) {
  const session = await stripe.checkout.sessions.create(checkoutSessionParams(hold(bookingId), SITE), { idempotencyKey: `checkout-${bookingId}` });
  expect((await postLocal(standIn, `/__local/sessions/${session.id}/pay`)).status).toBe(200);
  const paid = await stripe.checkout.sessions.retrieve(session.id);
  const intent = await stripe.paymentIntents.retrieve(String(paid.payment_intent), { expand: ["latest_charge"] });
  return { session: paid, intent, charge: intent.latest_charge as Stripe.Charge };
}

describe("the Stripe stand-in held to Stripe's OpenAPI spec", () => {
  it("booking, expiry and cancellation refund: answers and webhooks match the spec", async () => {
    const { standIn, platform, stripe } = await validatingStandIn();
    const { session, intent, charge } = await paidBooking(stripe, standIn, "booking_contract_1");
    expect(session).toMatchObject({ status: "complete", payment_status: "paid", client_reference_id: "booking_contract_1" });
    expect(charge.amount_refunded).toBe(0);
    await stripe.checkout.sessions.retrieve(session.id, { expand: ["line_items", "payment_intent"] });
    await stripe.checkout.sessions.listLineItems(session.id);

    const open = await stripe.checkout.sessions.create(checkoutSessionParams(hold("booking_contract_2"), SITE));
    expect((await stripe.checkout.sessions.expire(open.id)).status).toBe("expired");

    const refund = await stripe.refunds.create(refundParams("booking_contract_1", intent.id, 2500), { idempotencyKey: "refund-booking_contract_1" });
    expect(refund).toMatchObject({ object: "refund", amount: 2500, status: "succeeded" });
    await stripe.refunds.retrieve(refund.id);
    await stripe.charges.retrieve(charge.id);

    for (const type of ["checkout.session.completed", "checkout.session.expired", "charge.refunded"]) {
      await eventually(async () => ((await eventsOf(platform.received, type)).length > 0 ? true : undefined), type);
    }
    expect((await violationsOf(standIn)).violations).toEqual([]);
  });

  it("Connect onboarding and the psychic's money: accounts, links, transfers, reversals, balance, payouts, events", async () => {
    const { standIn, platform, connect, stripe } = await validatingStandIn();
    const account = await stripe.accounts.create(payoutAccountParams("psychic_contract"), { idempotencyKey: "connect-account-psychic_contract" });
    const link = await stripe.accountLinks.create(onboardingLinkParams(account.id, `${SITE}/psychic/settings`));
    expect(link.url).toContain(standIn.url);
    expect((await postLocal(standIn, `/__local/accounts/${account.id}/onboard`, ONBOARDING_FORM)).status).toBe(200);
    expect(await stripe.accounts.retrieve(account.id)).toMatchObject({ payouts_enabled: true, charges_enabled: false });
    await stripe.accounts.update(account.id, { metadata: { note: "contract" } });
    await stripe.accounts.list({ limit: 3 });
    await stripe.accounts.listExternalAccounts(account.id);
    expect((await stripe.accounts.createLoginLink(account.id)).object).toBe("login_link");

    const { charge } = await paidBooking(stripe, standIn, "booking_contract_3");
    const share = { transferId: "transfer_1", bookingId: "booking_contract_3", amountCents: 4250, destination: account.id, charge: charge.id };
    const transfer = await stripe.transfers.create(transferParams(share), { idempotencyKey: "transfer-transfer_1" });
    const listed = await stripe.transfers.list({ transfer_group: "booking_booking_contract_3", destination: account.id, limit: 10 });
    expect(listed.data.map((t) => t.id)).toEqual([transfer.id]);
    await stripe.transfers.retrieve(transfer.id);
    const reversal = await stripe.transfers.createReversal(
      transfer.id,
      reversalParams({ reversalId: "reversal_1", bookingId: "booking_contract_3", amountCents: 1000 }),
    );
    expect((await stripe.transfers.listReversals(transfer.id, { limit: 100 })).data.map((r) => r.id)).toEqual([reversal.id]);
    await stripe.transfers.retrieveReversal(transfer.id, reversal.id);

    const balance = await stripe.balance.retrieve({}, { stripeAccount: account.id });
    expect(balance.available).toEqual([expect.objectContaining({ amount: 3250, currency: "eur" })]);
    await stripe.balance.retrieve();
    expect((await postLocal(standIn, "/__local/payouts/run", { account: account.id })).status).toBe(200);
    const payouts = await stripe.payouts.list({ limit: 10 }, { stripeAccount: account.id });
    await stripe.payouts.retrieve(payouts.data[0].id, {}, { stripeAccount: account.id });
    await stripe.accounts.retrieveCurrent({}, { stripeAccount: account.id });
    const events = await stripe.events.list({ type: "payout.*" }, { stripeAccount: account.id });
    await stripe.events.retrieve(events.data[0].id, {}, { stripeAccount: account.id });
    await stripe.events.list({ limit: 5 });

    const dispute = await postLocal(standIn, "/__local/disputes", { charge: charge.id, amount: 1000 });
    await stripe.disputes.retrieve((dispute.body as { id: string }).id);

    for (const type of ["transfer.created", "transfer.reversed", "charge.dispute.created"]) {
      await eventually(async () => ((await eventsOf(platform.received, type)).length > 0 ? true : undefined), type);
    }
    for (const type of ["account.updated", "payout.created", "payout.paid"]) {
      await eventually(async () => ((await eventsOf(connect.received, type, CONNECT_SECRET)).length > 0 ? true : undefined), type);
    }
    expect((await violationsOf(standIn)).violations).toEqual([]);
  });

  it("refuses a wrong parameter name and a wrongly typed value with Stripe's messages", async () => {
    const { standIn, stripe } = await validatingStandIn();
    const params = checkoutSessionParams(hold("booking_contract_4"), SITE);
    const misnamed = { ...params, payment_intent_data: { ...params.payment_intent_data, transfer_grup: "x" } } as Stripe.Checkout.SessionCreateParams;
    await expect(stripe.checkout.sessions.create(misnamed)).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      statusCode: 400,
      param: "payment_intent_data[transfer_grup]",
      message: "Received unknown parameter: payment_intent_data[transfer_grup]",
    });
    const account = await stripe.accounts.create(payoutAccountParams("psychic_contract_2"));
    const mistyped = { ...payoutAccountParams("x"), settings: { payouts: { schedule: { interval: "weekly", weekly_anchor: "lunedì" } } } };
    await expect(stripe.accounts.create(mistyped as Stripe.AccountCreateParams)).rejects.toMatchObject({
      param: "settings[payouts][schedule][weekly_anchor]",
      message: "Invalid weekly_anchor: must be one of friday, monday, saturday, sunday, thursday, tuesday, or wednesday",
    });
    await expect(
      stripe.transfers.create({
        ...transferParams({ transferId: "t", bookingId: "b", amountCents: 1, destination: account.id, charge: "ch_x" }),
        amount: "abc" as unknown as number,
      }),
    ).rejects.toMatchObject({
      param: "amount",
      message: "Invalid integer: abc",
    });
    await expect(stripe.accountLinks.create({ account: account.id } as Stripe.AccountLinkCreateParams)).rejects.toMatchObject({
      param: "type",
      message: "Missing required param: type.",
    });
    const { violations } = await violationsOf(standIn);
    expect(violations.map((v) => [v.direction, v.path])).toEqual([
      ["request", "payment_intent_data[transfer_grup]"],
      ["request", "settings[payouts][schedule][weekly_anchor]"],
      ["request", "amount"],
      ["request", "type"],
    ]);
  });

  it("answers 500 for an object outside the spec and records a webhook event's unknown field", () => {
    const conformance = new Conformance(true);
    const answer = conformance.respond("GET", "/v1/balance", 200, { object: "balance", available: "none", livemode: false, pending: [] });
    expect(answer.status).toBe(500);
    expect(conformance.violations[0]).toMatchObject({ operation: "get /v1/balance", direction: "response", path: "/available" });
    const completed = conformance.respond("GET", "/v1/balance", 200, { object: "balance", available: [], pending: [] });
    expect(completed).toEqual({ status: 200, body: expect.objectContaining({ livemode: false }) });
    conformance.event({
      id: "evt_1",
      object: "event",
      type: "payout.paid",
      created: 1,
      livemode: false,
      pending_webhooks: 0,
      request: null,
      api_version: null,
      data: { object: { object: "payout", id: "po_1", surprise: 1 } },
    });
    expect(conformance.violations.slice(1)).toEqual([
      expect.objectContaining({ direction: "webhook", path: "/data/object", message: expect.stringContaining("surprise") }),
    ]);
  });
});
