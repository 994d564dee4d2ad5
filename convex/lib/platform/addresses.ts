// The addresses the server writes: two public web addresses, apart because they are different places
// (the web app people open, and the Convex deployment's HTTP actions that Stripe and Twilio call),
// and the support team's mailbox.
import { env } from "../../_generated/server";

/** The web app (SITE_URL): links in emails, Stripe Checkout's return pages. */
export function appUrl(): string {
  return (env.SITE_URL ?? "http://127.0.0.1:5173").replace(/\/$/, "");
}

/** Where admin notifications (new accounts, contact messages) go. */
export function supportAddress(): string {
  return env.SUPPORT_EMAIL ?? "supporto@arcano.it";
}

/** The deployment's HTTP actions (CONVEX_SITE_URL): the webhook addresses Twilio signs its requests for. */
export function convexSiteUrl(): string {
  return (env.CONVEX_SITE_URL ?? "").replace(/\/$/, "");
}

/**
 * The request header carrying the client's address, for the limits per network origin. Convex's front
 * and the embedded backend add the connecting peer to X-Forwarded-For themselves (its last entry is read,
 * `originOfAddress`); a deployment behind another proxy names the header that proxy sets in CLIENT_ADDRESS_HEADER.
 */
export function clientAddressHeader(): string {
  return (env.CLIENT_ADDRESS_HEADER ?? "x-forwarded-for").toLowerCase();
}
