// A connected account's balance (transfers received, minus reversals, minus payouts; funds transferred are
// available at once here) and its payouts to the bank account given at onboarding: on the account's schedule
// by the stand-in's clock (weekly on its anchor day, Europe/Rome), or at once for tests. A scheduled payout
// takes what was transferred before that day began, so what a test transfers today waits for the test route
// (or next week) whatever the day. Each payout sends `payout.created` then `payout.paid` to the Connect endpoint.
import { WEEKDAYS } from "./accountParams.ts";
import { isEnabled, toBankAccountObject } from "./accounts.ts";
import type { ConnectContext } from "./context.ts";
import { noSuchParam } from "./errors.ts";
import { newestFirst } from "./lists.ts";
import { newId, nowSeconds, type AccountRecord, type ApiObject, type PayoutSchedule, type Store } from "./store.ts";

/** The day in Rome at `date`: its date, weekday, day of the month, and when it began (unix seconds). */
export function romeDay(date: Date): { key: string; weekday: string; dayOfMonth: number; startedAt: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Rome",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      weekday: "long",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  const sinceMidnight = Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second);
  return {
    key: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: String(parts.weekday).toLowerCase(),
    dayOfMonth: Number(parts.day),
    startedAt: Math.floor(date.getTime() / 1000) - sinceMidnight,
  };
}

/** Whether `schedule` pays out on `day`; `manual` never does by itself. */
export function isPayoutDay(schedule: PayoutSchedule, day: { weekday: string; dayOfMonth: number }): boolean {
  if (schedule.interval === "daily") return true;
  if (schedule.interval === "weekly") return WEEKDAYS.includes(day.weekday) && schedule.weekly_anchor === day.weekday;
  if (schedule.interval === "monthly") return schedule.monthly_anchor === day.dayOfMonth;
  return false;
}

export function payoutsOf(store: Store, accountId: string): ApiObject[] {
  return newestFirst(
    Object.values(store.state.payouts)
      .filter((p) => p.account === accountId)
      .map((p) => p.object),
  );
}

/** Transfers received (before `before`, when given) minus what was reversed of them and what was paid out, in cents. */
export function availableTo(store: Store, accountId: string, before = Infinity): number {
  const received = Object.values(store.state.transfers)
    .filter((t) => t.destination === accountId && Number(t.created) < before)
    .reduce((sum, t) => sum + Number(t.amount) - Number(t.amount_reversed), 0);
  const paidOut = payoutsOf(store, accountId).reduce((sum, p) => sum + Number(p.amount), 0);
  return received - paidOut;
}

export function toBalanceObject(available: number) {
  return {
    object: "balance",
    available: [{ amount: available, currency: "eur", source_types: { card: available } }],
    livemode: false,
    pending: [{ amount: 0, currency: "eur", source_types: { card: 0 } }],
  };
}

/** Pays out what the account has available (from before `before`), if it can receive payouts; null when nothing. */
function payOut(context: ConnectContext, record: AccountRecord, before = Infinity): ApiObject | null {
  const amount = availableTo(context.store, record.id, before);
  const bank = toBankAccountObject(record);
  if (!isEnabled(record) || !bank || amount <= 0) return null;
  const created = nowSeconds();
  const payout: ApiObject = {
    id: newId("po"),
    object: "payout",
    amount,
    // Stripe's arrival dates are midnight UTC of the day the money reaches the bank.
    arrival_date: Math.floor(created / 86_400) * 86_400,
    automatic: true,
    balance_transaction: newId("txn"),
    created,
    currency: "eur",
    description: "STRIPE PAYOUT",
    destination: bank.id,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    livemode: false,
    metadata: {},
    method: "standard",
    original_payout: null,
    reconciliation_status: "completed",
    reversed_by: null,
    source_type: "card",
    statement_descriptor: null,
    status: "pending",
    type: "bank_account",
  };
  context.store.state.payouts[payout.id] = { account: record.id, object: payout };
  context.connectEvents.emit("payout.created", { ...payout }, undefined, undefined, record.id);
  payout.status = "paid";
  context.connectEvents.emit("payout.paid", { ...payout }, undefined, { status: "pending" }, record.id);
  return payout;
}

/**
 * `POST /__local/payouts/run`: every enabled account (or the one named) is paid out now, whatever its schedule,
 * except accounts on `manual` payouts.
 */
export function runPayoutsNow(context: ConnectContext, accountId?: string): ApiObject[] {
  if (accountId && !context.store.state.accounts[accountId]) throw noSuchParam("account", accountId, "account");
  const records = Object.values(context.store.state.accounts).filter(
    (a) => (!accountId || a.id === accountId) && a.payoutSchedule.interval !== "manual",
  );
  const payouts = records.map((record) => payOut(context, record)).filter((p): p is ApiObject => p !== null);
  context.store.save();
  return payouts;
}

/** The scheduled run: once per account on each of its payout days, checked by a timer. */
export function runScheduledPayouts(context: ConnectContext, now = new Date()): ApiObject[] {
  const day = romeDay(now);
  const payouts: ApiObject[] = [];
  let changed = false;
  for (const record of Object.values(context.store.state.accounts)) {
    if (!isEnabled(record) || record.lastScheduledPayoutDay === day.key || !isPayoutDay(record.payoutSchedule, day)) continue;
    record.lastScheduledPayoutDay = day.key;
    changed = true;
    const payout = payOut(context, record, day.startedAt);
    if (payout) payouts.push(payout);
  }
  if (changed) context.store.save();
  return payouts;
}
