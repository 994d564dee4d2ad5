// The local stand-in for Stripe: the app's unchanged stripe SDK reaches it through `host`/`port`/`protocol`
// when STRIPE_API_BASE points here. It serves the REST subset the product calls (api.ts, connectApi.ts), the
// hosted Italian checkout page of each session, Connect's hosted onboarding and dashboard pages
// (connectRoutes.ts), webhooks signed like Stripe's (the platform's endpoint and the Connect endpoint, each with
// its secret), and a local overview with a small JSON API for tests (`/__local/…`). Everything is kept in one
// JSON file, across restarts.
// The overview and every `/__local/…` route take the stand-in's access token, as the mailbox's page does
// (shared/accessToken.ts): they list clients' emails and pay, onboard, dispute and pay out with no card, IBAN
// or API key. Stripe's API takes the API key; a hosted page is reached by its own address (the session's or the
// link's random id), as on Stripe.
import http from "node:http";
import { carriesAccessToken, MISSING_ACCESS_TOKEN, newAccessToken, writeAccessToken } from "../shared/accessToken.ts";
import { refuseForeign } from "../shared/loopback.ts";
import { FaultSwitch, handleFaultsRequest } from "../shared/providerFaults.ts";
import { StripeApi } from "./api.ts";
import { checkCard, type CardForm } from "./cards.ts";
import { toSessionObject } from "./checkoutSessions.ts";
import { renderConnectOverview } from "./connectPages.ts";
import { handleConnectRequest } from "./connectRoutes.ts";
import type { ConnectContext } from "./context.ts";
import { parseForm, type FormObject } from "./form.ts";
import { Ledger } from "./ledger.ts";
import { renderCheckout, renderClosed, renderLocked, renderNotFound, renderOverview } from "./pages.ts";
import { newestFirst } from "./lists.ts";
import { conformanceFromEnv } from "./openapi/conformance.ts";
import { availableTo, runScheduledPayouts } from "./payouts.ts";
import { nowSeconds, Store, type SessionRecord } from "./store.ts";
import { WebhookSender } from "./webhooks.ts";

type StandInOptions = {
  dataDir: string;
  port: number;
  apiKey: string;
  webhookSecret: string;
  /** What the overview and the `/__local/…` routes take (`?token=` or `Authorization: Bearer`); random when not given. */
  accessToken?: string;
  webhookUrl?: string;
  /** The Connect endpoint's signing secret and address: events of connected accounts go there. */
  connectWebhookSecret?: string;
  connectWebhookUrl?: string;
  host?: string;
  /** How often open sessions are checked against `expires_at`. */
  expiryCheckMs?: number;
  /** First webhook retry delay; it doubles at each failed attempt. */
  webhookRetryMs?: number;
  webhookMaxAttempts?: number;
  /** How often the payout schedules are checked against the clock. */
  payoutCheckMs?: number;
  /** Tests only: keep nothing on disk (the state lives and dies with this process). */
  inMemory?: boolean;
  /** Tests only: accept `expires_at` sooner than Stripe's 30 minutes. */
  allowShortExpiry?: boolean;
};

type PayOutcome =
  | { kind: "paid"; redirect: string | null }
  | { kind: "refused"; status: number; form: CardForm; fieldErrors: Record<string, string>; decline?: string }
  | { kind: "closed" };

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

