// HTTP routes: the auth library's OpenID and sign-in endpoints, and the Stripe webhook.
import { httpRouter } from "convex/server";
import { internal } from "./_generated/api";
import { httpAction } from "./_generated/server";
import { auth } from "./auth";
import { verifyWebhookEvent, type Stripe } from "./lib/stripe";

const http = httpRouter();

auth.addHttpRoutes(http);

/** The fields of an event the payment rules read; everything else in it is ignored. */
function eventFields(event: Stripe.Event) {
  const base = { eventId: event.id, type: event.type };
  if (event.type.startsWith("checkout.session.")) {
    const session = event.data.object as Stripe.Checkout.Session;
    return {
      ...base,
      sessionId: session.id,
      bookingId: session.client_reference_id ?? session.metadata?.bookingId ?? null,
      paymentStatus: session.payment_status,
      paymentIntentId: typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null),
      amountTotal: session.amount_total ?? null,
    };
  }
  if (event.type === "charge.refunded") {
    const charge = event.data.object as Stripe.Charge;
    const intent = charge.payment_intent;
    return {
      ...base,
      paymentIntentId: typeof intent === "string" ? intent : (intent?.id ?? null),
      amountRefunded: charge.amount_refunded,
    };
  }
  return base;
}

/**
 * Stripe's webhook endpoint (README: point a Stripe webhook at <deployment site URL>/stripe/webhook).
 * The signature is verified over the raw body; a bad, missing or stale one gets 400 and changes
 * nothing. Each event is applied once (payments.applyStripeEvent).
 */
http.route({
  path: "/stripe/webhook",
  method: "POST",
  handler: httpAction(async (ctx, request) => {
    const body = await request.text();
    let event: Stripe.Event;
    try {
      event = await verifyWebhookEvent(body, request.headers.get("stripe-signature"));
    } catch (error) {
      console.warn("Webhook Stripe rifiutato:", error instanceof Error ? error.message : error);
      return new Response("Firma del webhook non valida", { status: 400 });
    }
    const outcome = await ctx.runMutation(internal.payments.applyStripeEvent, eventFields(event));
    return Response.json({ received: true, outcome });
  }),
});

export default http;
