// Where a request came from, for the limits per network origin (docs/product-rules.md, "Limits against abuse").
// Mutations never see the client's address; the HTTP action `/origin-pass` does, and hands the app a
// short-lived pass naming the origin (hashed). The guarded work (sign-up, contact, checkout) brings the
// pass and counts its limit under that origin. A missing, unknown or expired pass counts under one
// shared bucket: the app always brings a pass, so only scripts skipping it end up there together.
import type { QueryCtx } from "../_generated/server";
import { MAX_ORIGIN_PASS_LENGTH, NO_PASS_ORIGIN } from "../model/origins";
import { fail } from "./errors";

/** The origin to count a limit under, or null when the request is not limited per origin. */
export async function originOfPass(ctx: QueryCtx, pass: string | undefined): Promise<string | null> {
  // No pass we hand out is this long: that is bad input, not a pass.
  if (pass !== undefined && pass.length > MAX_ORIGIN_PASS_LENGTH) return fail("INVALID_INPUT", { field: "originPass" });
  if (pass === undefined || pass.length === 0) return NO_PASS_ORIGIN;
  const row = await ctx.db
    .query("originPasses")
    .withIndex("by_token", (q) => q.eq("token", pass))
    .unique();
  if (row === null || row.expiresAt <= Date.now()) return NO_PASS_ORIGIN;
  return row.origin ?? null;
}

/** The stored form of an origin: a hash, so the limits' tables keep no address. */
export async function hashOrigin(origin: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`arcano-origin:${origin}`));
  return Array.from(new Uint8Array(digest).slice(0, 16), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
