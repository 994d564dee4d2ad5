// Token verification against convex/auth.config.ts (OIDC discovery + JWKS, fetched in-process from our own
// HTTP actions), and the per-data-dir signing keys @convex-dev/auth needs.
import fs from "node:fs";
import path from "node:path";
import { randomBytes, timingSafeEqual } from "node:crypto";
import {
  compactVerify,
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

interface Keys {
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

function identityFromClaims(p: JWTPayload): Identity {
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

/** A refused token, with Convex's code (`InvalidAuthHeader`, `NoAuthProvider`, …), message and HTTP status. */
export class AuthenticationError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 401,
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
/** Convex's custom JWT validation allows this much clock skew on exp, nbf and iat (biscuit's epsilon). */
const LEEWAY_S = 5;

function describeProvider(p: Provider): string {
  return p.type === "customJwt"
    ? `CustomJWT(issuer=${p.issuer}, app_id=${p.applicationID ?? "none"})`
    : `OIDC(domain=${p.domain}, app_id=${p.applicationID})`;
}

function audiences(payload: JWTPayload): string[] {
  return payload.aud === undefined ? [] : Array.isArray(payload.aud) ? payload.aud : [payload.aud];
}

// The texts below are those of crates/authentication/src/lib.rs (validate_id_token, fetch_jwks) and, for
// the time checks of custom JWTs, of the biscuit crate's ValidationError.
const invalid = (message: string) => new AuthenticationError("InvalidAuthHeader", message);

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
    providers.length === 0
      ? "No auth provider found matching the given token (no providers configured). Check convex/auth.config.ts."
      : "No auth provider found matching the given token. Check that your JWT's issuer and audience match one of your " +
          `configured providers: [${providers.map(describeProvider).join(", ")}]`,
  );
}

/** biscuit's temporal validation, with Convex's 5 s epsilon. */
function checkTimes(payload: JWTPayload): void {
  const now = Math.floor(Date.now() / 1000);
  const fail = (why: string) => invalid(`Could not validate token: ${why}`);
  if (typeof payload.exp === "number" && now - LEEWAY_S > payload.exp) throw fail(`Token expired ${now - payload.exp} seconds ago`);
  if (typeof payload.nbf === "number" && payload.nbf > now + LEEWAY_S) throw fail(`Token will be valid in ${payload.nbf - now} seconds`);
  if (typeof payload.iat === "number" && payload.iat > now + LEEWAY_S) throw fail(`Token will be valid in ${payload.iat - now} seconds`);
}

export function makeVerifier(opts: {
  providers: () => Provider[];
  siteUrl: string;
  siteFetch: (pathAndQuery: string) => Promise<Response>;
}): (token: string) => Promise<Verified> {
  const jwksCache = new Map<string, ReturnType<typeof createLocalJWKSet>>();
  const site = strip(opts.siteUrl);
  const get = (url: string): Promise<Response> => (url.startsWith(site) ? opts.siteFetch(url.slice(site.length) || "/") : fetch(url));
  /** A custom JWT provider's JWKS (a data: URL or an HTTP one), as fetch_jwks reads it. */
  const customJwks = async (uri: string) => {
    let body: string;
    if (uri.startsWith("data:")) {
      const comma = uri.indexOf(",");
      if (comma < 0) throw invalid("Invalid JWKS data URL. Check that the data URL is properly formatted and contains valid base64-encoded JSON.");
      const data = uri.slice(comma + 1);
      body = /;base64$/i.test(uri.slice(0, comma)) ? Buffer.from(data, "base64").toString("utf8") : decodeURIComponent(data);
    } else {
      let r: Response;
      try {
        r = await get(uri);
      } catch (e) {
        throw invalid(`Could not fetch JWKS from URL '${uri}': ${(e as Error).message}. Check that the URL is correct and accessible.`);
      }
      if (r.status !== 200)
        throw invalid(`Could not fetch JWKS from URL '${uri}': HTTP ${r.status} ${r.statusText || "Unknown"}. Check that the URL is correct and accessible.`);
      const type = r.headers.get("content-type") ?? "unknown";
      if (!/^application\/(json|jwk-set\+json)\s*(;\s*charset=utf-8\s*)?$/i.test(type))
        throw invalid(`Invalid Content-Type '${type}' when fetching JWKS from '${uri}'. Expected 'application/json' or 'application/jwk-set+json'.`);
      body = await r.text();
    }
    try {
      return createLocalJWKSet(JSON.parse(body) as Parameters<typeof createLocalJWKSet>[0]);
    } catch {
      throw invalid(`Invalid JWKS response body from '${uri}'. The response is not valid JSON or doesn't match the expected JWKS format.`);
    }
  };
  const oidcJwks = async (issuer: string) => {
    let set = jwksCache.get(issuer);
    if (set) return set;
    const failed = (detail: string, status = 400) =>
      new AuthenticationError("AuthProviderDiscoveryFailed", `Auth provider discovery of ${issuer} failed${detail}`, status);
    const disco = await get(`${strip(issuer)}/.well-known/openid-configuration`).catch(() => null);
    if (!disco) throw failed("");
    if (!disco.ok) throw failed(`: ${disco.status} ${await disco.text()}`, disco.status >= 500 ? 503 : disco.status);
    const meta = (await disco.json().catch(() => null)) as unknown;
    if (!isObject(meta) || typeof meta.jwks_uri !== "string") throw failed("");
    const keys = await get(meta.jwks_uri).then((r) => (r.ok ? r.json() : null)).catch(() => null);
    if (!isObject(keys)) throw failed("");
    set = createLocalJWKSet(keys as unknown as Parameters<typeof createLocalJWKSet>[0]);
    jwksCache.set(issuer, set);
    return set;
  };
  return async (token) => {
    let payload: JWTPayload;
    let header: ProtectedHeaderParameters;
    try {
      payload = decodeJwt(token);
      header = decodeProtectedHeader(token);
    } catch {
      throw invalid("Could not parse JWT payload. Check that the token is a valid JWT format with three base64-encoded parts separated by dots.");
    }
    if (typeof payload.iss !== "string")
      throw invalid("Missing issuer claim ('iss') in JWT payload. The JWT must include an 'iss' claim that matches one of your configured auth providers.");
    const p = matchProvider(opts.providers(), payload);
    if (p.type === "customJwt") {
      const keys = await customJwks(p.jwks ?? "");
      try {
        // biscuit's decode_with_jwks needs the kid to pick the key.
        if (!header.kid) throw new Error("no kid");
        await compactVerify(token, keys, { algorithms: [p.algorithm ?? "RS256"] });
      } catch {
        throw invalid(
          header.kid
            ? `Could not decode token. The JWT's 'kid' (key ID) header is '${header.kid}', does this key match any key in the provider's JWKS?`
            : "Could not decode token. JWT may be missing a 'kid' (key ID) header.",
        );
      }
      checkTimes(payload);
      return { identity: identityFromClaims(payload), expiresAt: typeof payload.exp === "number" ? payload.exp * 1000 : null };
    }
    const keys = await oidcJwks(String(payload.iss));
    try {
      // openidconnect's verifier: RS256 or EdDSA, issuer and audience, expiry without leeway.
      const { payload: verified } = await jwtVerify(token, keys, { algorithms: ["RS256", "EdDSA"], issuer: payload.iss, audience: p.applicationID });
      return { identity: identityFromClaims(verified), expiresAt: verified.exp ? verified.exp * 1000 : null };
    } catch {
      throw new AuthenticationError(
        "Unauthenticated",
        "Could not verify OIDC token claim. Check that the token signature is valid and the token hasn't expired.",
      );
    }
  };
}
