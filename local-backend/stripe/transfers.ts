// Transfers to connected accounts and their reversals ("separate charges and transfers"), refused as Stripe
// refuses them: a destination without the transfers capability active, more than what is left of the source
// charge (its amount minus refunds, disputes and what earlier transfers took and kept), more than a transfer
// has left to reverse or the destination account has available (after a payout emptied it). Transfers and reversals are platform objects: `transfer.created` and
// `transfer.reversed` go to the platform's endpoint.
import { transfersActive } from "./accounts.ts";
import { asString, parseInteger, parseMetadata } from "./checkoutSessions.ts";
import type { ConnectContext } from "./context.ts";
import { invalidParam, missingParam, noSuch, noSuchParam, StripeApiError } from "./errors.ts";
import type { FormObject } from "./form.ts";
import { listOf, newestFirst } from "./lists.ts";
import { availableTo } from "./payouts.ts";
import { newId, nowSeconds, type ApiObject, type Store } from "./store.ts";
import type { EventRequest } from "./webhooks.ts";

const euro = (cents: number) => new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR" }).format(cents / 100);
const kept = (transfer: ApiObject) => Number(transfer.amount) - Number(transfer.amount_reversed);

export function transfer(store: Store, id: string): ApiObject {
  const found = store.state.transfers[id];
  if (!found) throw noSuch("transfer", id);
  return found;
}

export function reversalsOf(store: Store, transferId: string): ApiObject[] {
  return newestFirst(Object.values(store.state.transferReversals).filter((reversal) => reversal.transfer === transferId));
}

export function toTransferObject(store: Store, stored: ApiObject): ApiObject {
  const reversals = reversalsOf(store, stored.id);
  return {
    ...stored,
    reversals: {
      object: "list",
      data: reversals.slice(0, 10),
      has_more: reversals.length > 10,
      url: `/v1/transfers/${stored.id}/reversals`,
    },
  };
}

/** Disputed amounts of a charge: the money the bank took back. */
const disputedOf = (store: Store, chargeId: string) =>
  Object.values(store.state.disputes)
    .filter((dispute) => dispute.charge === chargeId)
    .reduce((sum, dispute) => sum + Number(dispute.amount), 0);

/** What a charge can still fund: its amount minus refunds, disputes and what transfers from it kept. */
function leftOnCharge(store: Store, charge: ApiObject): number {
  const transferred = Object.values(store.state.transfers)
    .filter((t) => t.source_transaction === charge.id)
    .reduce((sum, t) => sum + kept(t), 0);
  return Number(charge.amount) - Number(charge.amount_refunded) - disputedOf(store, charge.id) - transferred;
}

/** The platform's available balance: charges net of refunds and disputes, minus transfers net of reversals. */
export function platformAvailable(store: Store): number {
  const charged = Object.values(store.state.charges).reduce(
    (sum, c) => sum + Number(c.amount) - Number(c.amount_refunded) - disputedOf(store, c.id),
    0,
  );
  const transferred = Object.values(store.state.transfers).reduce((sum, t) => sum + kept(t), 0);
  return charged - transferred;
}

