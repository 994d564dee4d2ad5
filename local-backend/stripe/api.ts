// The REST API subset the product calls, behind Stripe's Bearer auth and Idempotency-Key handling.
import type http from "node:http";
import { parseSessionCreate, toLineItemsList, toSessionObject } from "./checkoutSessions.ts";
import { noSuch, StripeApiError } from "./errors.ts";
import { canonical, type FormObject } from "./form.ts";
import type { Ledger } from "./ledger.ts";
import { newId, nowSeconds, type ApiObject, type Store } from "./store.ts";
import { API_VERSION } from "./webhooks.ts";

export type ApiResponse = { status: number; body: unknown; headers?: Record<string, string> };
type ApiContext = { store: Store; ledger: Ledger; apiKey: string; baseUrl: () => string; allowShortExpiry: boolean };
type Call = { method: string; path: string; params: FormObject; requestId: string; idempotencyKey: string | null };

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

  async handle(req: http.IncomingMessage, path: string, params: FormObject): Promise<ApiResponse> {
    const requestId = newId("req");
    const headers = { "request-id": requestId, "stripe-version": String(req.headers["stripe-version"] ?? API_VERSION) };
    const key = keyFrom(req.headers.authorization);
    if (key !== this.context.apiKey) {
      const message = key ? `Invalid API Key provided: ${masked(key)}` : NO_KEY_MESSAGE;
      return { status: 401, body: new StripeApiError(401, "invalid_request_error", message).toJSON(), headers: { ...headers, "www-authenticate": 'Bearer realm="Stripe"' } };
    }
    const method = req.method ?? "GET";
    const idempotencyHeader = req.headers["idempotency-key"];
    const idempotencyKey = method === "POST" && typeof idempotencyHeader === "string" ? idempotencyHeader : null;
    const fingerprint = `${method} ${path} ${canonical(params)}`;
    if (idempotencyKey) {
      const earlier = this.context.store.state.idempotency[idempotencyKey];
      if (earlier && earlier.fingerprint !== fingerprint) {
        const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`;
        return { status: 400, body: new StripeApiError(400, "idempotency_error", message).toJSON(), headers };
      }
      if (earlier) return { status: earlier.status, body: earlier.body, headers: { ...headers, "idempotent-replayed": "true" } };
    }
    try {
      const body = this.route({ method, path, params, requestId, idempotencyKey });
      // Stripe keeps only results whose execution started; refused parameters can be retried with the key.
      if (idempotencyKey) {
        this.context.store.state.idempotency[idempotencyKey] = { fingerprint, status: 200, body, at: Date.now() };
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
    const expand = expandPaths(params);
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
    return undefined;
  }
}
