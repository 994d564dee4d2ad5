// The REST API subset the product calls, behind Stripe's Bearer auth and Idempotency-Key handling; the Connect
// part (connectApi.ts) also answers requests made on a connected account (`Stripe-Account`).
import type http from "node:http";
import { toAccountObject } from "./accounts.ts";
import { parseSessionCreate, toLineItemsList, toSessionObject } from "./checkoutSessions.ts";
import { routeConnect } from "./connectApi.ts";
import type { ConnectContext } from "./context.ts";
import { noSuch, StripeApiError } from "./errors.ts";
import { canonical, type FormObject } from "./form.ts";
import type { Ledger } from "./ledger.ts";
import type { Conformance } from "./openapi/conformance.ts";
import { newId, nowSeconds, type ApiObject, type Store } from "./store.ts";
import { toTransferObject } from "./transfers.ts";
import { API_VERSION } from "./webhooks.ts";

type ApiResponse = { status: number; body: unknown; headers?: Record<string, string> };
type ApiContext = {
  store: Store;
  ledger: Ledger;
  connect: ConnectContext;
  conformance: Conformance;
  apiKey: string;
  baseUrl: () => string;
  allowShortExpiry: boolean;
};
type Call = { method: string; path: string; params: FormObject; requestId: string; idempotencyKey: string | null; account: string | null };

const NO_KEY_MESSAGE =
  "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth " +
  "(e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.";

/** The key from `Authorization: Bearer sk_…`, or from Basic auth with the key as user name (curl -u). */
function keyFrom(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const [scheme, value = ""] = header.split(" ");
  if (scheme.toLowerCase() === "bearer") return value.trim() || undefined;
  if (scheme.toLowerCase() === "basic") return Buffer.from(value, "base64").toString("utf8").split(":")[0] || undefined;
  return undefined;
}

