// Webhook events: built in Stripe's Event shape, signed as Stripe signs them
// (`Stripe-Signature: t=<unix>,v1=<HMAC-SHA256 of "<t>.<body>">`, a fresh timestamp at each attempt, since
// receivers refuse timestamps older than 5 minutes) and delivered until a 2xx, with exponential back-off.
// Pending deliveries are stored, so a restart picks them up. Two senders run: the platform's endpoint, and the
// Connect endpoint, which gets the events of connected accounts (those with a top-level `account`), signed
// with its own secret, as Stripe's Connect webhook endpoints do.
import { createHmac } from "node:crypto";
import Stripe from "stripe";
import type { Conformance } from "./openapi/conformance.ts";
import { newId, nowSeconds, type Store, type StoredEvent, type WebhookEvent } from "./store.ts";

// Events say which API version shaped them: the one the installed stripe-node pins.
export const API_VERSION = Stripe.API_VERSION;
const DELIVERY_TIMEOUT_MS = 10_000;

export type EventRequest = { id: string | null; idempotency_key: string | null };

function signatureHeader(body: string, secret: string, timestamp = nowSeconds()): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

type Options = { store: Store; url?: string; secret: string; retryBaseMs: number; maxAttempts: number; connect?: boolean; conformance?: Conformance };

export class WebhookSender {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly inFlight = new Set<string>();
  private closed = false;

  constructor(private readonly options: Options) {}

  /** Resumes what a previous run left pending. */
  start(): void {
    for (const stored of this.options.store.state.events) {
      if (stored.delivery.state === "pending" && this.owns(stored)) this.schedule(stored);
    }
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** Drops the deliveries still waiting (their events were forgotten by a reset); later events are sent as before. */
  forget(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private owns(stored: StoredEvent): boolean {
    return Boolean(stored.event.account) === Boolean(this.options.connect);
  }

  /**
   * Records an event (the caller saves the store) and schedules its delivery. The Connect sender takes the
   * connected account's id, which the event carries as `account`.
   */
  emit(
    type: string,
    object: Record<string, unknown>,
    request: EventRequest = { id: null, idempotency_key: null },
    previousAttributes?: Record<string, unknown>,
    account?: string,
  ): WebhookEvent {
    if (Boolean(account) !== Boolean(this.options.connect)) {
      throw new Error(`${type}: the ${this.options.connect ? "Connect" : "platform"} sender got the wrong kind of event`);
    }
    const shaped: WebhookEvent = {
      id: newId("evt"),
      object: "event",
      ...(account ? { account } : {}),
      api_version: API_VERSION,
      created: nowSeconds(),
      data: previousAttributes ? { object, previous_attributes: previousAttributes } : { object },
      livemode: false,
      pending_webhooks: this.options.url ? 1 : 0,
      request,
      type,
    };
    // Completed by Stripe's schemas and validated, in validating mode.
    const event = this.options.conformance ? this.options.conformance.event(shaped) : shaped;
    const stored: StoredEvent = {
      event,
      delivery: {
        state: this.options.url ? "pending" : "no_endpoint",
        attempts: 0,
        nextAttemptAt: Date.now(),
        lastStatus: null,
        lastError: null,
        deliveredAt: null,
      },
    };
    this.options.store.state.events.push(stored);
    if (this.options.url) queueMicrotask(() => this.schedule(stored));
    return event;
  }

  private schedule(stored: StoredEvent): void {
    if (this.closed || this.timers.has(stored.event.id) || this.inFlight.has(stored.event.id)) return;
    const wait = Math.max(0, stored.delivery.nextAttemptAt - Date.now());
    const timer = setTimeout(() => {
      this.timers.delete(stored.event.id);
      void this.attempt(stored);
    }, wait);
    this.timers.set(stored.event.id, timer);
  }

  private async attempt(stored: StoredEvent): Promise<void> {
    const { url, secret, store, retryBaseMs, maxAttempts } = this.options;
    if (this.closed || !url || stored.delivery.state !== "pending") return;
    this.inFlight.add(stored.event.id);
    const body = JSON.stringify(stored.event, null, 2);
    const delivery = stored.delivery;
    delivery.attempts += 1;
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "stripe-signature": signatureHeader(body, secret),
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        },
        body,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await response.arrayBuffer().catch(() => undefined);
      delivery.lastStatus = response.status;
      delivery.lastError = response.ok ? null : `HTTP ${response.status}`;
      if (response.ok) {
        delivery.state = "delivered";
        delivery.deliveredAt = Date.now();
      }
    } catch (error) {
      delivery.lastStatus = null;
      delivery.lastError = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    } finally {
      this.inFlight.delete(stored.event.id);
    }
    if (delivery.state === "pending") {
      if (delivery.attempts >= maxAttempts) {
        delivery.state = "failed";
      } else {
        delivery.nextAttemptAt = Date.now() + retryBaseMs * 2 ** (delivery.attempts - 1);
      }
    }
    if (this.closed) return;
    store.save();
    if (delivery.state === "pending") this.schedule(stored);
  }
}
