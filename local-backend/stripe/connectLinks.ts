// Account links and login links: single-use addresses of the hosted pages, as Stripe makes them. Opening an
// account link starts an onboarding session (the form's own address); an expired or already opened link goes
// to `refresh_url`. Opening a login link starts a session on the account's dashboard page.
import { randomBytes } from "node:crypto";
import { account } from "./accounts.ts";
import { asString, checkUrl } from "./checkoutSessions.ts";
import type { ConnectContext } from "./context.ts";
import { invalidParam, missingParam, noSuchParam, StripeApiError } from "./errors.ts";
import type { FormObject } from "./form.ts";
import { nowSeconds, type AccountRecord, type ConnectLinkRecord } from "./store.ts";

// Stripe's account links and login links last minutes; the pages they open, an hour.
const LINK_SECONDS = 5 * 60;
const SESSION_SECONDS = 60 * 60;

export type LinkOutcome =
  | { kind: "redirect"; location: string }
  | { kind: "gone" }
  | { kind: "not_found" }
  | { kind: "open"; link: ConnectLinkRecord; account: AccountRecord };

function newLink(context: ConnectContext, fields: Omit<ConnectLinkRecord, "token" | "created" | "expires_at" | "used">, seconds: number) {
  const created = nowSeconds();
  const link: ConnectLinkRecord = { ...fields, token: randomBytes(24).toString("base64url"), created, expires_at: created + seconds, used: false };
  context.store.state.connectLinks[link.token] = link;
  return link;
}

export function createAccountLink(context: ConnectContext, params: FormObject) {
  const accountId = asString(params.account, "account");
  if (!accountId) throw missingParam("account");
  const type = asString(params.type, "type");
  if (!type) throw missingParam("type");
  if (type !== "account_onboarding" && type !== "account_update") {
    throw invalidParam("type", "Invalid type: must be one of account_onboarding or account_update");
  }
  const record = context.store.state.accounts[accountId];
  if (!record) throw noSuchParam("account", accountId, "account");
  if (type === "account_update") {
    throw invalidParam("type", "You cannot create `account_update` type Account Links for Express accounts: use `account_onboarding`.");
  }
  const link = newLink(
    context,
    {
      kind: "account_link",
      account: record.id,
      refresh_url: checkUrl(params.refresh_url, "refresh_url"),
      return_url: checkUrl(params.return_url, "return_url"),
    },
    LINK_SECONDS,
  );
  context.store.save();
  return {
    object: "account_link",
    created: link.created,
    expires_at: link.expires_at,
    url: `${context.baseUrl()}/setup/e/${record.id}/${link.token}`,
  };
}

export function createLoginLink(context: ConnectContext, accountId: string) {
  const record = account(context.store, accountId);
  if (record.onboarding === "not_started") {
    throw new StripeApiError(400, "invalid_request_error", "Cannot create a login link for an account that has not completed onboarding.");
  }
  const link = newLink(context, { kind: "login_link", account: record.id, refresh_url: null, return_url: null }, LINK_SECONDS);
  context.store.save();
  return { object: "login_link", created: link.created, url: `${context.baseUrl()}/express/${record.id}/${link.token}` };
}

const back = (url: string | null): LinkOutcome => (url ? { kind: "redirect", location: url } : { kind: "gone" });

/** Opens an account link or a login link once: the page's session starts, and the link is spent. */
export function followLink(context: ConnectContext, kind: "account_link" | "login_link", accountId: string, token: string): LinkOutcome {
  const link = context.store.state.connectLinks[token];
  if (!link || link.kind !== kind || link.account !== accountId || !context.store.state.accounts[accountId]) return { kind: "not_found" };
  if (link.used || link.expires_at <= nowSeconds()) return back(link.refresh_url);
  link.used = true;
  const session = newLink(
    context,
    { kind: kind === "account_link" ? "onboarding" : "dashboard", account: link.account, refresh_url: link.refresh_url, return_url: link.return_url },
    SESSION_SECONDS,
  );
  context.store.save();
  return { kind: "redirect", location: kind === "account_link" ? `/setup/s/${session.token}` : `/express/s/${session.token}` };
}

/** The onboarding form's or the dashboard's session: expired goes to `refresh_url`, finished to `return_url`. */
export function sessionOf(context: ConnectContext, kind: "onboarding" | "dashboard", token: string): LinkOutcome {
  const link = context.store.state.connectLinks[token];
  const record = link && context.store.state.accounts[link.account];
  if (!link || link.kind !== kind || !record) return { kind: "not_found" };
  if (link.used) return back(link.return_url);
  if (link.expires_at <= nowSeconds()) return back(link.refresh_url);
  return { kind: "open", link, account: record };
}
