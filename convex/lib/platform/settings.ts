// Reading the admin switches inside any function: the one place every server rule about them
// reads from (registration, booking, maintenance, approval).
import type { Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { resolveSettings, SETTING_DEFAULTS, type Settings } from "../../model/settings";
import { isAdminUser } from "./access";
import { fail } from "../../framework/errors";
import { settingKeys, type SettingKey } from "../../framework/validators";

async function settingRow(ctx: QueryCtx, key: SettingKey) {
  return ctx.db
    .query("systemSettings")
    .withIndex("by_key", (q) => q.eq("key", key))
    .first();
}

/** One switch, its default when no row is stored; one indexed point read. */
export async function readSetting(ctx: QueryCtx, key: SettingKey): Promise<boolean> {
  return (await settingRow(ctx, key))?.value ?? SETTING_DEFAULTS[key];
}

/** All switches with defaults filled in; one indexed point read per known key. */
export async function readSettings(ctx: QueryCtx): Promise<Settings> {
  const rows = [];
  for (const key of settingKeys) {
    const row = await settingRow(ctx, key);
    if (row !== null) rows.push(row);
  }
  return resolveSettings(rows);
}

/**
 * Maintenance mode refuses every write from anyone but an admin (docs/product-rules.md, "Contact
 * and admin"). Called by the mutation and action builders, after their own role check.
 */
export async function refuseWritesDuringMaintenance(ctx: QueryCtx, viewerId: Id<"users"> | null): Promise<void> {
  if (!(await readSetting(ctx, "maintenance_mode"))) return;
  if (viewerId !== null && (await isAdminUser(ctx, viewerId))) return;
  fail("MAINTENANCE_MODE");
}
