// Owned uploads (docs/product-rules.md, "Files"). Storage ids are not secrets (they appear in public
// photo URLs), so a file is usable only by the person it was uploaded for: an upload URL is issued
// to a person for a purpose and recorded; the file names that record in its Content-Type
// (model/uploads.ts); attaching claims the caller's own, unattached upload made through the URL it
// names; the server deletes only files it recorded as that person's.
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { readUploadContentType } from "../../model/uploads";
import { fail } from "../../framework/errors";
import { rateLimit } from "./rateLimits";
import type { UploadPurpose } from "../../framework/validators";

/** How long an upload URL may be used and its file claimed: Convex upload URLs last an hour. */
export const UPLOAD_WINDOW_MS = 60 * 60 * 1000;

/**
 * Records an upload URL for `ownerId` and returns it with its record, which the file sent through it
 * names (model/uploads.ts uploadContentType).
 */
export async function issueUploadUrl(
  ctx: MutationCtx,
  ownerId: Id<"users">,
  purpose: UploadPurpose,
): Promise<{ uploadUrl: string; uploadId: Id<"uploads"> }> {
  const { ok } = await rateLimit(ctx, { name: "uploadUrlByUser", key: ownerId });
  if (!ok) return fail("RATE_LIMITED");
  const uploadId = await ctx.db.insert("uploads", { ownerId, purpose, status: "issued", expiresAt: Date.now() + UPLOAD_WINDOW_MS });
  return { uploadUrl: await ctx.storage.generateUploadUrl(), uploadId };
}

/**
 * Proves `storageId` is a file `ownerId` uploaded through one of their own upload URLs, and records it
 * as theirs. `uploadedAs` is the Content-Type the file was stored with, which names the URL's record.
 * Refused (UPLOAD_NOT_OWNED), changing and deleting nothing, unless that record is the caller's, for this
 * purpose, not yet used, still live, and issued before the file was stored, the file stored before the
 * record lapsed; and unless no one has claimed the file before. Knowing someone's storage id, even while
 * holding a live URL of one's own, is not enough: the file names the URL it came through, and only its
 * uploader chose that. Each file names its own URL, so files of several URLs are claimable in any order.
 */
export async function claimUploadX(
  ctx: MutationCtx,
  ownerId: Id<"users">,
  storageId: Id<"_storage">,
  purpose: UploadPurpose,
  uploadedAs: string,
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
  // Where the file's record keeps its stored type (Convex, the embedded backend) that one decides.
  const storedType = file.contentType ?? uploadedAs;
  const named = readUploadContentType(storedType).uploadId;
  const uploadId = named === null ? null : ctx.db.normalizeId("uploads", named);
  const grant = uploadId === null ? null : await ctx.db.get("uploads", uploadId);
  const now = Date.now();
  if (
    grant === null ||
    grant.ownerId !== ownerId ||
    grant.purpose !== purpose ||
    grant.status !== "issued" ||
    grant.expiresAt <= now ||
    file._creationTime < grant._creationTime ||
    file._creationTime > grant.expiresAt
  ) {
    return fail("UPLOAD_NOT_OWNED");
  }
  await ctx.db.patch("uploads", grant._id, { status: "claimed", storageId });
  return { ...grant, status: "claimed", storageId };
}

/** The upload record proving `ownerId` owns `storageId`, or null (someone else's, or a legacy file). */
async function ownedUpload(ctx: QueryCtx, ownerId: Id<"users">, storageId: Id<"_storage">) {
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
