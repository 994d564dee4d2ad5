// Connected accounts (Express): the Account object in Stripe's shape, its requirements following the
// onboarding's state, the onboarding's outcome, and the `account.updated` event every change sends to the
// Connect endpoint. Their parameters are checked in accountParams.ts.
import { createHash } from "node:crypto";
import type { ConnectContext } from "./context.ts";
import { noSuch, StripeApiError } from "./errors.ts";
import { newId, nowSeconds, type AccountRecord, type ApiObject, type PersonRecord, type Store } from "./store.ts";
import type { EventRequest } from "./webhooks.ts";

/** What a new individual account must give before it can receive transfers and payouts (Stripe's order). */
const ONBOARDING_REQUIREMENTS = [
  "external_account",
  "individual.address.city",
  "individual.address.line1",
  "individual.address.postal_code",
  "individual.dob.day",
  "individual.dob.month",
  "individual.dob.year",
  "individual.first_name",
  "individual.last_name",
  "tos_acceptance.date",
  "tos_acceptance.ip",
];
const DOCUMENT_REQUIREMENT = "individual.verification.document";

export function account(store: Store, id: string, param = "account"): AccountRecord {
  const record = store.state.accounts[id];
  if (!record) throw noSuch("account", id, param);
  return record;
}

export const isEnabled = (record: AccountRecord) => record.onboarding === "complete";

/** The transfers capability as Stripe reports it: only once requested, active when onboarding is complete. */
export const transfersActive = (record: AccountRecord) => record.capabilitiesRequested.includes("transfers") && isEnabled(record);

function requirementsOf(record: AccountRecord) {
  const due = record.onboarding === "complete" ? [] : record.onboarding === "missing_document" ? [DOCUMENT_REQUIREMENT] : ONBOARDING_REQUIREMENTS;
  return {
    alternatives: [],
    current_deadline: null,
    currently_due: [...due],
    disabled_reason: due.length ? "requirements.past_due" : null,
    errors: [],
    eventually_due: [...due],
    past_due: [...due],
    pending_verification: [],
  };
}

function toPerson(record: AccountRecord, person: PersonRecord) {
  return {
    id: `person_${record.id.slice(5)}`,
    object: "person",
    account: record.id,
    address: {
      city: person.address.city,
      country: person.address.country,
      line1: person.address.line1,
      line2: null,
      postal_code: person.address.postal_code,
      state: null,
    },
    created: record.created,
    dob: person.dob,
    email: record.email,
    first_name: person.first_name,
    id_number_provided: person.id_number_provided,
    last_name: person.last_name,
    metadata: {},
    relationship: { director: false, executive: false, owner: false, percent_ownership: null, representative: true, title: null },
    verification: {
      additional_document: { back: null, details: null, details_code: null, front: null },
      details: null,
      details_code: null,
      document: { back: null, details: null, details_code: null, front: null },
      status: record.onboarding === "complete" ? "verified" : "unverified",
    },
  };
}

export function toBankAccountObject(record: AccountRecord): ApiObject | null {
  const bank = record.bankAccount;
  if (!bank) return null;
  return {
    id: bank.id,
    object: "bank_account",
    account: record.id,
    account_holder_name: bank.account_holder_name,
    account_holder_type: "individual",
    account_type: null,
    available_payout_methods: ["standard"],
    bank_name: "STRIPE TEST BANK",
    country: bank.country,
    currency: "eur",
    default_for_currency: true,
    fingerprint: bank.fingerprint,
    last4: bank.last4,
    metadata: {},
    routing_number: null,
    status: "new",
  };
}

