// What changes money and session states: paying a session from the hosted page, expiring it, refunding.
// Each change is saved together with the webhook event Stripe sends for it, before that event goes out.
import type { CardCheck } from "./cards.ts";
import { parseInteger, parseMetadata, toSessionObject } from "./checkoutSessions.ts";
import { invalidParam, noSuch, noSuchParam, StripeApiError } from "./errors.ts";
import type { FormObject } from "./form.ts";
import { newId, nowSeconds, type ApiObject, type SessionRecord, type Store } from "./store.ts";
import type { EventRequest, WebhookSender } from "./webhooks.ts";

type PaidCard = Extract<CardCheck, { ok: true }>["card"];

const euro = (cents: number, currency: string) =>
  new Intl.NumberFormat("en-IE", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);

export class Ledger {
  constructor(
    private readonly store: Store,
    private readonly webhooks: WebhookSender,
    private readonly baseUrl: () => string,
  ) {}

  session(id: string): SessionRecord {
    const session = this.store.state.sessions[id];
    if (!session) throw noSuch("checkout.session", id, "session");
    return session;
  }

  /** Stripe's success_url template, filled in. */
  successUrl(session: SessionRecord): string | null {
    return session.success_url?.replaceAll("{CHECKOUT_SESSION_ID}", session.id) ?? null;
  }

  pay(session: SessionRecord, card: PaidCard, customer: { email: string; name: string }): void {
    if (session.status !== "open") throw new Error(`session ${session.id} is ${session.status}`);
    const created = nowSeconds();
    const intentId = newId("pi");
    const chargeId = newId("ch");
    const paymentMethod = newId("pm");
    const description = session.paymentIntentData.description;
    const metadata = session.paymentIntentData.metadata;
    // Stripe copies payment_intent_data[transfer_group] onto the intent and its charge.
    const transferGroup = session.paymentIntentData.transfer_group ?? null;
    this.store.state.paymentIntents[intentId] = {
      id: intentId, object: "payment_intent", amount: session.amount_total, amount_capturable: 0,
      amount_details: { tip: {} }, amount_received: session.amount_total, application: null,
      application_fee_amount: null, automatic_payment_methods: null, canceled_at: null, cancellation_reason: null,
      capture_method: "automatic_async", client_secret: `${intentId}_secret_${newId("x").slice(2)}`,
      confirmation_method: "automatic", created, currency: session.currency, customer: null, description,
      last_payment_error: null, latest_charge: chargeId, livemode: false, metadata, next_action: null,
      on_behalf_of: null, payment_method: paymentMethod,
      payment_method_options: { card: { request_three_d_secure: "automatic" } }, payment_method_types: ["card"],
      processing: null, receipt_email: null, review: null, setup_future_usage: null, shipping: null,
      statement_descriptor: null, statement_descriptor_suffix: null, status: "succeeded", transfer_data: null,
      transfer_group: transferGroup,
    };
    this.store.state.charges[chargeId] = {
      id: chargeId, object: "charge", amount: session.amount_total, amount_captured: session.amount_total,
      amount_refunded: 0, application: null, application_fee: null, application_fee_amount: null,
      balance_transaction: newId("txn"),
      billing_details: { address: null, email: customer.email, name: customer.name, phone: null },
      calculated_statement_descriptor: "ARCANO", captured: true, created, currency: session.currency, customer: null,
      description, disputed: false, failure_balance_transaction: null, failure_code: null, failure_message: null,
      fraud_details: {}, livemode: false, metadata,
      outcome: { network_status: "approved_by_network", reason: null, risk_level: "normal", seller_message: "Payment complete.", type: "authorized" },
      paid: true, payment_intent: intentId, payment_method: paymentMethod,
      payment_method_details: {
        type: "card",
        card: { brand: card.brand, country: "IT", exp_month: card.expMonth, exp_year: card.expYear, funding: "credit", last4: card.last4 },
      },
      receipt_email: null, receipt_number: null, receipt_url: null, refunded: false, review: null, shipping: null,
      source_transfer: null, statement_descriptor: null, statement_descriptor_suffix: null, status: "succeeded",
      transfer_data: null, transfer_group: transferGroup,
    };
    session.status = "complete";
    session.payment_status = "paid";
    session.payment_intent = intentId;
    session.customer_details = customer;
    this.webhooks.emit("checkout.session.completed", toSessionObject(session, this.baseUrl()));
    this.store.save();
  }

