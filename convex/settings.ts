// Platform switches. Reading them is public: the register page and the header need them signed out.
import { v } from "convex/values";
import { query } from "./lib/platform/functions";
import { readSettings } from "./lib/platform/settings";

/** All four switches as booleans, defaults filled in for missing rows. */
export const getPublic = query({
  args: {},
  returns: v.object({
    psychic_registration_enabled: v.boolean(),
    booking_enabled: v.boolean(),
    maintenance_mode: v.boolean(),
    psychic_approval_required: v.boolean(),
  }),
  handler: async (ctx) => readSettings(ctx),
});

