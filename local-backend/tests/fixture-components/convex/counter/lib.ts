import { ConvexError, v } from "convex/values";
import { internalMutation, mutation, query } from "./_generated/server";

export const add = mutation({
  args: { name: v.string() },
  returns: v.number(),
  handler: async (ctx, { name }) => {
    const row = await ctx.db
      .query("counters")
      .withIndex("by_name", (q) => q.eq("name", name))
      .unique();
    if (row) {
      await ctx.db.patch("counters", row._id, { value: row.value + 1 });
      return row.value + 1;
    }
    await ctx.db.insert("counters", { name, value: 1 });
    return 1;
  },
});

export const get = query({
  args: { name: v.string() },
  returns: v.number(),
  handler: async (ctx, { name }) =>
    (
      await ctx.db
        .query("counters")
        .withIndex("by_name", (q) => q.eq("name", name))
        .unique()
    )?.value ?? 0,
});

/** What the component sees of the environment: its own variable, not the app's. */
export const environment = query({
  args: {},
  returns: v.object({ greeting: v.union(v.string(), v.null()), appSecret: v.union(v.string(), v.null()) }),
  // eslint-disable-next-line @convex-dev/no-process-env
  handler: async () => ({ greeting: process.env.GREETING ?? null, appSecret: process.env.APP_SECRET ?? null }),
});

/** Run by the component's own cron. */
export const tick = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    const row = await ctx.db
      .query("counters")
      .withIndex("by_name", (q) => q.eq("name", "ticks"))
      .unique();
    if (row) await ctx.db.patch("counters", row._id, { value: row.value + 1 });
    else await ctx.db.insert("counters", { name: "ticks", value: 1 });
    return null;
  },
});

// eslint-disable-next-line @convex-dev/no-old-registered-function-syntax, @convex-dev/require-args-validator -- anonymous, as Convex's own error tests write it
export const fail = query(async () => {
  throw new ConvexError("Boom boom bop");
});
