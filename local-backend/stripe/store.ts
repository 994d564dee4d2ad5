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
  paymentIntentData: { metadata: Metadata; description: string | null };
};

/** Stripe objects kept in the shape the API returns them. */
export type ApiObject = Record<string, unknown> & { id: string };

export type WebhookEvent = ApiObject & { type: string; created: number };

export type Delivery = {
  state: "pending" | "delivered" | "failed" | "no_endpoint";
  attempts: number;
  nextAttemptAt: number;
  lastStatus: number | null;
  lastError: string | null;
  deliveredAt: number | null;
};

export type StoredEvent = { event: WebhookEvent; delivery: Delivery };

export type IdempotentResult = { fingerprint: string; status: number; body: unknown; at: number };

type State = {
  sessions: Record<string, SessionRecord>;
  paymentIntents: Record<string, ApiObject>;
  charges: Record<string, ApiObject>;
  refunds: Record<string, ApiObject>;
  events: StoredEvent[];
  idempotency: Record<string, IdempotentResult>;
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

export class Store {
  private readonly file: string;
  readonly state: State;

  constructor(dataDir: string) {
    ownerOnlyDir(dataDir);
    this.file = join(dataDir, "stripe.json");
    const empty: State = { sessions: {}, paymentIntents: {}, charges: {}, refunds: {}, events: [], idempotency: {} };
    this.state = existsSync(this.file) ? { ...empty, ...(JSON.parse(readFileSync(this.file, "utf8")) as State) } : empty;
  }

  /** Writes the whole state to a temporary file, then renames it over the old one: never half a file. */
  save(): void {
    const cutoff = Date.now() - IDEMPOTENCY_TTL_MS;
    for (const [key, result] of Object.entries(this.state.idempotency)) {
      if (result.at < cutoff) delete this.state.idempotency[key];
    }
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
