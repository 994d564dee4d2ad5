// The Connect pages' HTTP routes: account links (`/setup/e/<acct>/<token>`) open the onboarding form
// (`/setup/s/<session>`), login links (`/express/<acct>/<token>`) the account's dashboard (`/express/s/<session>`);
// and three test-only routes: `POST /__local/payouts/run`, `POST /__local/disputes` and
// `POST /__local/accounts/<acct>/onboard` (the onboarding form's fields, for the demo seed and tests).
import type http from "node:http";
import { changeAccount, submitOnboarding } from "./accounts.ts";
import { followLink, sessionOf, type LinkOutcome } from "./connectLinks.ts";
import { renderConnectNotice, renderDashboard, renderOnboarding } from "./connectPages.ts";
import type { ConnectContext } from "./context.ts";
import { openDispute } from "./disputes.ts";
import { invalidParam, noSuch, StripeApiError } from "./errors.ts";
import { parseForm, type FormObject } from "./form.ts";
import { checkOnboarding, type OnboardingForm } from "./onboardingForm.ts";
import { availableTo, payoutsOf, runPayoutsNow } from "./payouts.ts";
import { transfersTo } from "./transfers.ts";

type Responder = {
  html(res: http.ServerResponse, status: number, body: string): void;
  json(res: http.ServerResponse, status: number, body: unknown): void;
  redirect(res: http.ServerResponse, status: number, location: string): void;
  readBody(req: http.IncomingMessage): Promise<string>;
};

const NOT_FOUND = () =>
  renderConnectNotice("Pagina non trovata", "Questo link non è valido. Torna ad Arcano e riprova dalle impostazioni dei pagamenti.");
const GONE = () => renderConnectNotice("Link scaduto", "Questo link è già stato usato o è scaduto. Torna ad Arcano e aprine uno nuovo.");

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** A test route's body, JSON or form-encoded; JSON numbers become the strings Stripe's form encoding carries. */
async function testBody(req: http.IncomingMessage, respond: Responder): Promise<FormObject> {
  const raw = await respond.readBody(req);
  if (!String(req.headers["content-type"]).includes("json")) return parseForm(raw);
  const parsed = JSON.parse(raw || "{}") as Record<string, unknown>;
  return Object.fromEntries(Object.entries(parsed).map(([key, value]) => [key, typeof value === "number" ? String(value) : text(value)]));
}

function onboardingFormOf(fields: FormObject): OnboardingForm {
  return {
    firstName: text(fields.firstName),
    lastName: text(fields.lastName),
    birthDate: text(fields.birthDate),
    line1: text(fields.line1),
    postalCode: text(fields.postalCode),
    city: text(fields.city),
    taxCode: text(fields.taxCode),
    iban: text(fields.iban),
    missingDocument: text(fields.missingDocument) !== "",
  };
}

export async function handleConnectRequest(
  context: ConnectContext,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  path: string,
  respond: Responder,
): Promise<boolean> {
  const method = req.method ?? "GET";
  /** Answers a link's outcome that is not an open page; returns the open one. */
  const settle = (outcome: LinkOutcome, redirectStatus = 302) => {
    if (outcome.kind === "open") return outcome;
    if (outcome.kind === "redirect") respond.redirect(res, redirectStatus, outcome.location);
    else respond.html(res, outcome.kind === "gone" ? 410 : 404, outcome.kind === "gone" ? GONE() : NOT_FOUND());
    return undefined;
  };

  let match = path.match(/^\/(setup\/e|express)\/(acct_\w+)\/([\w-]+)$/);
  if (match && method === "GET") {
    settle(followLink(context, match[1] === "express" ? "login_link" : "account_link", match[2], match[3]));
    return true;
  }

  match = path.match(/^\/setup\/s\/([\w-]+)$/);
  if (match && (method === "GET" || method === "POST")) {
    const open = settle(sessionOf(context, "onboarding", match[1]), method === "POST" ? 303 : 302);
    if (!open) return true;
    if (method === "GET") {
      respond.html(res, 200, renderOnboarding(open.account, path));
      return true;
    }
    const form = onboardingFormOf(parseForm(await respond.readBody(req)));
    const check = checkOnboarding(form, { hasBankAccount: Boolean(open.account.bankAccount) });
    if (!check.ok) {
      respond.html(res, 400, renderOnboarding(open.account, path, { values: { ...form, iban: "" }, fieldErrors: check.fieldErrors }));
      return true;
    }
    open.link.used = true;
    changeAccount(context, open.account, () => submitOnboarding(open.account, { ...check, ip: req.socket.remoteAddress ?? null }));
    if (open.link.return_url) respond.redirect(res, 303, open.link.return_url);
    else respond.html(res, 200, renderConnectNotice("Dati inviati", "Grazie: puoi chiudere questa pagina e tornare ad Arcano."));
    return true;
  }

  match = path.match(/^\/express\/s\/([\w-]+)$/);
  if (match && method === "GET") {
    const open = settle(sessionOf(context, "dashboard", match[1]));
    if (open) {
      const { store } = context;
      respond.html(
        res,
        200,
        renderDashboard(
          open.account,
          { available: availableTo(store, open.account.id) },
          transfersTo(store, open.account.id),
          payoutsOf(store, open.account.id),
        ),
      );
    }
    return true;
  }

  match = path.match(/^\/__local\/accounts\/(acct_\w+)\/onboard$/);
  if (match && method === "POST") {
    const record = context.store.state.accounts[match[1]];
    const body = await testBody(req, respond);
    if (!record) {
      respond.json(res, 404, noSuch("account", match[1], "account").toJSON());
      return true;
    }
    // The same check and the same change as the hosted form's, without a browser.
    const check = checkOnboarding(onboardingFormOf(body), { hasBankAccount: Boolean(record.bankAccount) });
    if (!check.ok) {
      const [param, message] = Object.entries(check.fieldErrors)[0] ?? ["form", "invalid"];
      respond.json(res, 400, invalidParam(param, message).toJSON());
      return true;
    }
    changeAccount(context, record, () => submitOnboarding(record, { ...check, ip: req.socket.remoteAddress ?? null }));
    respond.json(res, 200, { account: record.id });
    return true;
  }

  if (method === "POST" && (path === "/__local/payouts/run" || path === "/__local/disputes")) {
    try {
      const body = await testBody(req, respond);
      if (path === "/__local/disputes") respond.json(res, 200, openDispute(context, body));
      else respond.json(res, 200, { payouts: runPayoutsNow(context, text(body.account) || undefined) });
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      respond.json(res, error.status, error.toJSON());
    }
    return true;
  }
  return false;
}
