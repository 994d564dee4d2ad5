// Owned uploads (docs/product-rules.md, "Files"). Storage ids are not secrets (they appear in public
// photo URLs), so a file is usable only by the person it was uploaded for: an upload URL is issued
// to a person for a purpose and recorded; attaching claims the caller's own, unattached upload made
// with such a URL; the server deletes only files it recorded as that person's.
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { fail } from "./errors";
import { rateLimit } from "./rateLimits";
import type { UploadPurpose } from "./validators";

/** How long an upload URL may be used and its file claimed: Convex upload URLs last an hour. */
export const UPLOAD_WINDOW_MS = 60 * 60 * 1000;

/** Records an upload URL for `ownerId` and returns it. */
export async function issueUploadUrl(ctx: MutationCtx, ownerId: Id<"users">, purpose: UploadPurpose): Promise<string> {
  const { ok } = await rateLimit(ctx, { name: "uploadUrlByUser", key: ownerId });
  if (!ok) return fail("RATE_LIMITED");
  await ctx.db.insert("uploads", { ownerId, purpose, status: "issued", expiresAt: Date.now() + UPLOAD_WINDOW_MS });
  return ctx.storage.generateUploadUrl();
}

/**
 * Proves `storageId` is a file `ownerId` uploaded with one of their issued URLs, and records it as
 * theirs. Refused, deleting nothing, for a missing file, a file anyone has claimed before, or a file
 * older than every live URL of theirs (so never another person's or a legacy file).
 */
export async function claimUploadX(
  ctx: MutationCtx,
  ownerId: Id<"users">,
  storageId: Id<"_storage">,
  purpose: UploadPurpose,
): Promise<Doc<"uploads">> {
  const file = await ctx.db.system.get("_storage", storageId);
  if (file === null) return fail("NOT_FOUND", { field: "storageId" });
  const claimed = await ctx.db
    .query("uploads")
    .withIndex("by_storageId", (q) => q.eq("storageId", storageId))
    .first();
  if (claimed !== null) {
    // Claiming one's own claimed file again (a retried request) is harmless.
    if (claimed.ownerId === ownerId && claimed.status === "claimed" && claimed.purpose === purpose) return claimed;
    return fail("UPLOAD_NOT_OWNED");
  }
  const now = Date.now();
  const grants = await ctx.db
    .query("uploads")
    .withIndex("by_owner_status", (q) => q.eq("ownerId", ownerId).eq("status", "issued"))
    .take(50);
  // The URL was issued before the file was created, and is still live.
  const grant = grants.find(
    (row) => row.purpose === purpose && row._creationTime <= file._creationTime && row.expiresAt > now,
  );
  if (grant === undefined) return fail("UPLOAD_NOT_OWNED");
  await ctx.db.patch("uploads", grant._id, { status: "claimed", storageId });
  return { ...grant, status: "claimed", storageId };
}

/** The upload record proving `ownerId` owns `storageId`, or null (someone else's, or a legacy file). */
export async function ownedUpload(ctx: QueryCtx, ownerId: Id<"users">, storageId: Id<"_storage">) {
  const row = await ctx.db
    .query("uploads")
    .withIndex("by_storageId", (q) => q.eq("storageId", storageId))
    .first();
  return row !== null && row.ownerId === ownerId ? row : null;
}

/** Deletes a file the server recorded as `ownerId`'s, with its record; anything else is left alone. */
export async function deleteOwnedFile(ctx: MutationCtx, ownerId: Id<"users">, storageId: Id<"_storage">) {
  const row = await ownedUpload(ctx, ownerId, storageId);
  if (row === null) return;
  if ((await ctx.db.system.get("_storage", storageId)) !== null) await ctx.storage.delete(storageId);
  await ctx.db.delete("uploads", row._id);
}
