// Platform switches. Reading them is public: the register page and the header need them signed out.
import { v } from "convex/values";
import { query } from "./lib/functions";
import { settingKeys } from "./lib/validators";
import { resolveSettings } from "./model/settings";

/** All four switches as booleans, defaults filled in for missing rows. */
export const getPublic = query({
  args: {},
  returns: v.object({
    psychic_registration_enabled: v.boolean(),
    booking_enabled: v.boolean(),
    maintenance_mode: v.boolean(),
    psychic_approval_required: v.boolean(),
  }),
  handler: async (ctx) => {
    const rows = [];
    // One indexed point read per known key: bounded, and a stray row can never leak out.
    for (const key of settingKeys) {
      const row = await ctx.db
        .query("systemSettings")
        .withIndex("by_key", (q) => q.eq("key", key))
        .first();
      if (row !== null) rows.push(row);
    }
    return resolveSettings(rows);
  },
});
