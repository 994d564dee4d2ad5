// Disputes, opened only by tests (`POST /__local/disputes`): the cardholder's bank takes a charge back. The
// charge is marked disputed (Stripe then refuses refunds of it) and `charge.dispute.created` goes to the
// platform's endpoint, as Stripe sends it.
import { asString, parseInteger } from "./checkoutSessions.ts";
import type { ConnectContext } from "./context.ts";
import { invalidParam, missingParam, noSuch, noSuchParam, StripeApiError } from "./errors.ts";
import type { FormObject } from "./form.ts";
import { newId, nowSeconds, type ApiObject } from "./store.ts";

const REASONS = new Set([
  "fraudulent",
  "product_not_received",
  "product_unacceptable",
  "duplicate",
  "subscription_canceled",
  "general",
  "unrecognized",
]);
// Stripe gives about three weeks to answer a dispute.
const RESPONSE_SECONDS = 21 * 24 * 60 * 60;

export function openDispute(context: ConnectContext, params: FormObject): ApiObject {
  const { store } = context;
  const chargeId = asString(params.charge, "charge");
  if (!chargeId) throw missingParam("charge");
  const charge = store.state.charges[chargeId];
  if (!charge) throw noSuchParam("charge", chargeId, "charge");
  if (charge.disputed) throw new StripeApiError(400, "invalid_request_error", `Charge ${chargeId} is already disputed.`, "charge_disputed", "charge");
  const left = Number(charge.amount) - Number(charge.amount_refunded);
  const amount = parseInteger(params.amount, "amount") ?? left;
  if (amount < 1 || amount > left) throw invalidParam("amount", `The disputed amount must be between 1 and what was not refunded (${left}).`);
  const reason = asString(params.reason, "reason") ?? "fraudulent";
  if (!REASONS.has(reason)) throw invalidParam("reason", `Invalid reason: must be one of ${[...REASONS].join(", ")}`);
  const created = nowSeconds();
  const dispute: ApiObject = {
    id: newId("du"),
    object: "dispute",
    amount,
    balance_transactions: [],
    charge: chargeId,
    created,
    currency: charge.currency,
    evidence: {},
    evidence_details: { due_by: created + RESPONSE_SECONDS, has_evidence: false, past_due: false, submission_count: 0 },
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: charge.payment_intent,
    reason,
    status: "needs_response",
  };
  store.state.disputes[dispute.id] = dispute;
  charge.disputed = true;
  context.platformEvents.emit("charge.dispute.created", dispute);
  store.save();
  return dispute;
}

export function dispute(context: ConnectContext, id: string): ApiObject {
  const found = context.store.state.disputes[id];
  if (!found) throw noSuch("dispute", id);
  return found;
}
