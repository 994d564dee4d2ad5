// Connected accounts' create and update parameters: their names and types are checked by Stripe's schema first
// (openapi/formDecode.ts); here, what they mean for the Express accounts the stand-in models, and Stripe's own
// refusals a schema cannot express. Parameters Stripe knows but the stand-in does not model are refused by name.
import { asObject, asString, parseInteger, parseMetadata } from "./checkoutSessions.ts";
import { invalidParam, missingParam } from "./errors.ts";
import type { FormObject, FormValue } from "./form.ts";
import { newId, type AccountRecord, type Metadata, type PayoutSchedule } from "./store.ts";

const CAPABILITIES = new Set(["transfers", "card_payments"]);
const BUSINESS_TYPES = new Set(["individual", "company", "non_profit", "government_entity"]);
export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
// Italy's shortest payout delay, what `minimum` stands for.
const MINIMUM_DELAY_DAYS = 7;
// What the stand-in models; Stripe's other parameters (individual, external_account, company...) are given on the
// hosted onboarding page or not modeled.
const MODELED_ON_CREATE = [
  "type",
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
];
const MODELED_ON_UPDATE = ["email", "capabilities", "settings", "business_profile", "metadata", "expand"];

function refuseUnmodeled(params: FormObject, modeled: string[]): void {
  for (const key of Object.keys(params)) {
    if (modeled.includes(key)) continue;
    const message = `The local Stripe stand-in does not model \`${key}\` on accounts: the person gives their details on the hosted onboarding page (account links).`;
    throw invalidParam(key, message, "parameter_unknown");
  }
}
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
    if (!CAPABILITIES.has(name))
      throw invalidParam(`capabilities[${name}]`, "The local Stripe stand-in models only the transfers and card_payments capabilities.");
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
  const interval = text(object.interval, `${base}[interval]`) ?? current.interval;
  const schedule: PayoutSchedule = { delay_days: current.delay_days, interval };
  const delay = text(object.delay_days, `${base}[delay_days]`);
  if (delay !== undefined) schedule.delay_days = delay === "minimum" ? MINIMUM_DELAY_DAYS : (parseInteger(delay, `${base}[delay_days]`) as number);
  if (schedule.delay_days < MINIMUM_DELAY_DAYS) {
    throw invalidParam(`${base}[delay_days]`, `You cannot lower this account's payout delay below ${MINIMUM_DELAY_DAYS} days.`);
  }
  if (interval === "weekly") {
    const anchor = text(object.weekly_anchor, `${base}[weekly_anchor]`) ?? current.weekly_anchor;
    if (!anchor) throw missingParam(`${base}[weekly_anchor]`);
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
  // Only the payout schedule is modeled; Stripe's other settings (branding...) are accepted and not kept.
  const payouts = asObject(settings.payouts);
  return payouts ? parseSchedule(payouts.schedule, current) : current;
}

function parseProfile(value: FormValue | undefined, current: AccountRecord["businessProfile"]): AccountRecord["businessProfile"] {
  if (value === undefined) return current;
  const object = asObject(value);
  if (!object) throw invalidParam("business_profile", "Invalid object");
  const profile = { ...current };
  // The fields kept; Stripe's others (support_email...) are accepted and not kept.
  for (const key of PROFILE_FIELDS) if (key in object) profile[key] = text(object[key], `business_profile[${key}]`) ?? null;
  return profile;
}

function parseEmail(value: FormValue | undefined): string | undefined {
  const email = text(value, "email");
  if (email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw invalidParam("email", `Invalid email address: ${email}`, "email_invalid");
  return email;
}

export function parseAccountCreate(params: FormObject, now: number): AccountRecord {
  refuseUnmodeled(params, MODELED_ON_CREATE);
  if (text(params.type, "type") !== "express") {
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
  refuseUnmodeled(params, MODELED_ON_UPDATE);
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
