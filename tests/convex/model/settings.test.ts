// The platform switches as values (convex/model/settings.ts): defaults, a stored row wins, a missing one counts as its default.
import { describe, expect, it } from "vitest";
import { resolveSettings, SETTING_DEFAULTS, SETTING_DESCRIPTIONS } from "../../../convex/model/settings";
import { settingKeys } from "../../../convex/framework/validators";

describe("the switches", () => {
  it("default to open registration and bookings, no maintenance, no approval", () => {
    expect(resolveSettings([])).toEqual({
      psychic_registration_enabled: true,
      booking_enabled: true,
      maintenance_mode: false,
      psychic_approval_required: false,
    });
  });

  it("a stored row wins over its default; the others keep theirs", () => {
    expect(resolveSettings([{ key: "maintenance_mode", value: true }])).toEqual({ ...SETTING_DEFAULTS, maintenance_mode: true });
  });

  it("a stored 'off' turns off a switch that defaults to on", () => {
    const settings = resolveSettings([
      { key: "booking_enabled", value: false },
      { key: "psychic_registration_enabled", value: false },
    ]);
    expect(settings.booking_enabled).toBe(false);
    expect(settings.psychic_registration_enabled).toBe(false);
    expect(settings.maintenance_mode).toBe(false);
    expect(settings.psychic_approval_required).toBe(false);
  });

  it("every switch stored reads as stored", () => {
    const flipped = settingKeys.map((key) => ({ key, value: !SETTING_DEFAULTS[key] }));
    const settings = resolveSettings(flipped);
    for (const key of settingKeys) expect(settings[key]).toBe(!SETTING_DEFAULTS[key]);
  });

  it("resolving never changes the defaults themselves", () => {
    resolveSettings([{ key: "maintenance_mode", value: true }]);
    expect(SETTING_DEFAULTS.maintenance_mode).toBe(false);
    expect(resolveSettings([]).maintenance_mode).toBe(false);
  });

  it("every switch has a default and an Italian description", () => {
    for (const key of settingKeys) {
      expect(typeof SETTING_DEFAULTS[key]).toBe("boolean");
      expect(SETTING_DESCRIPTIONS[key].length).toBeGreaterThan(20);
    }
    expect(Object.keys(SETTING_DEFAULTS).sort()).toEqual([...settingKeys].sort());
  });
});
