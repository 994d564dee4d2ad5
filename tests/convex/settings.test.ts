import { describe, expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import { resolveSettings, SETTING_DEFAULTS } from "../../convex/model/settings";
import { setupTest } from "./setup";

describe("settings.getPublic", () => {
  test("a visitor reads the defaults when no setting has been stored", async () => {
    const t = setupTest();
    expect(await t.query(api.settings.getPublic, {})).toEqual({
      psychic_registration_enabled: true,
      booking_enabled: true,
      maintenance_mode: false,
      psychic_approval_required: false,
    });
  });

  test("stored values override the defaults and the rest keep theirs", async () => {
    const t = setupTest();
    await t.run(async (ctx) => {
      await ctx.db.insert("systemSettings", {
        key: "psychic_registration_enabled",
        value: false,
      });
      await ctx.db.insert("systemSettings", {
        key: "maintenance_mode",
        value: true,
      });
    });
    expect(await t.query(api.settings.getPublic, {})).toEqual({
      psychic_registration_enabled: false,
      booking_enabled: true,
      maintenance_mode: true,
      psychic_approval_required: false,
    });
  });

  test("every switch can be stored on or off", async () => {
    const t = setupTest();
    const flipped = Object.fromEntries(
      Object.entries(SETTING_DEFAULTS).map(([key, value]) => [key, !value]),
    );
    await t.run(async (ctx) => {
      for (const key of Object.keys(
        SETTING_DEFAULTS,
      ) as (keyof typeof SETTING_DEFAULTS)[]) {
        await ctx.db.insert("systemSettings", {
          key,
          value: !SETTING_DEFAULTS[key],
        });
      }
    });
    expect(await t.query(api.settings.getPublic, {})).toEqual(flipped);
  });
});

describe("resolveSettings", () => {
  test("with no rows it returns a copy of the defaults, not the defaults themselves", () => {
    const settings = resolveSettings([]);
    expect(settings).toEqual(SETTING_DEFAULTS);
    settings.booking_enabled = false;
    expect(SETTING_DEFAULTS.booking_enabled).toBe(true);
  });
});
