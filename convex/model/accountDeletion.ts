// What deleting an account removes and what it keeps (docs/product-rules.md, "Accounts"). Runs in
// one mutation, so a failure half-way leaves the account whole.
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { countDeletedAccount } from "../lib/counters";
import { deleteOwnedFile } from "../lib/uploads";

/** Shown wherever a deleted person's name used to be (past bookings, reviews). */
export const DELETED_ACCOUNT_NAME = "Account eliminato";

export async function deleteAccountData(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  const user = await ctx.db.get("users", userId);
  if (user === null) return;

  // Sessions and their refresh tokens: every device is signed out.
  const sessions = await ctx.db.query("authSessions").withIndex("userId", (q) => q.eq("userId", userId)).collect();
  for (const session of sessions) {
    const tokens = await ctx.db
      .query("authRefreshTokens")
      .withIndex("sessionId", (q) => q.eq("sessionId", session._id))
      .collect();
    for (const token of tokens) await ctx.db.delete("authRefreshTokens", token._id);
    await ctx.db.delete("authSessions", session._id);
  }

  // Credentials, pending reset codes and the sign-in limiter's state.
  const accounts = await ctx.db
    .query("authAccounts")
    .withIndex("userIdAndProvider", (q) => q.eq("userId", userId))
    .collect();
  for (const account of accounts) {
    const codes = await ctx.db
      .query("authVerificationCodes")
      .withIndex("accountId", (q) => q.eq("accountId", account._id))
      .collect();
    for (const code of codes) await ctx.db.delete("authVerificationCodes", code._id);
    const limits = await ctx.db
      .query("authRateLimits")
      .withIndex("identifier", (q) => q.eq("identifier", account._id))
      .collect();
    for (const limit of limits) await ctx.db.delete("authRateLimits", limit._id);
    await ctx.db.delete("authAccounts", account._id);
  }

  // A reader's profile and photo go; their past bookings stay for accounting, without the name.
  const profile = await ctx.db.query("psychicProfiles").withIndex("by_userId", (q) => q.eq("userId", userId)).unique();
  if (profile !== null) {
    const bookings = await ctx.db
      .query("bookings")
      .withIndex("by_psychicProfile_startsAt", (q) => q.eq("psychicProfileId", profile._id))
      .collect();
    for (const booking of bookings) await ctx.db.patch("bookings", booking._id, { psychicName: DELETED_ACCOUNT_NAME });
    if (profile.photoStorageId) await deleteOwnedFile(ctx, userId, profile.photoStorageId);
    await ctx.db.delete("psychicProfiles", profile._id);
  }

  // A client's reviews stay on the reader's profile, signed "Account eliminato".
  const reviews = await ctx.db.query("reviews").withIndex("by_client", (q) => q.eq("clientId", userId)).collect();
  for (const review of reviews) await ctx.db.patch("reviews", review._id, { clientName: DELETED_ACCOUNT_NAME });

  // Every file the person uploaded and still owns (never another person's).
  for (const status of ["issued", "claimed", "attached"] as const) {
    const uploads = await ctx.db
      .query("uploads")
      .withIndex("by_owner_status", (q) => q.eq("ownerId", userId).eq("status", status))
      .collect();
    for (const upload of uploads) {
      if (upload.storageId) await deleteOwnedFile(ctx, userId, upload.storageId);
      else await ctx.db.delete("uploads", upload._id);
    }
  }

  const grants = await ctx.db.query("adminGrants").withIndex("by_userId", (q) => q.eq("userId", userId)).collect();
  for (const grant of grants) await ctx.db.delete("adminGrants", grant._id);

  // Emails addressed to the person are personal data too.
  if (user.email) {
    const email = user.email;
    const sent = await ctx.db.query("emailOutbox").withIndex("by_to", (q) => q.eq("to", email)).collect();
    for (const message of sent) await ctx.db.delete("emailOutbox", message._id);
  }

  await countDeletedAccount(ctx, user);
  await ctx.db.delete("users", userId);
}
