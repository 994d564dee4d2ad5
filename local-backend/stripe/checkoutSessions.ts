// Checkout Sessions: the create parameters' meaning (their names and types are checked by Stripe's schema first,
// openapi/formDecode.ts; what is left here is what a schema cannot say), and the Session object rendered from
// what is stored (completed by its schema on the way out).
import { invalidInteger, invalidParam, missingParam, StripeApiError } from "./errors.ts";
import type { FormObject, FormValue } from "./form.ts";
import { newId, type LineItemRecord, type Metadata, type SessionRecord } from "./store.ts";

const MIN_EXPIRY_SECONDS = 30 * 60;
const MAX_EXPIRY_SECONDS = 24 * 60 * 60;
// Stripe's minimum charge for EUR; other currencies are not offered by the product.
const MIN_AMOUNT = 50;


export const asObject = (value: FormValue | undefined): FormObject | undefined =>
  value && typeof value === "object" && !Array.isArray(value) ? value : undefined;

export const asString = (value: FormValue | undefined, param: string): string | undefined => {
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "string") throw invalidParam(param, `Invalid string: ${param} must be a string.`);
  return value;
};

export function parseInteger(value: FormValue | undefined, param: string): number | undefined {
  const text = asString(value, param);
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text)) throw invalidInteger(param, text);
  return Number(text);
}

export function parseMetadata(value: FormValue | undefined, param = "metadata"): Metadata {
  if (value === undefined || value === "") return {};
  const object = asObject(value);
  if (!object) throw invalidParam(param, "Invalid object");
  const metadata: Metadata = {};
  for (const [key, entry] of Object.entries(object)) {
    if (typeof entry !== "string") throw invalidParam(`${param}[${key}]`, "Invalid string");
    if (key.length > 40) throw invalidParam(param, "Metadata keys can have up to 40 characters.");
    if (entry.length > 500) throw invalidParam(`${param}[${key}]`, "Metadata values can have up to 500 characters.");
    if (entry !== "") metadata[key] = entry;
  }
  if (Object.keys(metadata).length > 50) throw invalidParam(param, "Metadata can have up to 50 keys.");
  return metadata;
}

function parseLineItem(value: FormValue, index: number): LineItemRecord {
  const base = `line_items[${index}]`;
  const item = asObject(value);
  if (!item) throw invalidParam(base, "Invalid object");
  if (item.price !== undefined) {
    throw new StripeApiError(400, "invalid_request_error", `No such price: '${String(item.price)}'`, "resource_missing", `${base}[price]`);
  }
  const priceData = asObject(item.price_data);
  if (!priceData) throw missingParam(`${base}[price_data]`);
  const currency = asString(priceData.currency, `${base}[price_data][currency]`);
  if (!currency) throw missingParam(`${base}[price_data][currency]`);
  if (!/^[a-z]{3}$/.test(currency)) throw invalidParam(`${base}[price_data][currency]`, `Invalid currency: ${currency}.`);
  const unitAmount = parseInteger(priceData.unit_amount, `${base}[price_data][unit_amount]`);
  if (unitAmount === undefined) throw missingParam(`${base}[price_data][unit_amount]`);
  if (unitAmount < 0) throw invalidParam(`${base}[price_data][unit_amount]`, "This value must be greater than or equal to 0.");
  const product = asObject(priceData.product_data);
  if (!product) throw missingParam(`${base}[price_data][product_data]`);
  const name = asString(product.name, `${base}[price_data][product_data][name]`);
  if (!name) throw missingParam(`${base}[price_data][product_data][name]`);
  const quantity = parseInteger(item.quantity, `${base}[quantity]`);
  if (quantity === undefined) throw missingParam(`${base}[quantity]`);
  if (quantity < 1) throw invalidParam(`${base}[quantity]`, "This value must be greater than or equal to 1.");
  const description = asString(product.description, `${base}[price_data][product_data][description]`) ?? null;
  return { id: newId("li"), name, description, currency, unitAmount, quantity };
}

export function checkUrl(value: FormValue | undefined, param: string): string | null {
  const text = asString(value, param);
  if (text === undefined) return null;
  if (!/^https?:\/\/[^\s]+$/.test(text)) throw invalidParam(param, "Not a valid URL", "url_invalid");
  return text;
}

