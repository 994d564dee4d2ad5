// Who may do what, as plain helpers shared by the function builders and by any module that
// needs the same answer (for example, to show or hide the admin link).
import type { Doc, Id } from "../../_generated/dataModel";
import { env, type QueryCtx } from "../../_generated/server";
import { isListed } from "../../model/psychics";
import { fail } from "../../framework/errors";

/**
 * Used when ADMIN_EMAIL_DOMAIN is unset. The brand's own domain, so a fresh local run has a
 * working admin login; the domain alone never grants anything, an `adminGrants` row is also needed.
 */
const DEFAULT_ADMIN_EMAIL_DOMAIN = "@arcano.it";

/** The admin mail domain as "@example.it", lower-case; "example.it" in the env is accepted too. */
function adminEmailDomain(): string {
  const configured = env.ADMIN_EMAIL_DOMAIN?.trim().toLowerCase();
  if (!configured) return DEFAULT_ADMIN_EMAIL_DOMAIN;
  return configured.startsWith("@") ? configured : `@${configured}`;
}

export function isAdminEmail(email: string | undefined): boolean {
  return (
    email !== undefined &&
    email.trim().toLowerCase().endsWith(adminEmailDomain())
  );
}

/** Admin = an email on the admin domain AND a grant stored on the server (docs/product-rules.md). */
export async function isAdminUser(
  ctx: QueryCtx,
  userId: Id<"users">,
): Promise<boolean> {
  const user = await ctx.db.get("users", userId);
  if (user === null || !isAdminEmail(user.email)) return false;
  const grant = await ctx.db
    .query("adminGrants")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .first();
  return grant !== null;
}

// ─── Per-resource access ────────────────────────────────────────────────────────────────────
// One helper per resource, called on the first line of a handler that takes an id. A helper
// ending in X throws (NOT_FOUND for a missing document or a malformed id, FORBIDDEN for someone
// else's); one without X returns null. Ids may arrive as any string (a URL), so they are normalised.

/** A psychic profile the public may see (`isListed`), or null: missing, hidden, unapproved and suspended look alike. */
export async function listedProfile(ctx: QueryCtx, id: string): Promise<Doc<"psychicProfiles"> | null> {
  const profileId = ctx.db.normalizeId("psychicProfiles", id);
  const profile = profileId === null ? null : await ctx.db.get("psychicProfiles", profileId);
  return profile !== null && isListed(profile) ? profile : null;
}

/** The signed-in psychic's own profile, or null before their first visit creates it. */
export async function ownPsychicProfile(ctx: QueryCtx, userId: Id<"users">) {
  return ctx.db
    .query("psychicProfiles")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .unique();
}

export async function ownPsychicProfileX(ctx: QueryCtx, userId: Id<"users">): Promise<Doc<"psychicProfiles">> {
  return (await ownPsychicProfile(ctx, userId)) ?? fail("NOT_FOUND");
}

export async function bookingX(ctx: QueryCtx, id: string): Promise<Doc<"bookings">> {
  const bookingId = ctx.db.normalizeId("bookings", id);
  const booking = bookingId === null ? null : await ctx.db.get("bookings", bookingId);
  return booking ?? fail("NOT_FOUND");
}

/** A booking the viewer made as its client. */
export async function bookingAsClientX(ctx: QueryCtx, viewerId: Id<"users">, id: string) {
  const booking = await bookingX(ctx, id);
  return booking.clientId === viewerId ? booking : fail("FORBIDDEN");
}

/** A booking of the viewer's own psychic profile. */
export async function bookingAsPsychicX(ctx: QueryCtx, viewerId: Id<"users">, id: string) {
  const booking = await bookingX(ctx, id);
  return booking.psychicUserId === viewerId ? booking : fail("FORBIDDEN");
}

export type BookingParty = "client" | "psychic";

/** A booking the viewer takes part in, and as whom: its client or its psychic. */
export async function bookingAsPartyX(
  ctx: QueryCtx,
  viewerId: Id<"users">,
  id: string,
): Promise<{ booking: Doc<"bookings">; party: BookingParty }> {
  const booking = await bookingX(ctx, id);
  if (booking.clientId === viewerId) return { booking, party: "client" };
  if (booking.psychicUserId === viewerId) return { booking, party: "psychic" };
  return fail("FORBIDDEN");
}
