// Token verification against convex/auth.config.ts (OIDC discovery + JWKS, fetched in-process from our own
// HTTP actions), and the per-data-dir signing keys @convex-dev/auth needs.
import fs from "node:fs";
import path from "node:path";
import { randomBytes, timingSafeEqual } from "node:crypto";
import {
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  jwtVerify,
  type JWTPayload,
  type ProtectedHeaderParameters,
} from "jose";
import type { Identity, Json } from "./protocol.ts";
import { isObject } from "./protocol.ts";

export interface Keys {
  JWT_PRIVATE_KEY: string;
  JWKS: string;
  /** Signs storage upload tokens. */
  uploadSecret: string;
  /** Like a deployment's deploy key: lets the HTTP API run internal functions (seed, admin grants). */
  adminKey: string;
}

/** Generated once per data dir and kept there, so sessions survive restarts. */
export async function loadOrCreateKeys(dataDir: string): Promise<Keys> {
  const file = path.join(dataDir, "keys.json");
  if (fs.existsSync(file)) {
    const stored = JSON.parse(fs.readFileSync(file, "utf8")) as Keys;
    if (stored.adminKey) return stored;
  }
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
  const keys: Keys = {
    JWT_PRIVATE_KEY: (await exportPKCS8(privateKey)).trimEnd().replace(/\n/g, " "),
    JWKS: JSON.stringify({ keys: [{ use: "sig", ...(await exportJWK(publicKey)) }] }),
    uploadSecret: randomBytes(32).toString("hex"),
    adminKey: `local-admin|${randomBytes(32).toString("hex")}`,
  };
  const tmp = file + ".tmp";
  fs.writeFileSync(tmp, JSON.stringify(keys), { mode: 0o600 });
  fs.renameSync(tmp, file);
  return keys;
}

