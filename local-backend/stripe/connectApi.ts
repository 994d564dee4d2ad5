// The Connect part of the REST API: accounts, account links, login links, transfers and reversals, balances,
// payouts, events and disputes. Requests with `Stripe-Account` act on that connected account, and only read
// what a connected account has here: its balance, payouts, events and itself.
import { applyAccountUpdate, parseAccountCreate } from "./accountParams.ts";
import { account, changeAccount, toAccountObject } from "./accounts.ts";
import { asString } from "./checkoutSessions.ts";
import { createAccountLink, createLoginLink } from "./connectLinks.ts";
import type { ConnectContext } from "./context.ts";
import { dispute } from "./disputes.ts";
import { noSuch, StripeApiError } from "./errors.ts";
import type { FormObject } from "./form.ts";
import { listOf, newestFirst } from "./lists.ts";
import { availableTo, payoutsOf, toBalanceObject } from "./payouts.ts";
import { nowSeconds, type ApiObject } from "./store.ts";
import { createTransfer, listTransfers, platformAvailable, reversalsOf, reverseTransfer, toTransferObject, transfer } from "./transfers.ts";
import type { EventRequest } from "./webhooks.ts";

type ConnectCall = { method: string; path: string; params: FormObject; request: EventRequest; account: string | null };
type Body = Record<string, unknown>;

/** Stripe's `type` filter: an exact type, or a prefix ending with `*` (`account.*`); `types[]` takes several. */
function eventTypeFilter(params: FormObject): (type: string) => boolean {
  const one = asString(params.type, "type");
  const several = Array.isArray(params.types) ? params.types.filter((t): t is string => typeof t === "string") : [];
  const patterns = [...(one ? [one] : []), ...several];
  if (patterns.length === 0) return () => true;
  return (type) => patterns.some((p) => (p.endsWith("*") ? type.startsWith(p.slice(0, -1)) : type === p));
}

function events(context: ConnectContext, accountId: string | null, params: FormObject) {
  const matches = eventTypeFilter(params);
  const found = context.store.state.events.map((stored) => stored.event).filter((e) => (e.account ?? null) === accountId && matches(e.type));
  return listOf(newestFirst(found), params, "/v1/events", "event");
}

function event(context: ConnectContext, accountId: string | null, id: string): ApiObject {
  const found = context.store.state.events.find((stored) => stored.event.id === id && (stored.event.account ?? null) === accountId);
  if (!found) throw noSuch("event", id);
  return found.event;
}

function payout(context: ConnectContext, accountId: string, id: string): ApiObject {
  const found = context.store.state.payouts[id];
  if (!found || found.account !== accountId) throw noSuch("payout", id);
  return found.object;
}

/** What a request with `Stripe-Account: acct_…` may do here. */
function onConnectedAccount(context: ConnectContext, call: ConnectCall & { account: string }): Body | undefined {
  const { method, path, params } = call;
  if (method !== "GET") return undefined;
  if (path === "/v1/balance") return toBalanceObject(availableTo(context.store, call.account));
  if (path === "/v1/payouts") return listOf(payoutsOf(context.store, call.account), params, "/v1/payouts", "payout");
  if (path === "/v1/events") return events(context, call.account, params);
  if (path === "/v1/account" || path === `/v1/accounts/${call.account}`) return toAccountObject(account(context.store, call.account));
  const match = path.match(/^\/v1\/(payouts|events)\/([^/]+)$/);
  if (match?.[1] === "payouts") return payout(context, call.account, decodeURIComponent(match[2]));
  if (match?.[1] === "events") return event(context, call.account, decodeURIComponent(match[2]));
  return undefined;
}

/** The response body of a Connect request, or undefined when the path is none of these. */
export function routeConnect(context: ConnectContext, call: ConnectCall): Body | undefined {
  const { store } = context;
  const { method, path, params, request } = call;
  if (call.account) {
    const body = onConnectedAccount(context, { ...call, account: call.account });
    if (body) return body;
    throw new StripeApiError(
      400,
      "invalid_request_error",
      `The local Stripe stand-in does not serve ${method} ${path} on a connected account (Stripe-Account): only its balance, payouts, events and account.`,
    );
  }
  if (path === "/v1/accounts") {
    if (method === "POST") {
      const record = parseAccountCreate(params, nowSeconds());
      store.state.accounts[record.id] = record;
      store.save();
      return toAccountObject(record);
    }
    if (method === "GET") return listOf(newestFirst(Object.values(store.state.accounts)).map(toAccountObject), params, "/v1/accounts", "account");
  }
  let match = path.match(/^\/v1\/accounts\/([^/]+)(\/login_links|\/external_accounts)?$/);
  if (match) {
    const record = account(store, decodeURIComponent(match[1]), "account");
    if (!match[2] && method === "GET") return toAccountObject(record);
    if (!match[2] && method === "POST") {
      changeAccount(context, record, () => applyAccountUpdate(record, params), request);
      return toAccountObject(record);
    }
    if (match[2] === "/login_links" && method === "POST") return createLoginLink(context, record.id);
    if (match[2] === "/external_accounts" && method === "GET") return toAccountObject(record).external_accounts as Body;
  }
  if (path === "/v1/account_links" && method === "POST") return createAccountLink(context, params);
  if (path === "/v1/transfers") {
    if (method === "POST") return createTransfer(context, params, request);
    if (method === "GET") return listTransfers(store, params);
  }
  match = path.match(/^\/v1\/transfers\/([^/]+)(\/reversals(?:\/([^/]+))?)?$/);
  if (match) {
    const id = decodeURIComponent(match[1]);
    const [onReversals, reversalId] = [Boolean(match[2]), match[3] && decodeURIComponent(match[3])];
    if (!onReversals && method === "GET") return toTransferObject(store, transfer(store, id));
    if (onReversals && !reversalId && method === "POST") return reverseTransfer(context, id, params, request);
    if (onReversals && !reversalId && method === "GET")
      return listOf(reversalsOf(store, transfer(store, id).id), params, `/v1/transfers/${id}/reversals`, "transfer_reversal");
    if (reversalId && method === "GET") {
      const reversal = store.state.transferReversals[reversalId];
      if (!reversal || reversal.transfer !== id) throw noSuch("transfer_reversal", reversalId);
      return reversal;
    }
  }
  if (method === "GET" && path === "/v1/balance") return toBalanceObject(platformAvailable(store));
  // The platform pays nothing out to itself here.
  if (method === "GET" && path === "/v1/payouts") return listOf([], params, "/v1/payouts", "payout");
  if (method === "GET" && path === "/v1/events") return events(context, null, params);
  match = path.match(/^\/v1\/(events|disputes)\/([^/]+)$/);
  if (match && method === "GET") {
    const id = decodeURIComponent(match[2]);
    return match[1] === "events" ? event(context, null, id) : dispute(context, id);
  }
  return undefined;
}
