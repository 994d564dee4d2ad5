// The platform switches as values (convex/model/settings.ts): defaults, and a stored row wins.
import { describe, expect, it } from "vitest";
import { resolveSettings, SETTING_DEFAULTS, SETTING_DESCRIPTIONS } from "../../../convex/model/settings";
import { settingKeys } from "../../../convex/lib/validators";

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

  it("every switch has a default and an Italian description", () => {
    for (const key of settingKeys) {
      expect(typeof SETTING_DEFAULTS[key]).toBe("boolean");
      expect(SETTING_DESCRIPTIONS[key].length).toBeGreaterThan(20);
    }
  });
});
