// The access token of a local stand-in's own pages and test routes (the mailbox, the Stripe stand-in's overview
// and `/__local/…`): random at each start unless the starter gives one, written owner-only to
// `<data dir>/access-token` for tools and tests on this machine, and carried by a request as
// `Authorization: Bearer …` or `?token=…` (the address a person opens). It is not the API key the app's SDK
// sends: the app never reads a mailbox or pays a session without a card.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { writeFileSync } from "node:fs";
import type http from "node:http";
import { join } from "node:path";
import { OWNER_ONLY_FILE } from "./ownerOnly.ts";

/** The file in a stand-in's data folder holding its running access token. */
const ACCESS_TOKEN_FILE = "access-token";

export const newAccessToken = () => randomBytes(24).toString("base64url");

/** Writes the token where this machine's tools find it, readable by its owner only. */
export function writeAccessToken(dataDir: string, token: string): void {
  writeFileSync(join(dataDir, ACCESS_TOKEN_FILE), token, { mode: OWNER_ONLY_FILE });
}

/** Compares in constant time, so a guess learns nothing from how long the refusal took. */
export function sameSecret(given: string | null | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether the request carries `token`, as `?token=` or `Authorization: Bearer`. */
export function carriesAccessToken(req: http.IncomingMessage, url: URL, token: string): boolean {
  const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
  return sameSecret(url.searchParams.get("token"), token) || sameSecret(bearer, token);
}

/** What a refusal says, in Italian: where the token is. */
export const MISSING_ACCESS_TOKEN = "Codice di accesso mancante o errato";
