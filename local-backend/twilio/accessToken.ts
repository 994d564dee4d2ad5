// The Voice access token a browser's Device presents in `listen`, checked as Twilio checks it: an HS256 JWT
// signed with the API key's secret, issued by that key for this account, not expired, with an identity and
// a Voice grant whose outgoing application is the TwiML app the stand-in serves.
import { createHmac, timingSafeEqual } from "node:crypto";

export type TokenKeys = { accountSid: string; apiKeySid: string; apiKeySecret: string; appSid: string };
type TokenGrant = { identity: string; ttlSeconds: number; outgoingParams: Record<string, string> };
/** The signalling errors the Voice SDK maps (31204 Invalid JWT token, 31205 JWT token expired). */
type TokenRefusal = { code: 31204 | 31205; message: string };

const base64url = (text: string) => Buffer.from(text, "base64url");

type Claims = {
  iss?: unknown;
  sub?: unknown;
  exp?: unknown;
  nbf?: unknown;
  grants?: { identity?: unknown; voice?: { outgoing?: { application_sid?: unknown; params?: unknown } } };
};

export function verifyAccessToken(token: unknown, keys: TokenKeys, nowMs = Date.now()): TokenGrant | TokenRefusal {
  const invalid = (why: string): TokenRefusal => ({ code: 31204, message: `Invalid JWT token: ${why}` });
  if (typeof token !== "string") return invalid("missing");
  const parts = token.split(".");
  if (parts.length !== 3) return invalid("malformed");
  const [headerPart, payloadPart, signaturePart] = parts;
  let header: { alg?: unknown; typ?: unknown };
  let claims: Claims;
  try {
    header = JSON.parse(base64url(headerPart).toString("utf8"));
    claims = JSON.parse(base64url(payloadPart).toString("utf8"));
  } catch {
    return invalid("malformed");
  }
  if (header.alg !== "HS256") return invalid("unsupported algorithm");
  const expected = createHmac("sha256", keys.apiKeySecret).update(`${headerPart}.${payloadPart}`).digest();
  const given = base64url(signaturePart);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return invalid("signature verification failed");
  if (claims.iss !== keys.apiKeySid) return invalid("unknown API key");
  if (claims.sub !== keys.accountSid) return invalid("wrong account");
  const now = Math.floor(nowMs / 1000);
  if (typeof claims.exp !== "number") return invalid("no expiry");
  if (claims.exp <= now) return { code: 31205, message: "JWT token expired" };
  if (typeof claims.nbf === "number" && claims.nbf > now) return invalid("not yet valid");
  const identity = claims.grants?.identity;
  if (typeof identity !== "string" || identity === "") return invalid("no identity");
  const outgoing = claims.grants?.voice?.outgoing;
  if (outgoing?.application_sid !== keys.appSid) return invalid("no outgoing grant for this application");
  const params = typeof outgoing.params === "object" && outgoing.params !== null ? (outgoing.params as Record<string, string>) : {};
  return { identity, ttlSeconds: claims.exp - now, outgoingParams: params };
}

export const isRefusal = (result: TokenGrant | TokenRefusal): result is TokenRefusal => "code" in result;
