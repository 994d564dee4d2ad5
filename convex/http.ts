// HTTP routes: the auth library's OpenID and sign-in endpoints, the origin pass, the Stripe webhook and
// Twilio's voice and conference webhooks.
import { httpRouter } from "convex/server";
import { internal } from "./_generated/api";
import { httpAction } from "./_generated/server";
import { auth } from "./auth";
import { paidSessionOf, verifyWebhookEvent, type Stripe } from "./lib/money/stripe";
import { appUrl, clientAddressHeader, convexSiteUrl } from "./lib/platform/addresses";
import { hashOrigin } from "./lib/platform/originPasses";
import { connectEventFields } from "./lib/money/payouts";
import { LOOPBACK_ORIGIN, originOfAddress } from "./model/origins";

const http = httpRouter();

auth.addHttpRoutes(http);

/** The fields of an event the payment rules read; everything else in it is ignored. */
function eventFields(event: Stripe.Event) {
  const base = { eventId: event.id, type: event.type };
  if (event.type.startsWith("checkout.session.")) {
    const session = event.data.object as Stripe.Checkout.Session;
    return { ...base, ...paidSessionOf(session), paymentStatus: session.payment_status };
  }
  if (event.type === "charge.dispute.created") {
    const dispute = event.data.object as Stripe.Dispute;
    const intent = dispute.payment_intent;
    return {
      ...base,
      paymentIntentId: typeof intent === "string" ? intent : (intent?.id ?? null),
      disputeId: dispute.id,
      amountDisputed: dispute.amount,
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
 * Stripe's webhook endpoint (docs/deployment.md: point a Stripe webhook at <deployment site URL>/stripe/webhook).
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

/**
 * The Connect webhook endpoint (docs/deployment.md: a second Stripe webhook, "Events on Connected accounts", at
 * <deployment site URL>/stripe/connect-webhook, with its own signing secret STRIPE_CONNECT_WEBHOOK_SECRET).
 */
http.route({
  path: "/stripe/connect-webhook",
  method: "POST",
  handler: httpAction(async (ctx, request) => {
    const body = await request.text();
    let event: Stripe.Event;
    try {
      event = await verifyWebhookEvent(body, request.headers.get("stripe-signature"), "connect");
    } catch (error) {
      console.warn("Webhook Stripe Connect rifiutato:", error instanceof Error ? error.message : error);
      return new Response("Firma del webhook non valida", { status: 400 });
    }
    const outcome = await ctx.runMutation(internal.payouts.applyConnectEvent, connectEventFields(event));
    return Response.json({ received: true, outcome });
  }),
});

// ─── Origin passes (docs/product-rules.md, "Limits against abuse") ───

/** Only the app's own pages may ask for a pass from a browser. */
function corsHeaders(): Record<string, string> {
  return {
    "Access-Control-Allow-Origin": new URL(appUrl()).origin,
    "Access-Control-Allow-Methods": "POST",
    "Access-Control-Max-Age": "600",
    Vary: "Origin",
  };
}

http.route({
  path: "/origin-pass",
  method: "OPTIONS",
  handler: httpAction(async () => new Response(null, { status: 204, headers: corsHeaders() })),
});

/** A pass naming the caller's network origin, for sign-up, contact and checkout to count their limits under. */
http.route({
  path: "/origin-pass",
  method: "POST",
  handler: httpAction(async (ctx, request) => {
    const origin = originOfAddress(request.headers.get(clientAddressHeader()));
    // Without the proxy's address there is no origin to count under: no pass, rather than one that
    // escapes the limits. Only a misconfigured front gets here (Convex's and the embedded backend's set it).
    if (origin === null) {
      console.error(`/origin-pass: nessun indirizzo del client leggibile in ${clientAddressHeader()} (vedi CLIENT_ADDRESS_HEADER)`);
      return Response.json({ error: "CLIENT_ADDRESS_UNKNOWN" }, { status: 503, headers: corsHeaders() });
    }
    const bytes = crypto.getRandomValues(new Uint8Array(24));
    const token = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    const issued = await ctx.runMutation(internal.originPasses.issue, { token, origin: origin === LOOPBACK_ORIGIN ? null : await hashOrigin(origin) });
    if (!issued.ok) return Response.json({ error: "RATE_LIMITED" }, { status: 429, headers: corsHeaders() });
    return Response.json({ pass: token, expiresAt: issued.expiresAt }, { headers: { ...corsHeaders(), "Cache-Control": "no-store" } });
  }),
});

// ─── Twilio Voice (docs/calls-and-offline.md, "Calls": the TwiML app's voice URL and the conference status callback) ───

const TWILIO_VOICE_PATH = "/twilio/voice";
const TWILIO_STATUS_PATH = "/twilio/conference-status";

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const twiml = (body: string) =>
  new Response(`<?xml version="1.0" encoding="UTF-8"?><Response>${body}</Response>`, {
    headers: { "Content-Type": "text/xml" },
  });

/**
 * The form fields of a Twilio webhook, or null when its X-Twilio-Signature does not match them and
 * the URL Twilio called (checked with the twilio SDK in a Node action).
 */
async function signedTwilioForm(ctx: Parameters<Parameters<typeof httpAction>[0]>[0], request: Request) {
  const signature = request.headers.get("x-twilio-signature");
  if (!signature) return null;
  const params = Object.fromEntries(new URLSearchParams(await request.text()));
  const { pathname, search } = new URL(request.url);
  const signed = await ctx.runAction(internal.twilio.isSignedByTwilio, { url: `${convexSiteUrl()}${pathname}${search}`, signature, params });
  return signed ? params : null;
}

const forbidden = () => new Response("Firma Twilio non valida", { status: 403 });

/**
 * The TwiML app's voice URL: the browser's Device calls in with its identity (person and booking)
 * and the booking id; a party inside the window enters the booking's two-person conference, limited
 * to the time left, with status callbacks; anyone else hears why and is hung up on.
 */
http.route({
  path: TWILIO_VOICE_PATH,
  method: "POST",
  handler: httpAction(async (ctx, request) => {
    const form = await signedTwilioForm(ctx, request);
    if (form === null) return forbidden();
    const admission = await ctx.runMutation(internal.calls.admitTwilioCaller, {
      from: form.From ?? "",
      bookingId: form.bookingId ?? "",
      callSid: form.CallSid ?? "",
    });
    if (!admission.admitted) {
      return twiml('<Say language="it-IT">Il consulto non è disponibile in questo momento.</Say><Hangup/>');
    }
    const callback = escapeXml(`${convexSiteUrl()}${TWILIO_STATUS_PATH}`);
    return twiml(
      `<Dial timeLimit="${admission.timeLimitSeconds}"><Conference maxParticipants="2" beep="false" waitUrl="" ` +
        `startConferenceOnEnter="true" endConferenceOnExit="false" statusCallback="${callback}" statusCallbackMethod="POST" ` +
        `statusCallbackEvent="start end join leave">${escapeXml(admission.conference)}</Conference></Dial>`,
    );
  }),
});

/** The conference's status callback: signature checked, each event applied once. */
http.route({
  path: TWILIO_STATUS_PATH,
  method: "POST",
  handler: httpAction(async (ctx, request) => {
    const form = await signedTwilioForm(ctx, request);
    if (form === null) return forbidden();
    const outcome = await ctx.runMutation(internal.calls.applyConferenceEvent, {
      conference: form.FriendlyName ?? "",
      conferenceSid: form.ConferenceSid ?? "",
      sequenceNumber: form.SequenceNumber ?? `${form.StatusCallbackEvent}:${form.CallSid}:${form.Timestamp}`,
      event: form.StatusCallbackEvent ?? "",
      callSid: form.CallSid ?? null,
    });
    return Response.json({ received: true, outcome });
  }),
});

export default http;