const masked = (key: string) => `${key.slice(0, 8)}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;

const cannotExpand = (field: string) =>
  new StripeApiError(400, "invalid_request_error", `This property cannot be expanded (${field}).`, undefined, "expand");

function expandPaths(params: FormObject): string[] {
  const expand = params.expand;
  if (expand === undefined) return [];
  const list = Array.isArray(expand) ? expand : [expand];
  return list.filter((path): path is string => typeof path === "string" && path !== "");
}

export class StripeApi {
  constructor(private readonly context: ApiContext) {}

  /** The answer, completed and checked against Stripe's spec (a 500 when it breaks it). */
  async handle(req: http.IncomingMessage, path: string, params: FormObject): Promise<ApiResponse> {
    const answer = await this.answer(req, path, params);
    return { ...answer, ...this.context.conformance.respond(req.method ?? "GET", path, answer.status, answer.body) };
  }

  private async answer(req: http.IncomingMessage, path: string, params: FormObject): Promise<ApiResponse> {
    const requestId = newId("req");
    const headers = { "request-id": requestId, "stripe-version": String(req.headers["stripe-version"] ?? API_VERSION) };
    const key = keyFrom(req.headers.authorization);
    if (key !== this.context.apiKey) {
      const message = key ? `Invalid API Key provided: ${masked(key)}` : NO_KEY_MESSAGE;
      return { status: 401, body: new StripeApiError(401, "invalid_request_error", message).toJSON(), headers: { ...headers, "www-authenticate": 'Bearer realm="Stripe"' } };
    }
    const method = req.method ?? "GET";
    const accountHeader = req.headers["stripe-account"];
    const account = typeof accountHeader === "string" && accountHeader !== "" ? accountHeader : null;
    if (account && !this.context.store.state.accounts[account]) {
      const message =
        `The provided key '${masked(key)}' does not have access to account '${account}' (or that account does not exist). ` +
        "Application access may have been revoked.";
      return { status: 403, body: new StripeApiError(403, "invalid_request_error", message, "account_invalid").toJSON(), headers };
    }
    const idempotencyHeader = req.headers["idempotency-key"];
    const idempotencyKey = method === "POST" && typeof idempotencyHeader === "string" ? idempotencyHeader : null;
    const fingerprint = `${method} ${path} ${canonical(params)}`;
    // Stripe keeps idempotency keys per account: the same key may be used on the platform and on an account.
    const storedKey = idempotencyKey && (account ? `${account}:${idempotencyKey}` : idempotencyKey);
    if (storedKey) {
      const earlier = this.context.store.state.idempotency[storedKey];
      if (earlier && earlier.fingerprint !== fingerprint) {
        const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`;
        return { status: 400, body: new StripeApiError(400, "idempotency_error", message).toJSON(), headers };
      }
      if (earlier) return { status: earlier.status, body: earlier.body, headers: { ...headers, "idempotent-replayed": "true" } };
    }
    try {
      const body = this.route({ method, path, params, requestId, idempotencyKey, account });
      // Stripe keeps only results whose execution started; refused parameters can be retried with the key.
      if (storedKey) {
        this.context.store.state.idempotency[storedKey] = { fingerprint, status: 200, body, at: Date.now() };
        this.context.store.save();
      }
      return { status: 200, body, headers };
    } catch (error) {
      if (error instanceof StripeApiError) return { status: error.status, body: error.toJSON(), headers };
      throw error;
    }
  }

  private route(call: Call): unknown {
    const { method, path, params } = call;
    const { store, ledger, baseUrl } = this.context;
    const request = { id: call.requestId, idempotency_key: call.idempotencyKey };
    // Parameters refused by the operation's schema, with Stripe's messages (openapi/formDecode.ts).
    const refusal = this.context.conformance.checkRequest(method, path, params);
    if (refusal) throw refusal;
    const expand = expandPaths(params);
    const connect = routeConnect(this.context.connect, { method, path, params, request, account: call.account });
    if (connect) return "id" in connect && typeof connect.id === "string" ? this.expand(connect as ApiObject, expand) : connect;
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const session = parseSessionCreate(params, nowSeconds(), this.context.allowShortExpiry);
      store.state.sessions[session.id] = session;
      store.save();
      return this.expand(toSessionObject(session, baseUrl()), expand);
    }
    let match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)(\/expire|\/line_items)?$/);
    if (match) {
      const session = ledger.session(decodeURIComponent(match[1]));
      if (method === "GET" && !match[2]) return this.expand(toSessionObject(session, baseUrl()), expand);
      if (method === "GET" && match[2] === "/line_items") return toLineItemsList(session);
      if (method === "POST" && match[2] === "/expire") {
        ledger.expire(session, request);
        return this.expand(toSessionObject(session, baseUrl()), expand);
      }
    }
    if (method === "POST" && path === "/v1/refunds") return this.expand(ledger.refund(params, request), expand);
    match = path.match(/^\/v1\/(refunds|payment_intents|charges)\/([^/]+)$/);
    if (match && method === "GET") {
      const id = decodeURIComponent(match[2]);
      if (match[1] === "charges") return this.expand(ledger.charge(id), expand);
      const object = match[1] === "refunds" ? store.state.refunds[id] : store.state.paymentIntents[id];
      if (!object) throw noSuch(match[1] === "refunds" ? "refund" : "payment_intent", id);
      return this.expand(object, expand);
    }
    throw new StripeApiError(
      404,
      "invalid_request_error",
      `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    );
  }

  /** Replaces id fields named in `expand` (dotted paths allowed) with the objects they name. */
  private expand(object: ApiObject, paths: string[]): ApiObject {
    if (paths.length === 0) return object;
    const result: ApiObject = { ...object };
    const byField = new Map<string, string[]>();
    for (const path of paths) {
      const [field, ...rest] = path.split(".");
      byField.set(field, [...(byField.get(field) ?? []), ...(rest.length ? [rest.join(".")] : [])]);
    }
    for (const [field, rest] of byField) {
      if (field === "line_items" && object.object === "checkout.session") {
        result.line_items = toLineItemsList(this.context.ledger.session(object.id));
        continue;
      }
      if (!(field in object)) throw cannotExpand(field);
      const value = object[field];
      if (value === null) continue;
      const resolved = typeof value === "string" ? this.resolve(value) : undefined;
      if (!resolved) throw cannotExpand(field);
      result[field] = this.expand(resolved, rest);
    }
    return result;
  }

  private resolve(id: string): ApiObject | undefined {
    const { store, ledger, baseUrl } = this.context;
    if (id.startsWith("pi_")) return store.state.paymentIntents[id];
    if (id.startsWith("ch_")) return store.state.charges[id] && ledger.charge(id);
    if (id.startsWith("re_")) return store.state.refunds[id];
    if (id.startsWith("cs_")) return store.state.sessions[id] && toSessionObject(store.state.sessions[id], baseUrl());
    if (id.startsWith("acct_")) return store.state.accounts[id] && toAccountObject(store.state.accounts[id]);
    if (id.startsWith("tr_")) return store.state.transfers[id] && toTransferObject(store, store.state.transfers[id]);
    if (id.startsWith("trr_")) return store.state.transferReversals[id];
    return undefined;
  }
}