/** Constant-time comparison, so the time taken says nothing about how much of a guess was right. */
export function isAdminKey(given: string, adminKey: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(adminKey);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** How the real backend answers a wrong admin key. */
export const BAD_ADMIN_KEY = "The provided admin key was invalid for this instance";

/**
 * The identity an admin acts as (`npx convex run --identity`, `setAdminAuth(key, identity)`): the given
 * UserIdentity attributes as they are, or none.
 */
export function actingAsIdentity(attributes: unknown): Identity | null {
  return isObject(attributes) ? (attributes as Identity) : null;
}

// Standard OIDC claim -> UserIdentity attribute.
const CLAIM_TO_ATTR: Record<string, string> = {
  sub: "subject",
  iss: "issuer",
  name: "name",
  given_name: "givenName",
  family_name: "familyName",
  nickname: "nickname",
  preferred_username: "preferredUsername",
  profile: "profileUrl",
  picture: "pictureUrl",
  email: "email",
  email_verified: "emailVerified",
  gender: "gender",
  birthdate: "birthday",
  zoneinfo: "timezone",
  locale: "language",
  phone_number: "phoneNumber",
  phone_number_verified: "phoneNumberVerified",
  address: "address",
  updated_at: "updatedAt",
};
const DROPPED = new Set(["aud", "exp", "iat", "nbf", "jti"]);

export function identityFromClaims(p: JWTPayload): Identity {
  const id: Identity = {};
  for (const [k, v] of Object.entries(p)) {
    if (DROPPED.has(k) || v === undefined) continue;
    id[CLAIM_TO_ATTR[k] ?? k] = v as Json;
  }
  id.tokenIdentifier = `${p.iss}|${p.sub}`;
  return id;
}

export interface Verified {
  identity: Identity;
  /** Expiry in ms since the epoch, if the token has one. */
  expiresAt: number | null;
}

/** A refused token, with Convex's code (`InvalidAuthHeader`, `NoAuthProvider`, …) and message. */
export class AuthenticationError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

interface Provider {
  type?: string;
  domain?: string;
  issuer?: string;
  jwks?: string;
  applicationID?: string;
  algorithm?: string;
}

const strip = (s: string) => s.replace(/\/+$/, "");
/** Convex accepts a token issued up to this far in the future (clock skew). */
const IAT_LEEWAY_S = 5;

function describeProvider(p: Provider): string {
  return p.type === "customJwt"
    ? `CustomJWT(issuer=${p.issuer}, app_id=${p.applicationID ?? "none"})`
    : `OIDC(domain=${p.domain}, app_id=${p.applicationID ?? "none"})`;
}

function audiences(payload: JWTPayload): string[] {
  return payload.aud === undefined ? [] : Array.isArray(payload.aud) ? payload.aud : [payload.aud];
}

/** The provider a token claims to come from, as Convex picks it: issuer, and audience when the provider names one. */
function matchProvider(providers: Provider[], payload: JWTPayload): Provider {
  const iss = strip(String(payload.iss));
  const found = providers.find((p) => {
    const issuer = p.type === "customJwt" ? p.issuer : p.domain;
    if (!issuer || strip(issuer) !== iss) return false;
    return p.type === "customJwt" && !p.applicationID ? true : audiences(payload).includes(p.applicationID ?? "");
  });
  if (found) return found;
  throw new AuthenticationError(
    "NoAuthProvider",
    `No auth provider found matching the given token (no providers configured with issuer "${payload.iss}" and audience ${JSON.stringify(audiences(payload))}). ` +
      `Check convex/auth.config.ts. The configured providers are: ${providers.map(describeProvider).join(", ") || "none"}.`,
  );
}

export function makeVerifier(opts: {
  providers: () => Provider[];
  siteUrl: string;
  siteFetch: (pathAndQuery: string) => Promise<Response>;
}): (token: string) => Promise<Verified> {
  const jwksCache = new Map<string, ReturnType<typeof createLocalJWKSet>>();
  const site = strip(opts.siteUrl);
  const getJson = async (url: string): Promise<unknown> => {
    const r = url.startsWith(site) ? await opts.siteFetch(url.slice(site.length) || "/") : await fetch(url);
    if (!r.ok) throw new AuthenticationError("InvalidAuthHeader", `Could not fetch ${url}: HTTP ${r.status}. Check that the JWKS URL is accessible.`);
    return r.json();
  };
  const jwksFor = async (url: string) => {
    let set = jwksCache.get(url);
    if (!set) {
      let json: unknown;
      try {
        json = url.startsWith("data:") ? JSON.parse(Buffer.from(url.split(",")[1], "base64").toString()) : await getJson(url);
      } catch (e) {
        if (e instanceof AuthenticationError) throw e;
        throw new AuthenticationError("InvalidAuthHeader", `Invalid JWKS response body: not valid JSON (${(e as Error).message})`);
      }
      set = createLocalJWKSet(json as Parameters<typeof createLocalJWKSet>[0]);
      jwksCache.set(url, set);
    }
    return set;
  };
  return async (token) => {
    let payload: JWTPayload;
    let header: ProtectedHeaderParameters;
    try {
      payload = decodeJwt(token);
      header = decodeProtectedHeader(token);
    } catch {
      throw new AuthenticationError(
        "InvalidAuthHeader",
        "Could not parse JWT payload. Check that the token is a valid JWT format with three base64-encoded parts separated by dots.",
      );
    }
    if (typeof payload.iss !== "string")
      throw new AuthenticationError("InvalidAuthHeader", "Missing issuer claim ('iss') in the JWT payload: Convex needs the issuer to find the auth provider.");
    const p = matchProvider(opts.providers(), payload);
    // Custom JWT providers need the key ID; OIDC tokens may omit it when the JWKS has one matching key.
    if (p.type === "customJwt" && !header.kid)
      throw new AuthenticationError("InvalidAuthHeader", "The JWT header is missing a 'kid' (key ID): Convex needs it to pick the key in the provider's JWKS.");
    const now = Math.floor(Date.now() / 1000);
    if (typeof payload.iat === "number" && payload.iat > now + IAT_LEEWAY_S)
      throw new AuthenticationError("InvalidAuthHeader", `Token issued at ${payload.iat} will be valid in ${payload.iat - now} seconds; check the issuer's clock.`);
    if (typeof payload.exp === "number" && payload.exp <= now)
      throw new AuthenticationError("InvalidAuthHeader", `Token expired ${now - payload.exp} seconds ago`);
    let jwksUrl: string;
    if (p.type === "customJwt") {
      if (!p.jwks) throw new AuthenticationError("InvalidAuthHeader", `The provider ${describeProvider(p)} has no jwks URL`);
      jwksUrl = p.jwks;
    } else {
      const disco = await getJson(`${strip(p.domain ?? "")}/.well-known/openid-configuration`);
      if (!isObject(disco) || typeof disco.jwks_uri !== "string")
        throw new AuthenticationError("InvalidAuthHeader", `Invalid OpenID configuration at ${p.domain}`);
      jwksUrl = disco.jwks_uri;
    }
    try {
      const { payload: verified } = await jwtVerify(token, await jwksFor(jwksUrl), {
        ...(p.algorithm ? { algorithms: [p.algorithm] } : {}),
      });
      return { identity: identityFromClaims(verified), expiresAt: verified.exp ? verified.exp * 1000 : null };
    } catch (e) {
      if (e instanceof AuthenticationError) throw e;
      const code = (e as { code?: string }).code;
      if (code === "ERR_JWT_EXPIRED") throw new AuthenticationError("InvalidAuthHeader", "Token expired 0 seconds ago");
      if (code === "ERR_JWKS_NO_MATCHING_KEY")
        throw new AuthenticationError("InvalidAuthHeader", `Could not decode token: no key in the JWKS matches the token's kid '${header.kid}'`);
      throw new AuthenticationError("InvalidAuthHeader", `Could not verify OIDC token claim. ${(e as Error).message}`);
    }
  };
}
