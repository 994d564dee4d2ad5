// Uploaded files and who owns them (convex/lib/platform/uploads.ts). Internal only: public functions of each
// feature (the psychic's photo) issue URLs and attach files through the helpers there.
import { v } from "convex/values";
import { internalMutation } from "./lib/platform/functions";
import { claimUploadX, UPLOAD_WINDOW_MS } from "./lib/platform/uploads";
import { uploadPurpose } from "./framework/validators";

/**
 * Step one of attaching: the caller proves the file is their own upload through their own URL (see
 * claimUploadX); `uploadedAs` is the Content-Type the file was stored with, read by the action.
 */
export const claim = internalMutation({
  args: { ownerId: v.id("users"), storageId: v.id("_storage"), purpose: uploadPurpose, uploadedAs: v.string() },
  returns: v.id("uploads"),
  handler: async (ctx, { ownerId, storageId, purpose, uploadedAs }) =>
    (await claimUploadX(ctx, ownerId, storageId, purpose, uploadedAs))._id,
});

/** A claimed file that failed its checks: deleted with its record (it is proven the owner's). */
export const discardClaimed = internalMutation({
  args: { uploadId: v.id("uploads") },
  returns: v.null(),
  handler: async (ctx, { uploadId }) => {
    const upload = await ctx.db.get("uploads", uploadId);
    if (upload === null || upload.status !== "claimed") return null;
    if (upload.storageId && (await ctx.db.system.get("_storage", upload.storageId)) !== null) {
      await ctx.storage.delete(upload.storageId);
    }
    await ctx.db.delete("uploads", uploadId);
    return null;
  },
});

/** Rows handled per run; the cron runs hourly and picks up the rest next time. */
const BATCH = 100;

/**
 * Hourly (crons.ts): uploads never attached are removed. A claimed file is deleted with its record.
 * For an issued URL never claimed, the files created while it was usable and claimed by nobody are
 * deleted; only once every URL that could still claim them has lapsed (an hour after the window).
 */
export const removeUnattached = internalMutation({
  args: {},
  returns: v.object({ records: v.number(), files: v.number() }),
  handler: async (ctx) => {
    const now = Date.now();
    // Files of a window are safe to delete when any URL issued before them has lapsed too.
    const lapsedBefore = now - UPLOAD_WINDOW_MS;
    let records = 0;
    let files = 0;
    for (const status of ["claimed", "issued"] as const) {
      const lapsed = await ctx.db
        .query("uploads")
        .withIndex("by_status_expiresAt", (q) => q.eq("status", status).lt("expiresAt", lapsedBefore))
        .take(BATCH);
      for (const upload of lapsed) {
        if (status === "claimed" && upload.storageId && (await ctx.db.system.get("_storage", upload.storageId))) {
          await ctx.storage.delete(upload.storageId);
          files++;
        }
        if (status === "issued") {
          const created = await ctx.db.system
            .query("_storage")
            .withIndex("by_creation_time", (q) =>
              q.gte("_creationTime", upload._creationTime).lte("_creationTime", upload.expiresAt),
            )
            .take(BATCH);
          for (const file of created) {
            const owner = await ctx.db
              .query("uploads")
              .withIndex("by_storageId", (q) => q.eq("storageId", file._id))
              .first();
            if (owner === null) {
              await ctx.storage.delete(file._id);
              files++;
            }
          }
        }
        await ctx.db.delete("uploads", upload._id);
        records++;
      }
    }
    return { records, files };
  },
});