  expire(session: SessionRecord, request?: EventRequest): void {
    if (session.status !== "open") {
      throw new StripeApiError(400, "invalid_request_error", `Only Checkout Sessions with a status in ["open"] can be expired.`, "checkout_session_not_open");
    }
    session.status = "expired";
    this.webhooks.emit("checkout.session.expired", toSessionObject(session, this.baseUrl()), request);
    this.store.save();
  }

  /** Open sessions whose `expires_at` has passed, expired as Stripe's own sweep does. */
  expireDue(now = nowSeconds()): number {
    const due = Object.values(this.store.state.sessions).filter((s) => s.status === "open" && s.expires_at <= now);
    for (const session of due) this.expire(session);
    return due.length;
  }

  charge(id: string): ApiObject {
    const charge = this.store.state.charges[id];
    if (!charge) throw noSuch("charge", id, "charge");
    const refunds = this.store.refundsOf(id);
    return {
      ...charge,
      refunds: { object: "list", data: refunds, has_more: false, url: `/v1/charges/${id}/refunds` },
    };
  }

  refund(params: FormObject, request: EventRequest): ApiObject {
    const intentId = typeof params.payment_intent === "string" ? params.payment_intent : undefined;
    const chargeParam = typeof params.charge === "string" ? params.charge : undefined;
    if (!intentId && !chargeParam) {
      throw new StripeApiError(400, "invalid_request_error", "One of the following params should be provided for this request: payment_intent or charge.", "parameter_missing");
    }
    let chargeId = chargeParam;
    if (intentId) {
      const intent = this.store.state.paymentIntents[intentId];
      if (!intent) throw noSuchParam("payment_intent", intentId, "payment_intent");
      chargeId = String(intent.latest_charge);
    }
    const charge = this.store.state.charges[chargeId!];
    if (!charge) throw noSuchParam("charge", chargeId!, "charge");
    const remaining = Number(charge.amount) - Number(charge.amount_refunded);
    const currency = String(charge.currency);
    if (charge.disputed) {
      const message = `Charge ${charge.id} has been charged back; cannot issue a refund.`;
      throw new StripeApiError(400, "invalid_request_error", message, "charge_disputed", "charge");
    }
    if (remaining <= 0) {
      throw new StripeApiError(400, "invalid_request_error", `Charge ${charge.id} has already been refunded.`, "charge_already_refunded", "charge");
    }
    const amount = parseInteger(params.amount, "amount") ?? remaining;
    if (amount < 1) throw invalidParam("amount", "This value must be greater than or equal to 1.");
    if (amount > remaining) {
      // Stripe sends this one without a code.
      throw new StripeApiError(400, "invalid_request_error", `Refund amount (${euro(amount, currency)}) is greater than unrefunded amount on charge (${euro(remaining, currency)})`, undefined, "amount");
    }
    const reason = typeof params.reason === "string" && params.reason !== "" ? params.reason : null;
    const refundId = newId("re");
    const refund: ApiObject = {
      id: refundId, object: "refund", amount, balance_transaction: newId("txn"), charge: charge.id,
      created: nowSeconds(), currency,
      metadata: parseMetadata(params.metadata), payment_intent: charge.payment_intent, reason,
      receipt_number: null, source_transfer_reversal: null, status: "succeeded", transfer_reversal: null,
    };
    this.store.state.refunds[refundId] = refund;
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    charge.amount_refunded = Number(charge.amount_refunded) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    this.webhooks.emit("charge.refunded", this.charge(String(charge.id)), request, previous);
    this.store.save();
    return refund;
  }
}