export function createTransfer(context: ConnectContext, params: FormObject, request: EventRequest): ApiObject {
  const { store } = context;
  const amount = parseInteger(params.amount, "amount");
  if (amount === undefined) throw missingParam("amount");
  if (amount < 1) throw invalidParam("amount", "This value must be greater than or equal to 1.");
  const currency = asString(params.currency, "currency");
  if (!currency) throw missingParam("currency");
  if (currency !== "eur") throw invalidParam("currency", "The local Stripe stand-in transfers only eur, the platform's currency.");
  const destinationId = asString(params.destination, "destination");
  if (!destinationId) throw missingParam("destination");
  const destination = store.state.accounts[destinationId];
  if (!destination) throw noSuchParam("destination", destinationId, "destination");
  if (!transfersActive(destination)) {
    throw new StripeApiError(
      400,
      "invalid_request_error",
      "Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments",
      "insufficient_capabilities_for_transfer",
      "destination",
    );
  }
  const sourceId = asString(params.source_transaction, "source_transaction") ?? null;
  if (sourceId) {
    const charge = store.state.charges[sourceId];
    if (!charge) throw noSuchParam("charge", sourceId, "source_transaction");
    const left = leftOnCharge(store, charge);
    if (amount > left) {
      throw new StripeApiError(
        400,
        "invalid_request_error",
        `Insufficient funds on the source transaction: the transfer amount (${euro(amount)}) is greater than what remains of charge ${sourceId} (${euro(Math.max(0, left))}) after its refunds, disputes and earlier transfers.`,
        "balance_insufficient",
        "amount",
      );
    }
  } else if (amount > platformAvailable(store)) {
    throw new StripeApiError(
      400,
      "invalid_request_error",
      "You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card.",
      "balance_insufficient",
    );
  }
  const id = newId("tr");
  const stored: ApiObject = {
    id,
    object: "transfer",
    amount,
    amount_reversed: 0,
    balance_transaction: newId("txn"),
    created: nowSeconds(),
    currency,
    description: asString(params.description, "description") ?? null,
    destination: destination.id,
    destination_payment: newId("py"),
    livemode: false,
    metadata: parseMetadata(params.metadata),
    reversed: false,
    source_transaction: sourceId,
    source_type: "card",
    transfer_group: asString(params.transfer_group, "transfer_group") ?? null,
  };
  store.state.transfers[id] = stored;
  const object = toTransferObject(store, stored);
  context.platformEvents.emit("transfer.created", object, request);
  store.save();
  return object;
}

export function reverseTransfer(context: ConnectContext, transferId: string, params: FormObject, request: EventRequest): ApiObject {
  const { store } = context;
  const stored = transfer(store, transferId);
  const left = kept(stored);
  if (left <= 0) {
    throw new StripeApiError(400, "invalid_request_error", `Transfer ${stored.id} has already been fully reversed.`, undefined, "amount");
  }
  const amount = parseInteger(params.amount, "amount") ?? left;
  if (amount < 1) throw invalidParam("amount", "This value must be greater than or equal to 1.");
  if (amount > left) {
    throw new StripeApiError(
      400,
      "invalid_request_error",
      `Transfer reversal amount (${euro(amount)}) is greater than unreversed amount on transfer (${euro(left)})`,
      undefined,
      "amount",
    );
  }
  // Stripe reverses a transfer_group transfer only if the destination account's balance covers it: after the
  // weekly payout emptied the account, the reversal is refused and the platform must wait for new funds.
  if (amount > availableTo(store, String(stored.destination))) {
    throw new StripeApiError(
      400,
      "invalid_request_error",
      `Insufficient funds in the destination account to reverse this transfer: the reversal (${euro(amount)}) is greater than the account's available balance (${euro(Math.max(0, availableTo(store, String(stored.destination))))}).`,
      "balance_insufficient",
      "amount",
    );
  }
  const reversal: ApiObject = {
    id: newId("trr"),
    object: "transfer_reversal",
    amount,
    balance_transaction: newId("txn"),
    created: nowSeconds(),
    currency: stored.currency,
    destination_payment_refund: newId("pyr"),
    metadata: parseMetadata(params.metadata),
    source_refund: null,
    transfer: stored.id,
  };
  store.state.transferReversals[reversal.id] = reversal;
  const previous = { amount_reversed: stored.amount_reversed, reversed: stored.reversed, reversals: toTransferObject(store, stored).reversals };
  stored.amount_reversed = Number(stored.amount_reversed) + amount;
  stored.reversed = stored.amount_reversed === stored.amount;
  context.platformEvents.emit("transfer.reversed", toTransferObject(store, stored), request, previous);
  store.save();
  return reversal;
}

export function listTransfers(store: Store, params: FormObject) {
  const destination = asString(params.destination, "destination");
  const group = asString(params.transfer_group, "transfer_group");
  const matching = Object.values(store.state.transfers).filter(
    (t) => (!destination || t.destination === destination) && (!group || t.transfer_group === group),
  );
  return listOf(
    newestFirst(matching).map((t) => toTransferObject(store, t)),
    params,
    "/v1/transfers",
    "transfer",
  );
}

/** Transfers received by a connected account, newest first, as its dashboard lists them. */
export const transfersTo = (store: Store, accountId: string) =>
  newestFirst(Object.values(store.state.transfers).filter((t) => t.destination === accountId));
