"use node";
// Twilio Voice, the production call provider: access tokens for the browser's Device and the check
// of Twilio's webhook signatures. Both need the twilio SDK, which needs Node's built-ins.
import twilio from "twilio";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { env } from "./_generated/server";
import { authedAction, internalAction } from "./lib/platform/functions";

/**
 * A Voice access token for the viewer's call in one booking: only for its client or its psychic,
 * only inside the window, with an identity bound to the person and the booking and a lifetime that
 * ends with the window. Null when Twilio is not configured (the page then uses the offline provider).
 */
export const getVoiceToken = authedAction({
  args: { bookingId: v.string() },
  returns: v.union(v.null(), v.object({ token: v.string(), identity: v.string(), expiresAt: v.number() })),
  handler: async (ctx, { bookingId }): Promise<{ token: string; identity: string; expiresAt: number } | null> => {
    const now = Date.now();
    const grant: { identity: string; ttlSeconds: number } = await ctx.runQuery(internal.calls.twilioGrantFor, { viewerId: ctx.viewerId, bookingId, now });
    const accountSid = env.TWILIO_ACCOUNT_SID;
    const apiKey = env.TWILIO_API_KEY_SID;
    const apiSecret = env.TWILIO_API_KEY_SECRET;
    const appSid = env.TWILIO_TWIML_APP_SID;
    if (!accountSid || !apiKey || !apiSecret || !appSid || !env.TWILIO_AUTH_TOKEN) return null;
    const { AccessToken } = twilio.jwt;
    const token = new AccessToken(accountSid, apiKey, apiSecret, { identity: grant.identity, ttl: grant.ttlSeconds });
    // Outgoing only: the page calls into the conference; nobody can ring a party's browser.
    token.addGrant(new AccessToken.VoiceGrant({ outgoingApplicationSid: appSid, incomingAllow: false }));
    return { token: token.toJwt(), identity: grant.identity, expiresAt: now + grant.ttlSeconds * 1000 };
  },
});

/** Whether a webhook request really comes from Twilio (X-Twilio-Signature over URL and form fields). */
export const isSignedByTwilio = internalAction({
  args: { url: v.string(), signature: v.string(), params: v.record(v.string(), v.string()) },
  returns: v.boolean(),
  handler: async (_ctx, { url, signature, params }) => {
    const authToken = env.TWILIO_AUTH_TOKEN;
    if (!authToken || !signature) return false;
    return twilio.validateRequest(authToken, signature, url, params);
  },
});
