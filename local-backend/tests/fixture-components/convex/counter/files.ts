// The counter component's own file storage: files uploaded to a URL it made, or stored by its action,
// live in its `_storage`, apart from the app's.
import { v } from "convex/values";
import { action, mutation, query } from "./_generated/server";

export const generateUploadUrl = mutation({ args: {}, returns: v.string(), handler: async (ctx) => await ctx.storage.generateUploadUrl() });

export const store = action({
  args: { text: v.string(), sha256: v.optional(v.string()) },
  returns: v.id("_storage"),
  handler: async (ctx, { text, sha256 }) => await ctx.storage.store(new Blob([text], { type: "text/plain" }), { sha256 }),
});

export const read = action({
  args: { storageId: v.id("_storage") },
  returns: v.union(v.string(), v.null()),
  handler: async (ctx, { storageId }) => (await (await ctx.storage.get(storageId))?.text()) ?? null,
});

export const url = query({ args: { storageId: v.id("_storage") }, returns: v.union(v.string(), v.null()), handler: async (ctx, { storageId }) => await ctx.storage.getUrl(storageId) });

export const list = query({
  args: {},
  returns: v.array(v.object({ id: v.id("_storage"), size: v.number(), contentType: v.union(v.string(), v.null()) })),
  handler: async (ctx) =>
    (await ctx.db.system.query("_storage").collect()).map((file) => ({ id: file._id, size: file.size, contentType: file.contentType ?? null })),
});

export const remove = mutation({
  args: { storageId: v.id("_storage") },
  returns: v.null(),
  handler: async (ctx, { storageId }) => {
    await ctx.storage.delete(storageId);
    return null;
  },
});
