// Connected accounts' create and update parameters, as the product sends them, checked as Stripe checks them.
import { asObject, asString, parseInteger, parseMetadata } from "./checkoutSessions.ts";
import { invalidParam, missingParam, unknownParam } from "./errors.ts";
import type { FormObject, FormValue } from "./form.ts";
import { newId, type AccountRecord, type Metadata, type PayoutSchedule } from "./store.ts";

const CAPABILITIES = new Set(["transfers", "card_payments"]);
const BUSINESS_TYPES = new Set(["individual", "company", "non_profit", "government_entity"]);
export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
const INTERVALS = new Set(["manual", "daily", "weekly", "monthly"]);
// Italy's shortest payout delay, what `minimum` stands for.
const MINIMUM_DELAY_DAYS = 7;
const CREATE_PARAMS = new Set([
  "type",
  "controller",
  "country",
  "email",
  "business_type",
  "capabilities",
  "settings",
  "business_profile",
  "metadata",
  "tos_acceptance",
  "default_currency",
  "expand",
]);
const UPDATE_PARAMS = new Set(["email", "capabilities", "settings", "business_profile", "metadata", "expand"]);
const PROFILE_FIELDS = ["mcc", "name", "product_description", "url"] as const;

const text = (value: FormValue | undefined, param: string) => asString(value, param);

function parseBoolean(value: FormValue | undefined, param: string): boolean | undefined {
  if (value === undefined || value === "") return undefined;
  if (value !== "true" && value !== "false") throw invalidParam(param, "Invalid boolean: must be one of true or false");
  return value === "true";
}

function parseCapabilities(value: FormValue | undefined, current: string[]): string[] {
  if (value === undefined) return current;
  const object = asObject(value);
  if (!object) throw invalidParam("capabilities", "Invalid object");
  const requested = new Set(current);
  for (const [name, entry] of Object.entries(object)) {
    if (!CAPABILITIES.has(name)) throw unknownParam(`capabilities[${name}]`);
    const wanted = parseBoolean(asObject(entry)?.requested, `capabilities[${name}][requested]`);
    if (wanted === true) requested.add(name);
    if (wanted === false) requested.delete(name);
  }
  return [...requested].sort();
}

function parseSchedule(value: FormValue | undefined, current: PayoutSchedule): PayoutSchedule {
  if (value === undefined) return current;
  const object = asObject(value);
  const base = "settings[payouts][schedule]";
  if (!object) throw invalidParam(base, "Invalid object");
  for (const key of Object.keys(object))
    if (!["interval", "weekly_anchor", "monthly_anchor", "delay_days"].includes(key)) throw unknownParam(`${base}[${key}]`);
  const interval = text(object.interval, `${base}[interval]`) ?? current.interval;
  if (!INTERVALS.has(interval)) throw invalidParam(`${base}[interval]`, "Invalid interval: must be one of daily, manual, monthly, or weekly");
  const schedule: PayoutSchedule = { delay_days: current.delay_days, interval };
  const delay = text(object.delay_days, `${base}[delay_days]`);
  if (delay !== undefined) schedule.delay_days = delay === "minimum" ? MINIMUM_DELAY_DAYS : (parseInteger(delay, `${base}[delay_days]`) as number);
  if (schedule.delay_days < MINIMUM_DELAY_DAYS) {
    throw invalidParam(`${base}[delay_days]`, `You cannot lower this account's payout delay below ${MINIMUM_DELAY_DAYS} days.`);
  }
  if (interval === "weekly") {
    const anchor = text(object.weekly_anchor, `${base}[weekly_anchor]`) ?? current.weekly_anchor;
    if (!anchor) throw missingParam(`${base}[weekly_anchor]`);
    if (!WEEKDAYS.includes(anchor)) throw invalidParam(`${base}[weekly_anchor]`, `Invalid weekly_anchor: must be one of ${WEEKDAYS.join(", ")}`);
    schedule.weekly_anchor = anchor;
  }
  if (interval === "monthly") {
    const anchor = parseInteger(object.monthly_anchor, `${base}[monthly_anchor]`) ?? current.monthly_anchor;
    if (anchor === undefined) throw missingParam(`${base}[monthly_anchor]`);
    if (anchor < 1 || anchor > 31) throw invalidParam(`${base}[monthly_anchor]`, "This value must be between 1 and 31.");
    schedule.monthly_anchor = anchor;
  }
  return schedule;
}

function parseSettings(value: FormValue | undefined, current: PayoutSchedule): PayoutSchedule {
  if (value === undefined) return current;
  const settings = asObject(value);
  if (!settings) throw invalidParam("settings", "Invalid object");
  for (const key of Object.keys(settings)) if (key !== "payouts") throw unknownParam(`settings[${key}]`);
  const payouts = asObject(settings.payouts);
  if (!payouts) throw invalidParam("settings[payouts]", "Invalid object");
  for (const key of Object.keys(payouts)) {
    if (!["schedule", "debit_negative_balances", "statement_descriptor"].includes(key)) throw unknownParam(`settings[payouts][${key}]`);
  }
  return parseSchedule(payouts.schedule, current);
}

