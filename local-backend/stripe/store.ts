// Everything the stand-in knows, kept in one JSON file (written whole, atomically, after each change) so
// sessions, payments and undelivered webhooks survive a restart.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { OWNER_ONLY_FILE, ownerOnlyDir } from "../shared/ownerOnly.ts";

export type Metadata = Record<string, string>;

export type LineItemRecord = {
  id: string;
  name: string;
  description: string | null;
  currency: string;
  unitAmount: number;
  quantity: number;
};

/** A Checkout Session as stored; `toSessionObject` renders Stripe's full shape from it. */
export type SessionRecord = {
  id: string;
  created: number;
  expires_at: number;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  mode: "payment";
  currency: string;
  amount_total: number;
  client_reference_id: string | null;
  customer_email: string | null;
  locale: string | null;
  metadata: Metadata;
  success_url: string | null;
  cancel_url: string | null;
  payment_intent: string | null;
  customer_details: { email: string; name: string } | null;
  lineItems: LineItemRecord[];
  /** `transfer_group` is absent in data files written before Connect. */
  paymentIntentData: { metadata: Metadata; description: string | null; transfer_group?: string | null };
};

/** Stripe objects kept in the shape the API returns them. */
export type ApiObject = Record<string, unknown> & { id: string };

/** `account` is set on Connect events: the connected account the change happened on. */
export type WebhookEvent = ApiObject & { type: string; created: number; account?: string };

type Delivery = {
  state: "pending" | "delivered" | "failed" | "no_endpoint";
  attempts: number;
  nextAttemptAt: number;
  lastStatus: number | null;
  lastError: string | null;
  deliveredAt: number | null;
};

export type StoredEvent = { event: WebhookEvent; delivery: Delivery };

type IdempotentResult = { fingerprint: string; status: number; body: unknown; at: number };

// Connect: connected accounts, the links that open the hosted pages, money moved to the accounts.
type OnboardingState = "not_started" | "missing_document" | "complete";

export type PersonRecord = {
  first_name: string;
  last_name: string;
  dob: { day: number; month: number; year: number };
  address: { line1: string; postal_code: string; city: string; country: string };
  /** Whether a codice fiscale was given; its value is not kept (Stripe returns only this flag too). */
  id_number_provided: boolean;
};

type BankAccountRecord = { id: string; created: number; last4: string; fingerprint: string; account_holder_name: string; country: string };

export type PayoutSchedule = { delay_days: number; interval: string; weekly_anchor?: string; monthly_anchor?: number };

export type AccountRecord = {
  id: string;
  created: number;
  type: "express";
  country: string;
  email: string | null;
  business_type: string | null;
  default_currency: string;
  metadata: Metadata;
  capabilitiesRequested: string[];
  payoutSchedule: PayoutSchedule;
  businessProfile: { mcc: string | null; name: string | null; product_description: string | null; url: string | null };
  serviceAgreement: string;
  onboarding: OnboardingState;
  individual: PersonRecord | null;
  bankAccount: BankAccountRecord | null;
  tosAcceptance: { date: number; ip: string | null } | null;
  /** The day (Europe/Rome, YYYY-MM-DD) of the last scheduled payout run that considered this account. */
  lastScheduledPayoutDay: string | null;
};

/** A hosted-page address: an account link, the onboarding form it opens, a login link, the dashboard it opens. */
export type ConnectLinkRecord = {
  token: string;
  kind: "account_link" | "onboarding" | "login_link" | "dashboard";
  account: string;
  created: number;
  expires_at: number;
  used: boolean;
  refresh_url: string | null;
  return_url: string | null;
};

/** A payout lives on the connected account; `object` is what the API returns. */
type PayoutRecord = { account: string; object: ApiObject };

type State = {
  sessions: Record<string, SessionRecord>;
  paymentIntents: Record<string, ApiObject>;
  charges: Record<string, ApiObject>;
  refunds: Record<string, ApiObject>;
  events: StoredEvent[];
  idempotency: Record<string, IdempotentResult>;
  accounts: Record<string, AccountRecord>;
  connectLinks: Record<string, ConnectLinkRecord>;
  /** Transfers without their `reversals` list, which is rendered from `transferReversals`. */
  transfers: Record<string, ApiObject>;
  transferReversals: Record<string, ApiObject>;
  payouts: Record<string, PayoutRecord>;
  disputes: Record<string, ApiObject>;
};

const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** Stripe-looking ids: a prefix and 24 random base62 characters. */
export function newId(prefix: string): string {
  const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  const bytes = randomBytes(24);
  let text = "";
  for (const byte of bytes) text += alphabet[byte % alphabet.length];
  return `${prefix}_${text}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

function emptyState(): State {
  return {
    sessions: {},
    paymentIntents: {},
    charges: {},
    refunds: {},
    events: [],
    idempotency: {},
    accounts: {},
    connectLinks: {},
    transfers: {},
    transferReversals: {},
    payouts: {},
    disputes: {},
  };
}

export class Store {
  private readonly file: string;
  readonly state: State;

  /** `persist: false` keeps the state in memory only: a test's stand-in, emptied by each test, needs no file. */
  constructor(
    dataDir: string,
    private readonly persist = true,
  ) {
    ownerOnlyDir(dataDir);
    this.file = join(dataDir, "stripe.json");
    const empty = emptyState();
    this.state = existsSync(this.file) ? { ...empty, ...(JSON.parse(readFileSync(this.file, "utf8")) as State) } : empty;
  }

  /** Forgets every object, event and idempotency key (the `/__local/reset` test route). */
  reset(): void {
    Object.assign(this.state, emptyState());
    this.save();
  }

  /** Writes the whole state to a temporary file, then renames it over the old one: never half a file. */
  save(): void {
    const cutoff = Date.now() - IDEMPOTENCY_TTL_MS;
    for (const [key, result] of Object.entries(this.state.idempotency)) {
      if (result.at < cutoff) delete this.state.idempotency[key];
    }
    // Hosted-page links live minutes to hours; a day later they are only clutter.
    const linkCutoff = nowSeconds() - 24 * 60 * 60;
    for (const [token, link] of Object.entries(this.state.connectLinks)) {
      if (link.expires_at < linkCutoff) delete this.state.connectLinks[token];
    }
    if (!this.persist) return;
    const temporary = `${this.file}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.state), { mode: OWNER_ONLY_FILE });
    renameSync(temporary, this.file);
  }

  refundsOf(chargeId: string): ApiObject[] {
    return Object.values(this.state.refunds)
      .filter((refund) => refund.charge === chargeId)
      .sort((a, b) => Number(b.created) - Number(a.created));
  }
}
