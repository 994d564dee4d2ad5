// Reading the admin switches inside any function.
import type { QueryCtx } from "../_generated/server";
import { resolveSettings, type Settings } from "../model/settings";
import { settingKeys } from "./validators";

/** All switches with defaults filled in; one indexed point read per known key. */
export async function readSettings(ctx: QueryCtx): Promise<Settings> {
  const rows = [];
  for (const key of settingKeys) {
    const row = await ctx.db
      .query("systemSettings")
      .withIndex("by_key", (q) => q.eq("key", key))
      .first();
    if (row !== null) rows.push(row);
  }
  return resolveSettings(rows);
}