function parseProfile(value: FormValue | undefined, current: AccountRecord["businessProfile"]): AccountRecord["businessProfile"] {
  if (value === undefined) return current;
  const object = asObject(value);
  if (!object) throw invalidParam("business_profile", "Invalid object");
  const profile = { ...current };
  for (const [key, entry] of Object.entries(object)) {
    if (!(PROFILE_FIELDS as readonly string[]).includes(key)) throw unknownParam(`business_profile[${key}]`);
    profile[key as (typeof PROFILE_FIELDS)[number]] = text(entry, `business_profile[${key}]`) ?? null;
  }
  return profile;
}

function parseEmail(value: FormValue | undefined): string | undefined {
  const email = text(value, "email");
  if (email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw invalidParam("email", `Invalid email address: ${email}`, "email_invalid");
  return email;
}

export function parseAccountCreate(params: FormObject, now: number): AccountRecord {
  for (const key of Object.keys(params)) {
    if (key === "individual" || key === "external_account") {
      const message = `The local Stripe stand-in takes no prefilled \`${key}\`: the person gives it on the hosted onboarding page (account links).`;
      throw invalidParam(key, message, "parameter_unknown");
    }
    if (!CREATE_PARAMS.has(key)) throw unknownParam(key);
  }
  const type = text(params.type, "type");
  const dashboard = asObject(asObject(params.controller)?.stripe_dashboard);
  if ((type ?? dashboard?.type) !== "express") {
    throw invalidParam("type", "The local Stripe stand-in supports only Express accounts (type=express).");
  }
  const country = (text(params.country, "country") ?? "IT").toUpperCase();
  if (!/^[A-Z]{2}$/.test(country))
    throw invalidParam(
      "country",
      `Country '${country}' is unknown. Try using a 2-character alphanumeric country code instead, such as 'US', 'EG', or 'GB'.`,
    );
  const businessType = text(params.business_type, "business_type") ?? null;
  if (businessType && !BUSINESS_TYPES.has(businessType)) {
    throw invalidParam("business_type", "Invalid business_type: must be one of company, government_entity, individual, or non_profit");
  }
  const currency = text(params.default_currency, "default_currency") ?? "eur";
  if (currency !== "eur") throw invalidParam("default_currency", "The local Stripe stand-in supports only eur.");
  const capabilities = parseCapabilities(params.capabilities, []);
  if (capabilities.length === 0) {
    throw invalidParam("capabilities", "Express accounts must request at least one capability, such as capabilities[transfers][requested]=true.");
  }
  const tos = asObject(params.tos_acceptance);
  const agreement = text(tos?.service_agreement, "tos_acceptance[service_agreement]");
  if (agreement && agreement !== "full" && agreement !== "recipient") {
    throw invalidParam("tos_acceptance[service_agreement]", "Invalid service_agreement: must be one of full or recipient");
  }
  return {
    id: newId("acct"),
    created: now,
    type: "express",
    country,
    email: parseEmail(params.email) ?? null,
    business_type: businessType,
    default_currency: "eur",
    metadata: parseMetadata(params.metadata),
    capabilitiesRequested: capabilities,
    payoutSchedule: parseSettings(params.settings, { delay_days: MINIMUM_DELAY_DAYS, interval: "daily" }),
    businessProfile: parseProfile(params.business_profile, { mcc: null, name: null, product_description: null, url: null }),
    serviceAgreement: agreement ?? "full",
    onboarding: "not_started",
    individual: null,
    bankAccount: null,
    tosAcceptance: null,
    lastScheduledPayoutDay: null,
  };
}

/** Stripe's metadata update: keys are merged, an empty value removes its key, `metadata=""` removes them all. */
function mergeMetadata(current: Metadata, value: FormValue | undefined): Metadata {
  if (value === undefined) return current;
  if (value === "") return {};
  const object = asObject(value);
  if (!object) throw invalidParam("metadata", "Invalid object");
  const merged = { ...current, ...parseMetadata(value) };
  for (const [key, entry] of Object.entries(object)) if (entry === "") delete merged[key];
  if (Object.keys(merged).length > 50) throw invalidParam("metadata", "Metadata can have up to 50 keys.");
  return merged;
}

/** Applies an update's parameters to the account; the caller saves and sends `account.updated`. */
export function applyAccountUpdate(record: AccountRecord, params: FormObject): void {
  for (const key of Object.keys(params)) if (!UPDATE_PARAMS.has(key)) throw unknownParam(key);
  // Everything is checked before anything changes.
  const next = {
    metadata: mergeMetadata(record.metadata, params.metadata),
    email: params.email === undefined ? record.email : (parseEmail(params.email) ?? null),
    capabilitiesRequested: parseCapabilities(params.capabilities, record.capabilitiesRequested),
    payoutSchedule: parseSettings(params.settings, record.payoutSchedule),
    businessProfile: parseProfile(params.business_profile, record.businessProfile),
  };
  Object.assign(record, next);
}