export function parseSessionCreate(params: FormObject, now: number, allowShortExpiry: boolean): SessionRecord {
  const mode = asString(params.mode, "mode");
  if (!mode) throw missingParam("mode");
  if (mode !== "payment") throw invalidParam("mode", "The local Stripe stand-in supports only mode=payment.");
  if (!Array.isArray(params.line_items) || params.line_items.length === 0) {
    throw invalidParam("line_items", "`line_items` is required in `payment` mode.", "parameter_missing");
  }
  const lineItems = params.line_items.map(parseLineItem);
  const currency = lineItems[0].currency;
  if (lineItems.some((item) => item.currency !== currency)) {
    throw invalidParam("line_items", "All line items must use the same currency.");
  }
  const amountTotal = lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
  if (currency === "eur" && amountTotal < MIN_AMOUNT) {
    throw invalidParam("line_items", "The Checkout Session's total amount due must add up to at least €0.50 eur", "amount_too_small");
  }

  const expiresAt = parseInteger(params.expires_at, "expires_at") ?? now + MAX_EXPIRY_SECONDS;
  if (expiresAt > now + MAX_EXPIRY_SECONDS) {
    throw invalidParam("expires_at", "The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.");
  }
  if (expiresAt < now + (allowShortExpiry ? 1 : MIN_EXPIRY_SECONDS)) {
    throw invalidParam("expires_at", "The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.");
  }

  const clientReferenceId = asString(params.client_reference_id, "client_reference_id") ?? null;
  if (clientReferenceId && clientReferenceId.length > 200) {
    throw invalidParam("client_reference_id", "client_reference_id can have up to 200 characters.");
  }
  const customerEmail = asString(params.customer_email, "customer_email") ?? null;
  if (customerEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(customerEmail)) {
    throw invalidParam("customer_email", `Invalid email address: ${customerEmail}`, "email_invalid");
  }
  const intentData = asObject(params.payment_intent_data) ?? {};

  return {
    id: newId("cs_test"),
    created: now,
    expires_at: expiresAt,
    status: "open",
    payment_status: "unpaid",
    mode: "payment",
    currency,
    amount_total: amountTotal,
    client_reference_id: clientReferenceId,
    customer_email: customerEmail,
    locale: asString(params.locale, "locale") ?? null,
    metadata: parseMetadata(params.metadata),
    success_url: checkUrl(params.success_url, "success_url"),
    cancel_url: checkUrl(params.cancel_url, "cancel_url"),
    payment_intent: null,
    customer_details: null,
    lineItems,
    paymentIntentData: {
      metadata: parseMetadata(intentData.metadata, "payment_intent_data[metadata]"),
      description: asString(intentData.description, "payment_intent_data[description]") ?? null,
      transfer_group: asString(intentData.transfer_group, "payment_intent_data[transfer_group]") ?? null,
    },
  };
}

export function toLineItemsList(session: SessionRecord) {
  return {
    object: "list",
    data: session.lineItems.map((item) => {
      const suffix = item.id.slice(3);
      const amount = item.unitAmount * item.quantity;
      return {
        id: item.id,
        object: "item",
        amount_discount: 0,
        amount_subtotal: amount,
        amount_tax: 0,
        amount_total: amount,
        currency: item.currency,
        description: item.name,
        price: {
          id: `price_${suffix}`, object: "price", active: false, billing_scheme: "per_unit", created: session.created,
          currency: item.currency, custom_unit_amount: null, livemode: false, lookup_key: null, metadata: {},
          nickname: null, product: `prod_${suffix}`, recurring: null, tax_behavior: "unspecified", tiers_mode: null,
          transform_quantity: null, type: "one_time", unit_amount: item.unitAmount, unit_amount_decimal: String(item.unitAmount),
        },
        quantity: item.quantity,
      };
    }),
    has_more: false,
    url: `/v1/checkout/sessions/${session.id}/line_items`,
  };
}

/** The hosted page of an open session; Stripe gives `url: null` once a session is no longer open. */
const checkoutPageUrl = (baseUrl: string, sessionId: string) => `${baseUrl}/c/pay/${sessionId}`;

export function toSessionObject(session: SessionRecord, baseUrl: string): Record<string, unknown> & { id: string } {
  const { lineItems: _lineItems, paymentIntentData: _intentData, ...fields } = session;
  const object: Record<string, unknown> = {
    ...fields,
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: session.amount_total,
    automatic_tax: { enabled: false, status: null },
    billing_address_collection: null,
    consent: null,
    consent_collection: null,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { shipping_address: null, submit: null },
    customer: null,
    customer_creation: "if_required",
    customer_details: session.customer_details && {
      address: null, email: session.customer_details.email, name: session.customer_details.name, phone: null,
      tax_exempt: "none", tax_ids: [],
    },
    invoice: null,
    invoice_creation: null,
    livemode: false,
    payment_link: null,
    payment_method_collection: "if_required",
    payment_method_types: ["card"],
    recovered_from: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    submit_type: null,
    subscription: null,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    url: session.status === "open" ? checkoutPageUrl(baseUrl, session.id) : null,
  };
  // Stripe's order: id and object first, then the fields alphabetically.
  const ordered: Record<string, unknown> & { id: string } = { id: session.id, object: "checkout.session" };
  for (const key of Object.keys(object).sort()) if (key !== "id") ordered[key] = object[key];
  return ordered;
}