export async function startStripeStandIn(options: StandInOptions) {
  const host = options.host ?? "127.0.0.1";
  const store = new Store(options.dataDir, !options.inMemory);
  const accessToken = options.accessToken ?? newAccessToken();
  writeAccessToken(options.dataDir, accessToken);
  // Requests refused by Stripe's spec; answers and events validated against it (openapi/).
  const conformance = conformanceFromEnv();
  let baseUrl = "";
  const webhooks = new WebhookSender({
    store,
    url: options.webhookUrl,
    secret: options.webhookSecret,
    retryBaseMs: options.webhookRetryMs ?? 1000,
    maxAttempts: options.webhookMaxAttempts ?? 6,
    conformance,
  });
  const connectEvents = new WebhookSender({
    store,
    url: options.connectWebhookUrl,
    secret: options.connectWebhookSecret ?? options.webhookSecret,
    retryBaseMs: options.webhookRetryMs ?? 1000,
    maxAttempts: options.webhookMaxAttempts ?? 6,
    connect: true,
    conformance,
  });
  const ledger = new Ledger(store, webhooks, () => baseUrl);
  const connect: ConnectContext = { store, platformEvents: webhooks, connectEvents, baseUrl: () => baseUrl };
  const allowShortExpiry = Boolean(options.allowShortExpiry);
  // Test-only outages of the API (`/__local/faults`, shared/providerFaults.ts).
  const faults = new FaultSwitch();
  const api = new StripeApi({ store, ledger, connect, conformance, apiKey: options.apiKey, baseUrl: () => baseUrl, allowShortExpiry });

  /** The session, expired first if its time ran out since the last sweep (a stale page can't pay). */
  function currentSession(id: string): SessionRecord | undefined {
    const session = store.state.sessions[id];
    if (session?.status === "open" && session.expires_at <= nowSeconds()) ledger.expire(session);
    return session;
  }

  function pay(session: SessionRecord, form: CardForm): PayOutcome {
    if (session.status !== "open") return { kind: "closed" };
    const check = checkCard(form);
    if (!check.ok) {
      return { kind: "refused", status: check.decline ? 402 : 400, form, fieldErrors: check.fieldErrors, decline: check.decline };
    }
    ledger.pay(session, check.card, { email: form.email.trim(), name: form.name.trim() });
    return { kind: "paid", redirect: ledger.successUrl(session) };
  }

  function send(res: http.ServerResponse, status: number, body: string, type: string, headers: Record<string, string> = {}) {
    res.writeHead(status, { "content-type": type, "cache-control": "no-store", ...headers });
    res.end(body);
  }
  // The overview's address carries the access token: no link on it sends that address on.
  const NO_REFERRER = { "referrer-policy": "no-referrer" };
  const html = (res: http.ServerResponse, status: number, body: string) => send(res, status, body, "text/html; charset=utf-8");
  const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
    send(res, status, JSON.stringify(body, null, 2), "application/json", headers);
  const redirect = (res: http.ServerResponse, status: number, location: string) => {
    res.writeHead(status, { location, "cache-control": "no-store" });
    res.end();
  };

  async function handleCheckoutPage(req: http.IncomingMessage, res: http.ServerResponse, id: string, action?: string) {
    const session = currentSession(id);
    if (!session) return html(res, 404, renderNotFound());
    if (action === "/cancel" && req.method === "GET") {
      // The cancel link also expires the session, so the booking's time is freed at once.
      if (session.status === "open") ledger.expire(session);
      return session.cancel_url ? redirect(res, 302, session.cancel_url) : html(res, 200, renderClosed(session, null));
    }
    if (action) return html(res, 404, renderNotFound());
    if (req.method === "GET") {
      return html(res, 200, session.status === "open" ? renderCheckout(session) : renderClosed(session, ledger.successUrl(session)));
    }
    if (req.method !== "POST") return html(res, 405, renderNotFound());
    const fields = parseForm(await readBody(req));
    const form: CardForm = { email: text(fields.email), cardNumber: text(fields.cardNumber), expiry: text(fields.expiry), cvc: text(fields.cvc), name: text(fields.name) };
    // A second click after paying lands on the confirmation, as the first did.
    if (session.status === "complete" && session.success_url) return redirect(res, 303, ledger.successUrl(session)!);
    const outcome = pay(session, form);
    if (outcome.kind === "closed") return html(res, 409, renderClosed(session, ledger.successUrl(session)));
    if (outcome.kind === "refused") {
      return html(res, outcome.status, renderCheckout(session, { values: outcome.form, fieldErrors: outcome.fieldErrors, decline: outcome.decline }));
    }
    return outcome.redirect ? redirect(res, 303, outcome.redirect) : html(res, 200, renderClosed(session, null));
  }

  /** `POST /__local/sessions/:id/pay` with `{cardNumber, email?, expiry?, cvc?, name?}`: pays without a browser. */
  async function handleTestPay(req: http.IncomingMessage, res: http.ServerResponse, id: string) {
    const session = currentSession(id);
    if (!session) return json(res, 404, { error: "session not found" });
    const raw = await readBody(req);
    const fields: FormObject = String(req.headers["content-type"]).includes("json") ? (JSON.parse(raw || "{}") as FormObject) : parseForm(raw);
    const outcome = pay(session, {
      email: text(fields.email) || session.customer_email || "cliente@esempio.it",
      cardNumber: text(fields.cardNumber) || text(fields.card) || "4242424242424242",
      expiry: text(fields.expiry) || "12/40",
      cvc: text(fields.cvc) || "123",
      name: text(fields.name) || "Cliente di prova",
    });
    if (outcome.kind === "closed") return json(res, 409, { paid: false, error: `session is ${session.status}`, session: toSessionObject(session, baseUrl) });
    if (outcome.kind === "refused") {
      return json(res, outcome.status, { paid: false, error: outcome.decline ?? "invalid card details", fieldErrors: outcome.fieldErrors });
    }
    return json(res, 200, { paid: true, redirect: outcome.redirect, session: toSessionObject(session, baseUrl) });
  }

  // The port asked for, or the one the system chose (port 0) once listening.
  let actualPort = options.port;
  const server = http.createServer(async (req, res) => {
    // Only requests addressed to loopback, from no foreign page (a rebound DNS name, a cross-site form).
    if (refuseForeign(req, res, actualPort, host)) return;
    const url = new URL(req.url ?? "/", "http://localhost");
    try {
      if (url.pathname.startsWith("/v1/")) {
        const fault = faults.take(req.method ?? "GET", url.pathname);
        if (fault?.mode === "error500") {
          const message = "An unknown error occurred (a test outage armed at /__local/faults).";
          return json(res, 500, { error: { type: "api_error", message } }, { "request-id": `req_fault_${Date.now()}` });
        }
        const params = parseForm(req.method === "GET" ? url.search.slice(1) : await readBody(req));
        if (fault?.mode === "hang") {
          // Carried out (apply) or not, the answer never comes: the SDK's timeout is what ends the wait.
          if (fault.apply) await api.handle(req, url.pathname, params);
          return faults.hang(res, fault.hangMs);
        }
        const response = await api.handle(req, url.pathname, params);
        return json(res, response.status, response.body, response.headers);
      }
      if ((url.pathname === "/" || /^\/__local(\/|$)/.test(url.pathname)) && !carriesAccessToken(req, url, accessToken)) {
        if (url.pathname === "/") return send(res, 401, renderLocked(), "text/html; charset=utf-8", NO_REFERRER);
        const message = `${MISSING_ACCESS_TOKEN}: è nel file access-token della cartella dei dati dello Stripe locale.`;
        return json(res, 401, { error: { type: "invalid_request_error", message } });
      }
      const faultAnswer = (r: http.ServerResponse, status: number, body: unknown) => json(r, status, body);
      const faultRefusal = (message: string) => ({ error: { type: "invalid_request_error", message } });
      if (await handleFaultsRequest(faults, req, res, faultAnswer, faultRefusal, () => readBody(req))) return;
      const page = url.pathname.match(/^\/c\/pay\/([\w-]+)(\/[a-z]+)?$/);
      if (page) return await handleCheckoutPage(req, res, page[1], page[2]);
      const testPay = url.pathname.match(/^\/__local\/sessions\/([\w-]+)\/pay$/);
      if (testPay && req.method === "POST") return await handleTestPay(req, res, testPay[1]);
      if (req.method === "GET" && url.pathname === "/__local/sessions") {
        return json(res, 200, Object.values(store.state.sessions).reverse().map((s) => toSessionObject(s, baseUrl)));
      }
      // One stand-in serves a whole test file: each test starts from an empty Stripe, no outage armed.
      if (req.method === "POST" && url.pathname === "/__local/reset") {
        webhooks.forget();
        connectEvents.forget();
        faults.disarm();
        store.reset();
        return json(res, 200, { reset: true });
      }
      // What broke Stripe's spec since the start (or the last DELETE): the tests expect none.
      if (url.pathname === "/__local/violations" && (req.method === "GET" || req.method === "DELETE")) {
        if (req.method === "DELETE") conformance.violations.splice(0);
        return json(res, 200, { validating: conformance.validating, violations: conformance.violations });
      }
      if (req.method === "GET" && url.pathname === "/__local/events") {
        const type = url.searchParams.get("type");
        const account = url.searchParams.get("account");
        const matching = [...store.state.events]
          .reverse()
          .filter((e) => (!type || e.event.type === type) && (!account || e.event.account === account));
        return json(res, 200, matching);
      }
      if (await handleConnectRequest(connect, req, res, url.pathname, { html, json, redirect, readBody })) return;
      // Browsers ask every page's origin for an icon; the hosted pages have none.
      if (req.method === "GET" && url.pathname === "/favicon.ico") {
        res.writeHead(204, { "cache-control": "max-age=86400" });
        return res.end();
      }
      if (req.method === "GET" && url.pathname === "/") {
        const { state } = store;
        const accounts = newestFirst(Object.values(state.accounts)).map((record) => ({ record, available: availableTo(store, record.id) }));
        const payouts = newestFirst(Object.values(state.payouts).map((p) => ({ ...p, created: p.object.created })));
        const connectPart = renderConnectOverview(accounts, newestFirst(Object.values(state.transfers)), payouts);
        const overview = renderOverview(Object.values(state.sessions).reverse(), [...state.events].reverse(), options.webhookUrl, connectPart);
        return send(res, 200, overview, "text/html; charset=utf-8", NO_REFERRER);
      }
      json(res, 404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${url.pathname}).` } });
    } catch (error) {
      console.error(`Stripe stand-in: ${req.method} ${url.pathname} failed:`, error);
      json(res, 500, { error: { type: "api_error", message: String(error) } });
    }
  });

  await new Promise<void>((resolve) => server.listen(options.port, host, resolve));
  const address = server.address();
  actualPort = typeof address === "object" && address ? address.port : options.port;
  baseUrl = `http://${host}:${actualPort}`;

  // Sessions that ran out while the stand-in was stopped expire now, then at each check.
  ledger.expireDue();
  const expiryTimer = setInterval(() => ledger.expireDue(), options.expiryCheckMs ?? 1000);
  // Payouts due today (a Monday for the product's weekly schedule) go out at start and at each check.
  runScheduledPayouts(connect);
  const payoutTimer = setInterval(() => runScheduledPayouts(connect), options.payoutCheckMs ?? 60_000);
  webhooks.start();
  connectEvents.start();

  return {
    url: baseUrl,
    accessToken,
    /** The overview's address with the access token: what a person opens. */
    overviewUrl: `${baseUrl}/?token=${encodeURIComponent(accessToken)}`,
    close: async () => {
      clearInterval(expiryTimer);
      clearInterval(payoutTimer);
      faults.close();
      webhooks.close();
      connectEvents.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
