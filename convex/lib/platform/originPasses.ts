// Where a request came from, for the limits per network origin (docs/product-rules.md, "Limits against abuse").
// Mutations never see the client's address; the HTTP action `/origin-pass` does, and hands the app a
// short-lived pass naming the origin (hashed). The guarded work (sign-up, contact, checkout) brings the
// pass and counts its limit under that origin. There is no shared bucket for requests without a valid
// pass: one that anyone could fill would lock out everybody whose pass failed.
import type { QueryCtx } from "../../_generated/server";
import { MAX_ORIGIN_PASS_LENGTH } from "../../model/origins";
import { fail } from "../../framework/errors";

/** The origin a valid pass names: a hash, null for loopback (not limited), undefined without a valid pass. */
async function originOfValidPass(ctx: QueryCtx, pass: string | undefined): Promise<string | null | undefined> {
  // No pass we hand out is this long: that is bad input, not a pass.
  if (pass !== undefined && pass.length > MAX_ORIGIN_PASS_LENGTH) return fail("INVALID_INPUT", { field: "originPass" });
  if (pass === undefined || pass.length === 0) return undefined;
  const row = await ctx.db
    .query("originPasses")
    .withIndex("by_token", (q) => q.eq("token", pass))
    .unique();
  if (row === null || row.expiresAt <= Date.now()) return undefined;
  return row.origin ?? null;
}

/**
 * The origin a sign-up or a contact message counts under, or null when it is not limited per origin.
 * Without a valid pass the request is refused (ORIGIN_PASS_REQUIRED) and counts nothing: the app always
 * asks for a pass first and asks again on this answer, so a script skipping it gets nothing and blocks nobody.
 */
export async function requireOriginOfPass(ctx: QueryCtx, pass: string | undefined): Promise<string | null> {
  const origin = await originOfValidPass(ctx, pass);
  return origin === undefined ? fail("ORIGIN_PASS_REQUIRED") : origin;
}

/**
 * The origin a checkout counts under, or null when it is not limited per origin. A checkout is made by a
 * client whose address is proven; without a valid pass it is held to that client's own limits (payment
 * holds) rather than put in a bucket other clients could fill.
 */
export async function originOfPass(ctx: QueryCtx, pass: string | undefined): Promise<string | null> {
  return (await originOfValidPass(ctx, pass)) ?? null;
}

/** The stored form of an origin: a hash, so the limits' tables keep no address. */
export async function hashOrigin(origin: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`arcano-origin:${origin}`));
  return Array.from(new Uint8Array(digest).slice(0, 16), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
