// The Stripe SDK as every function gets it. The same code runs on a deployment with real keys and
// offline against the local stand-in: only the configuration differs (STRIPE_API_BASE points the
// SDK's host, port and protocol at the stand-in; on a deployment it is not set).
import Stripe from "stripe";
import { env } from "../../_generated/server";

/** How long one request may wait for Stripe's answer; STRIPE_TIMEOUT_MS may only shorten it (the outage tests). */
const STRIPE_TIMEOUT_MS = 20_000;
function stripeTimeoutMs(): number {
  const configured = Number(env.STRIPE_TIMEOUT_MS);
  return Number.isInteger(configured) && configured > 0 ? Math.min(configured, STRIPE_TIMEOUT_MS) : STRIPE_TIMEOUT_MS;
}

/** The SDK, or null when no secret key is configured (the caller reports a payment failure). */
export function stripeClient(): Stripe | null {
  const key = env.STRIPE_SECRET_KEY;
  if (!key) return null;
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
  return new Stripe(key, {
    // fetch works in Convex's default runtime as in Node; the SDK's Node client does not.
    httpClient: Stripe.createFetchHttpClient(),
    // The SDK retries a failed or timed-out request itself, under the same idempotency key (every write
    // carries one), so a request Stripe carried out before its answer was lost is not carried out twice.
    maxNetworkRetries: Number(env.STRIPE_MAX_NETWORK_RETRIES ?? 2),
    // A request Stripe never answers fails after this long: three tries stay far under an action's 10 minutes.
    timeout: stripeTimeoutMs(),
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? 443 : 80),
          protocol: base.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}

/**
 * Verifies a webhook's `Stripe-Signature` with its endpoint's secret (the platform's, or the Connect
 * endpoint's: each endpoint has its own); throws when it does not match.
 */
export async function verifyWebhookEvent(rawBody: string, signature: string | null, endpoint: "platform" | "connect" = "platform"): Promise<Stripe.Event> {
  const secret = endpoint === "connect" ? env.STRIPE_CONNECT_WEBHOOK_SECRET : env.STRIPE_WEBHOOK_SECRET;
  if (!secret || !signature) throw new Error("missing webhook secret or signature");
  // Only the static webhook helpers are used here: verifying needs no API key.
  return Stripe.webhooks.constructEventAsync(rawBody, signature, secret, undefined, Stripe.createSubtleCryptoProvider());
}

export type { Stripe };

/** What fulfilment reads of a Checkout Session, from the webhook's event or from retrieving it. */
export function paidSessionOf(session: Stripe.Checkout.Session) {
  return {
    sessionId: session.id,
    bookingId: session.client_reference_id ?? session.metadata?.bookingId ?? null,
    paymentIntentId: typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null),
    amountTotal: session.amount_total ?? null,
  };
}
