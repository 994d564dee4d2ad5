// The app's functions over its components: counted by a component defined here, rate limited, and a job
// run by the workpool that fails once and is retried.
import { ConvexError, v } from "convex/values";
import { RateLimiter, HOUR } from "@convex-dev/rate-limiter";
import { Workpool } from "@convex-dev/workpool";
import { action, internalAction, internalMutation, mutation, query } from "./_generated/server";
import { components, internal } from "./_generated/api";

const limiter = new RateLimiter(components.rateLimiter, { send: { kind: "fixed window", rate: 2, period: HOUR } });
const pool = new Workpool(components.jobs, { maxParallelism: 2, retryActionsByDefault: true, defaultRetryBehavior: { maxAttempts: 3, initialBackoffMs: 50, base: 2 } });

export const count = mutation({ args: { name: v.string() }, handler: async (ctx, { name }) => await ctx.runMutation(components.counter.lib.add, { name }) });
export const counted = query({ args: { name: v.string() }, handler: async (ctx, { name }) => await ctx.runQuery(components.counter.lib.get, { name }) });
export const appCounters = query({ args: {}, handler: async (ctx) => await ctx.db.query("counters").collect() });
export const counterEnvironment = query({ args: {}, handler: async (ctx) => await ctx.runQuery(components.counter.lib.environment, {}) });
// eslint-disable-next-line @convex-dev/no-process-env
export const appSecret = query({ args: {}, handler: async () => process.env.APP_SECRET ?? null });

export const send = mutation({ args: { key: v.string() }, handler: async (ctx, { key }) => (await limiter.limit(ctx, "send", { key })).ok });

/** Fails on its first attempt for `key`, succeeds on the next. */
export const flaky = internalAction({
  args: { key: v.string() },
  handler: async (ctx, { key }) => {
    const attempts = await ctx.runMutation(internal.uses.attempt, { key });
    if (attempts === 1) throw new Error(`first attempt for ${key} fails`);
    await ctx.runMutation(internal.uses.note, { text: `${key} done after ${attempts} attempts` });
  },
});
export const attempt = internalMutation({
  args: { key: v.string() },
  handler: async (ctx, { key }) => {
    await ctx.db.insert("attempts", { key });
    return (
      await ctx.db
        .query("attempts")
        .withIndex("by_key", (q) => q.eq("key", key))
        .collect()
    ).length;
  },
});
export const note = internalMutation({ args: { text: v.string() }, handler: async (ctx, { text }) => void (await ctx.db.insert("notes", { text })) });
export const enqueueFlaky = mutation({ args: { key: v.string() }, handler: async (ctx, { key }) => void (await pool.enqueueAction(ctx, internal.uses.flaky, { key })) });
export const enqueueNote = action({ args: { text: v.string() }, handler: async (ctx, { text }) => void (await pool.enqueueMutation(ctx, internal.uses.note, { text })) });
export const notes = query({ args: {}, handler: async (ctx) => (await ctx.db.query("notes").collect()).map((n) => n.text) });

// The counter component's files, through the app; and what the app itself sees of them.
export const componentUploadUrl = mutation({ args: {}, handler: async (ctx) => await ctx.runMutation(components.counter.files.generateUploadUrl, {}) });
export const componentStore = action({
  args: { text: v.string(), sha256: v.optional(v.string()) },
  handler: async (ctx, args) => await ctx.runAction(components.counter.files.store, args),
});
export const componentRead = action({ args: { storageId: v.string() }, handler: async (ctx, { storageId }) => await ctx.runAction(components.counter.files.read, { storageId }) });
export const componentFileUrl = query({ args: { storageId: v.string() }, handler: async (ctx, { storageId }) => await ctx.runQuery(components.counter.files.url, { storageId }) });
export const componentFiles = query({ args: {}, handler: async (ctx) => await ctx.runQuery(components.counter.files.list, {}) });
export const componentRemove = mutation({ args: { storageId: v.string() }, handler: async (ctx, { storageId }) => await ctx.runMutation(components.counter.files.remove, { storageId }) });
export const appFiles = query({ args: {}, handler: async (ctx) => (await ctx.db.system.query("_storage").collect()).map((file) => file._id) });
export const appFileUrl = query({ args: { storageId: v.id("_storage") }, handler: async (ctx, { storageId }) => await ctx.storage.getUrl(storageId) });

// Errors as Convex words them: the frame in the app's source, and a component's error nested in its caller's.
// eslint-disable-next-line @convex-dev/no-old-registered-function-syntax, @convex-dev/require-args-validator -- anonymous, as Convex's own error tests write it
export const failing = query(async () => {
  throw new Error("Normal error");
});
// eslint-disable-next-line @convex-dev/no-old-registered-function-syntax, @convex-dev/require-args-validator -- anonymous, as Convex's own error tests write it
export const componentFailing = query(async (ctx) => await ctx.runQuery(components.counter.lib.fail, {}));

/** What the app's code sees of a nested ConvexError: an instance of the ConvexError it imports, data kept. */
export const catchesNested = action({
  args: {},
  handler: async (ctx) => {
    try {
      await ctx.runQuery(components.counter.lib.fail, {});
      return null;
    } catch (error) {
      return { isConvexError: error instanceof ConvexError, data: error instanceof ConvexError ? (error.data as string) : null };
    }
  },
});
