// A psychic profile's rules (convex/model/profileRules.ts): completeness and limits, prices on their
// grid, what Publish does, the schedule's grid, and photos by their bytes.
import { describe, expect, it } from "vitest";
import {
  AVAILABILITY_SLOTS,
  BIO_MAX,
  checkProfile,
  defaultAvailability,
  isAcceptablePhoto,
  isValidPrice,
  NAME_MAX,
  normaliseAvailability,
  PHOTO_MAX_BYTES,
  PRICE_MAX,
  PRICE_MIN,
  PRICE_STEP,
  publishOutcome,
  sniffImageType,
  type ProfileDraft,
} from "../../../convex/model/profileRules";

const draft = (fields: Partial<ProfileDraft> = {}): ProfileDraft => ({
  psychicName: "Selene",
  bio: "Leggo i tarocchi da vent'anni.",
  specialties: ["Amore"],
  specializations: [],
  yearsExperience: 20,
  availableDurations: [30],
  pricing: { "30": 35 },
  availability: defaultAvailability(),
  ...fields,
});

describe("a profile's completeness and limits", () => {
  it("a complete profile breaks no rule", () => {
    expect(checkProfile(draft())).toBeNull();
  });

  it("names the first missing part", () => {
    expect(checkProfile(draft({ psychicName: "  " }))).toEqual({ code: "PROFILE_INCOMPLETE", field: "psychicName" });
    expect(checkProfile(draft({ bio: "" }))).toEqual({ code: "PROFILE_INCOMPLETE", field: "bio" });
    expect(checkProfile(draft({ specialties: [] }))).toEqual({ code: "PROFILE_INCOMPLETE", field: "specialties" });
    expect(checkProfile(draft({ availableDurations: [], pricing: {} }))).toEqual({ code: "DURATION_REQUIRED", field: "availableDurations" });
  });

  it("refuses what is too long, repeated or out of range", () => {
    expect(checkProfile(draft({ psychicName: "a".repeat(NAME_MAX) }))).toBeNull();
    expect(checkProfile(draft({ psychicName: "a".repeat(NAME_MAX + 1) }))).toMatchObject({ field: "psychicName" });
    expect(checkProfile(draft({ bio: "a".repeat(BIO_MAX + 1) }))).toMatchObject({ field: "bio" });
    expect(checkProfile(draft({ specialties: ["Amore", "Amore"] }))).toMatchObject({ field: "specialties" });
    expect(checkProfile(draft({ yearsExperience: 2.5 }))).toMatchObject({ field: "yearsExperience" });
    expect(checkProfile(draft({ yearsExperience: -1 }))).toMatchObject({ field: "yearsExperience" });
  });

  it("every offered duration has a price on the grid, and only offered durations have one", () => {
    expect(checkProfile(draft({ availableDurations: [30, 60], pricing: { "30": 35 } }))).toEqual({ code: "INVALID_INPUT", field: "pricing.60" });
    expect(checkProfile(draft({ pricing: { "30": 35, "90": 100 } }))).toEqual({ code: "INVALID_INPUT", field: "pricing" });
    expect(checkProfile(draft({ pricing: { "30": 37 } }))).toEqual({ code: "INVALID_INPUT", field: "pricing.30" });
  });

  it("the schedule holds only half hours of the grid, once each", () => {
    const availability = defaultAvailability();
    expect(checkProfile(draft({ availability: { ...availability, tuesday: { enabled: true, availableHours: ["09:15"] } } }))).toMatchObject({
      field: "availability.tuesday",
    });
    expect(checkProfile(draft({ availability: { ...availability, tuesday: { enabled: true, availableHours: ["09:00", "09:00"] } } }))).toMatchObject({
      field: "availability.tuesday",
    });
  });
});

describe("prices", () => {
  it("whole euro from the minimum to the maximum, on the step", () => {
    expect(isValidPrice(PRICE_MIN)).toBe(true);
    expect(isValidPrice(PRICE_MAX)).toBe(true);
    expect(isValidPrice(PRICE_MIN - PRICE_STEP)).toBe(false);
    expect(isValidPrice(PRICE_MAX + PRICE_STEP)).toBe(false);
    expect(isValidPrice(PRICE_MIN + 1)).toBe(false);
    expect(isValidPrice(12.5)).toBe(false);
  });
});

describe("Publish", () => {
  it("lists at once, or waits for review when the switch asks for it; an approved profile stays approved", () => {
    expect(publishOutcome("draft", false)).toEqual({ profileStatus: "approved", isPubliclyVisible: true });
    expect(publishOutcome("draft", true)).toEqual({ profileStatus: "pending", isPubliclyVisible: true });
    expect(publishOutcome("rejected", true)).toEqual({ profileStatus: "pending", isPubliclyVisible: true });
    expect(publishOutcome("approved", true)).toEqual({ profileStatus: "approved", isPubliclyVisible: true });
  });
});

describe("the schedule", () => {
  it("is a grid of half hours from 08:00 to 21:30; the default opens Monday only", () => {
    expect(AVAILABILITY_SLOTS[0]).toBe("08:00");
    expect(AVAILABILITY_SLOTS.at(-1)).toBe("21:30");
    expect(AVAILABILITY_SLOTS).toHaveLength(28);
    const week = defaultAvailability();
    expect(week.monday).toEqual({
      enabled: true,
      availableHours: [...AVAILABILITY_SLOTS.filter((s) => (s >= "09:00" && s <= "11:30") || (s >= "14:00" && s <= "16:30"))],
    });
    expect(week.sunday.enabled).toBe(false);
  });

  it("hours are kept in order whatever order they came in", () => {
    const week = defaultAvailability();
    const shuffled = { ...week, monday: { enabled: true, availableHours: ["14:00", "09:00", "10:30"] } };
    expect(normaliseAvailability(shuffled).monday.availableHours).toEqual(["09:00", "10:30", "14:00"]);
  });
});

describe("photos", () => {
  it("JPEG, PNG or WebP up to 5 MB", () => {
    expect(isAcceptablePhoto("image/png", PHOTO_MAX_BYTES)).toBe(true);
    expect(isAcceptablePhoto("image/png", PHOTO_MAX_BYTES + 1)).toBe(false);
    expect(isAcceptablePhoto("image/gif", 100)).toBe(false);
    expect(isAcceptablePhoto("image/jpeg", 0)).toBe(false);
    expect(isAcceptablePhoto(null, 100)).toBe(false);
  });

  it("the type is read from the file's first bytes, not from what the browser claims", () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe("image/png");
    expect(sniffImageType(new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50]))).toBe("image/webp");
    expect(sniffImageType(new TextEncoder().encode("<svg xmlns="))).toBeNull();
  });
});