export function toAccountObject(record: AccountRecord): ApiObject {
  const bank = toBankAccountObject(record);
  const schedule = record.payoutSchedule;
  const status = isEnabled(record) ? "active" : "inactive";
  const noFuture = {
    alternatives: [],
    current_deadline: null,
    currently_due: [],
    disabled_reason: null,
    errors: [],
    eventually_due: [],
    past_due: [],
    pending_verification: [],
  };
  return {
    id: record.id,
    object: "account",
    business_profile: {
      mcc: record.businessProfile.mcc,
      name: record.businessProfile.name,
      product_description: record.businessProfile.product_description,
      support_address: null,
      support_email: null,
      support_phone: null,
      support_url: null,
      url: record.businessProfile.url,
    },
    business_type: record.business_type,
    capabilities: Object.fromEntries(record.capabilitiesRequested.map((name) => [name, status])),
    charges_enabled: isEnabled(record) && record.capabilitiesRequested.includes("card_payments"),
    controller: { is_controller: true, type: "application" },
    country: record.country,
    created: record.created,
    default_currency: record.default_currency,
    details_submitted: record.onboarding !== "not_started",
    email: record.email,
    external_accounts: {
      object: "list",
      data: bank ? [bank] : [],
      has_more: false,
      url: `/v1/accounts/${record.id}/external_accounts`,
    },
    future_requirements: noFuture,
    ...(record.individual ? { individual: toPerson(record, record.individual) } : {}),
    metadata: record.metadata,
    payouts_enabled: isEnabled(record),
    requirements: requirementsOf(record),
    settings: {
      branding: { icon: null, logo: null, primary_color: null, secondary_color: null },
      card_issuing: { tos_acceptance: { date: null, ip: null } },
      card_payments: {
        decline_on: { avs_failure: false, cvc_failure: false },
        statement_descriptor_prefix: null,
        statement_descriptor_prefix_kana: null,
        statement_descriptor_prefix_kanji: null,
      },
      dashboard: { display_name: record.businessProfile.name, timezone: "Europe/Rome" },
      payments: { statement_descriptor: null, statement_descriptor_kana: null, statement_descriptor_kanji: null },
      payouts: {
        debit_negative_balances: true,
        schedule: {
          delay_days: schedule.delay_days,
          interval: schedule.interval,
          ...(schedule.interval === "weekly" ? { weekly_anchor: schedule.weekly_anchor } : {}),
          ...(schedule.interval === "monthly" ? { monthly_anchor: schedule.monthly_anchor } : {}),
        },
        statement_descriptor: null,
      },
      sepa_debit_payments: {},
    },
    tos_acceptance: {
      date: record.tosAcceptance?.date ?? null,
      ip: record.tosAcceptance?.ip ?? null,
      service_agreement: record.serviceAgreement,
      user_agent: null,
    },
    type: "express",
  };
}

/** Records a change made by `change` and, when the account's object changed, sends `account.updated`. */
export function changeAccount(context: ConnectContext, record: AccountRecord, change: () => void, request?: EventRequest): void {
  const before = toAccountObject(record);
  change();
  const after = toAccountObject(record);
  const previous: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key] ?? null;
  }
  if (Object.keys(previous).length > 0) context.connectEvents.emit("account.updated", after, request, previous, record.id);
  context.store.save();
}

/** Onboarding's outcome: the person, the bank account (kept unless a new IBAN is given), the agreement accepted. */
export function submitOnboarding(
  record: AccountRecord,
  submission: { person: PersonRecord; iban: string | null; missingDocument: boolean; ip: string | null },
): void {
  const { person, iban } = submission;
  if (!iban && !record.bankAccount)
    throw new StripeApiError(400, "invalid_request_error", "An external account is required.", "parameter_missing", "external_account");
  if (iban) {
    record.bankAccount = {
      id: newId("ba"),
      created: nowSeconds(),
      last4: iban.slice(-4),
      fingerprint: createHash("sha256").update(iban).digest("base64url").slice(0, 16),
      account_holder_name: `${person.first_name} ${person.last_name}`,
      country: iban.slice(0, 2),
    };
  }
  record.individual = person;
  if (!record.business_type) record.business_type = "individual";
  record.tosAcceptance = record.tosAcceptance ?? { date: nowSeconds(), ip: submission.ip };
  record.onboarding = submission.missingDocument ? "missing_document" : "complete";
}
