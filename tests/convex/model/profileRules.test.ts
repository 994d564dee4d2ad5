// A psychic profile's rules (convex/model/profileRules.ts): completeness and limits at their edges, prices on their
// grid, what Publish does, the schedule's grid, and photos by their bytes (polyglots and claimed types included).
import { describe, expect, it } from "vitest";
import { jpegHead, pngHead, webpHead } from "../fixtures/photoBytes";
import {
  AVAILABILITY_SLOTS,
  BIO_MAX,
  checkProfile,
  containsMarkup,
  imageDimensions,
  DEFAULT_PRICES_CENTS,
  defaultAvailability,
  isAcceptablePhoto,
  isValidPriceCents,
  NAME_MAX,
  normaliseAvailability,
  OFFERED_DURATIONS,
  PHOTO_MAX_BYTES,
  photoRefusal,
  PRICE_MAX_CENTS,
  PRICE_MIN_CENTS,
  PRICE_STEP_CENTS,
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
  pricesCents: { "30": 3500 },
  consultationTypes: ["voice"],
  chatPricesCents: {},
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
    expect(checkProfile(draft({ availableDurations: [], pricesCents: {} }))).toEqual({ code: "DURATION_REQUIRED", field: "availableDurations" });
  });

  it("a blank bio is missing, and an incomplete profile is reported before any other broken rule", () => {
    expect(checkProfile(draft({ bio: " \n\t " }))).toEqual({ code: "PROFILE_INCOMPLETE", field: "bio" });
    expect(checkProfile(draft({ psychicName: "", bio: "", yearsExperience: -1 }))).toEqual({ code: "PROFILE_INCOMPLETE", field: "psychicName" });
    expect(checkProfile(draft({ bio: "", specialties: [] }))).toEqual({ code: "PROFILE_INCOMPLETE", field: "bio" });
  });

  it("refuses what is too long, repeated or out of range", () => {
    expect(checkProfile(draft({ psychicName: "a".repeat(NAME_MAX) }))).toBeNull();
    expect(checkProfile(draft({ psychicName: "a".repeat(NAME_MAX + 1) }))).toMatchObject({ field: "psychicName" });
    expect(checkProfile(draft({ bio: "a".repeat(BIO_MAX + 1) }))).toMatchObject({ field: "bio" });
    expect(checkProfile(draft({ specialties: ["Amore", "Amore"] }))).toMatchObject({ field: "specialties" });
    expect(checkProfile(draft({ yearsExperience: 2.5 }))).toMatchObject({ field: "yearsExperience" });
    expect(checkProfile(draft({ yearsExperience: -1 }))).toMatchObject({ field: "yearsExperience" });
  });

  it("the name's limit counts it trimmed; the bio may be exactly its limit", () => {
    expect(checkProfile(draft({ psychicName: `  ${"a".repeat(NAME_MAX)}  ` }))).toBeNull();
    expect(checkProfile(draft({ bio: "a".repeat(BIO_MAX) }))).toBeNull();
    expect(checkProfile(draft({ bio: "a".repeat(BIO_MAX + 1) }))).toEqual({ code: "INVALID_INPUT", field: "bio" });
  });

  it("years of experience from 0 to 50, whole years", () => {
    expect(checkProfile(draft({ yearsExperience: 0 }))).toBeNull();
    expect(checkProfile(draft({ yearsExperience: 50 }))).toBeNull();
    expect(checkProfile(draft({ yearsExperience: 51 }))).toEqual({ code: "INVALID_INPUT", field: "yearsExperience" });
    expect(checkProfile(draft({ yearsExperience: Number.NaN }))).toEqual({ code: "INVALID_INPUT", field: "yearsExperience" });
  });

  it("a specialization or a duration listed twice is refused", () => {
    expect(checkProfile(draft({ specializations: ["Amore e Relazioni", "Amore e Relazioni"] }))).toEqual({
      code: "INVALID_INPUT",
      field: "specializations",
    });
    expect(checkProfile(draft({ specializations: ["Amore e Relazioni", "Carriera e Lavoro"] }))).toBeNull();
    expect(checkProfile(draft({ availableDurations: [30, 30] }))).toEqual({ code: "INVALID_INPUT", field: "availableDurations" });
  });

  it("every offered duration has a price on the grid, and only the platform's durations have one", () => {
    expect(checkProfile(draft({ availableDurations: [30, 60], pricesCents: { "30": 3500 } }))).toEqual({ code: "INVALID_INPUT", field: "pricesCents.60" });
    expect(checkProfile(draft({ pricesCents: { "30": 3500, "90": 10000 } }))).toEqual({ code: "INVALID_INPUT", field: "pricesCents" });
    expect(checkProfile(draft({ pricesCents: { "30": 3700 } }))).toEqual({ code: "INVALID_INPUT", field: "pricesCents.30" });
  });

  it("a price kept for a duration the psychic does not offer now is allowed, if it is on the grid", () => {
    expect(checkProfile(draft({ availableDurations: [30], pricesCents: { "15": 2000, "30": 3500 } }))).toBeNull();
    expect(checkProfile(draft({ availableDurations: [30], pricesCents: { "15": 700, "30": 3500 } }))).toEqual({ code: "INVALID_INPUT", field: "pricesCents.15" });
  });

  it("offers voice, chat or both, never neither and never one twice", () => {
    expect(checkProfile(draft({ consultationTypes: [] }))).toEqual({ code: "CONSULTATION_TYPE_REQUIRED", field: "consultationTypes" });
    expect(checkProfile(draft({ consultationTypes: ["chat", "chat"], chatPricesCents: { "30": 2500 } }))).toEqual({
      code: "INVALID_INPUT",
      field: "consultationTypes",
    });
    expect(checkProfile(draft({ consultationTypes: ["voice", "chat"], chatPricesCents: { "30": 2500 } }))).toBeNull();
  });

  it("each offered type has a price on the grid for every offered length; a type not offered needs none", () => {
    const both = { consultationTypes: ["voice", "chat"] as ProfileDraft["consultationTypes"] };
    expect(checkProfile(draft({ ...both, availableDurations: [30, 60], pricesCents: { "30": 3500, "60": 6000 }, chatPricesCents: { "30": 2500 } }))).toEqual({
      code: "INVALID_INPUT",
      field: "chatPricesCents.60",
    });
    expect(checkProfile(draft({ ...both, chatPricesCents: { "30": 2550 } }))).toEqual({ code: "INVALID_INPUT", field: "chatPricesCents.30" });
    expect(checkProfile(draft({ ...both, chatPricesCents: { "30": 2500, "90": 5000 } }))).toEqual({ code: "INVALID_INPUT", field: "chatPricesCents" });
    // Chat only: the call's table may lack a length, and still holds only prices on the grid.
    expect(checkProfile(draft({ consultationTypes: ["chat"], availableDurations: [30, 60], pricesCents: {}, chatPricesCents: { "30": 2500, "60": 4500 } }))).toBeNull();
    expect(checkProfile(draft({ consultationTypes: ["chat"], pricesCents: { "30": 1 }, chatPricesCents: { "30": 2500 } }))).toEqual({
      code: "INVALID_INPUT",
      field: "pricesCents.30",
    });
  });

  it("all four durations at once, each with its price", () => {
    expect(checkProfile(draft({ availableDurations: [15, 30, 45, 60], pricesCents: { "15": 1000, "30": 3500, "45": 5000, "60": 20000 } }))).toBeNull();
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

  it("a ticked day needs hours; a day switched off needs none", () => {
    const availability = defaultAvailability();
    expect(checkProfile(draft({ availability: { ...availability, friday: { enabled: true, availableHours: [] } } }))).toEqual({
      code: "DAY_WITHOUT_HOURS",
      field: "availability.friday",
    });
    expect(checkProfile(draft({ availability: { ...availability, friday: { enabled: false, availableHours: [] } } }))).toBeNull();
  });

  it("the grid's first and last half hours are allowed; the half hours around it are not", () => {
    const availability = defaultAvailability();
    const sunday = (availableHours: string[]) => draft({ availability: { ...availability, sunday: { enabled: true, availableHours } } });
    expect(checkProfile(sunday(["08:00", "21:30", "23:30"]))).toBeNull();
    expect(checkProfile(sunday(["07:30"]))).toEqual({ code: "INVALID_INPUT", field: "availability.sunday" });
    expect(checkProfile(sunday(["23:45"]))).toEqual({ code: "INVALID_INPUT", field: "availability.sunday" });
    expect(checkProfile(sunday(["24:00"]))).toEqual({ code: "INVALID_INPUT", field: "availability.sunday" });
    expect(checkProfile(sunday(["8:00"]))).toEqual({ code: "INVALID_INPUT", field: "availability.sunday" });
  });
});

describe("prices", () => {
  it("whole cents from the minimum to the maximum, on the step", () => {
    expect(isValidPriceCents(PRICE_MIN_CENTS)).toBe(true);
    expect(isValidPriceCents(PRICE_MAX_CENTS)).toBe(true);
    expect(isValidPriceCents(PRICE_MIN_CENTS - PRICE_STEP_CENTS)).toBe(false);
    expect(isValidPriceCents(PRICE_MAX_CENTS + PRICE_STEP_CENTS)).toBe(false);
    expect(isValidPriceCents(PRICE_MIN_CENTS + 1)).toBe(false);
    expect(isValidPriceCents(1250.5)).toBe(false);
  });

  it("are 10 to 200 euro in steps of 5, as docs/product-rules.md says, in cents", () => {
    expect([PRICE_MIN_CENTS, PRICE_MAX_CENTS, PRICE_STEP_CENTS]).toEqual([1000, 20_000, 500]);
    expect([500, 900, 1000, 1500, 19_500, 20_000, 20_100, 20_500].filter(isValidPriceCents)).toEqual([1000, 1500, 19_500, 20_000]);
    expect(isValidPriceCents(0)).toBe(false);
    expect(isValidPriceCents(-1000)).toBe(false);
    expect(isValidPriceCents(Number.NaN)).toBe(false);
    // Whole euros are no longer prices: 50 reads as 50 cents.
    expect(isValidPriceCents(50)).toBe(false);
  });

  it("the four durations and their default prices (25, 50, 75, 100 euro) are all on the grid", () => {
    expect(OFFERED_DURATIONS).toEqual([15, 30, 45, 60]);
    expect(DEFAULT_PRICES_CENTS).toEqual({ 15: 2500, 30: 5000, 45: 7500, 60: 10_000 });
    for (const minutes of OFFERED_DURATIONS) expect(isValidPriceCents(DEFAULT_PRICES_CENTS[minutes])).toBe(true);
  });
});

describe("Publish", () => {
  it("lists at once, or waits for review when the switch asks for it; an approved profile stays approved", () => {
    expect(publishOutcome("draft", false)).toEqual({ profileStatus: "approved", isPubliclyVisible: true });
    expect(publishOutcome("draft", true)).toEqual({ profileStatus: "pending", isPubliclyVisible: true });
    expect(publishOutcome("rejected", true)).toEqual({ profileStatus: "pending", isPubliclyVisible: true });
    expect(publishOutcome("approved", true)).toEqual({ profileStatus: "approved", isPubliclyVisible: true });
  });

  it("with the switch off, a pending or rejected profile is approved at once", () => {
    expect(publishOutcome("pending", false)).toEqual({ profileStatus: "approved", isPubliclyVisible: true });
    expect(publishOutcome("rejected", false)).toEqual({ profileStatus: "approved", isPubliclyVisible: true });
    expect(publishOutcome("approved", false)).toEqual({ profileStatus: "approved", isPubliclyVisible: true });
    expect(publishOutcome("pending", true)).toEqual({ profileStatus: "pending", isPubliclyVisible: true });
  });
});

describe("the schedule", () => {
  it("is a grid of half hours from 08:00 to 23:30 (open until midnight); the default opens Monday only", () => {
    expect(AVAILABILITY_SLOTS[0]).toBe("08:00");
    expect(AVAILABILITY_SLOTS.at(-1)).toBe("23:30");
    expect(AVAILABILITY_SLOTS).toHaveLength(32);
    const week = defaultAvailability();
    expect(week.monday).toEqual({
      enabled: true,
      availableHours: [...AVAILABILITY_SLOTS.filter((s) => (s >= "09:00" && s <= "11:30") || (s >= "14:00" && s <= "16:30"))],
    });
    expect(week.sunday.enabled).toBe(false);
  });

  it("the default Monday is 09:00–11:30 and 14:00–16:30, every other day closed and empty", () => {
    const week = defaultAvailability();
    expect(week.monday.availableHours).toEqual([
      "09:00",
      "09:30",
      "10:00",
      "10:30",
      "11:00",
      "11:30",
      "14:00",
      "14:30",
      "15:00",
      "15:30",
      "16:00",
      "16:30",
    ]);
    for (const day of ["tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const) {
      expect(week[day]).toEqual({ enabled: false, availableHours: [] });
    }
  });

  it("each default schedule is a fresh value: changing one leaves the next untouched", () => {
    const first = defaultAvailability();
    first.monday.availableHours.push("21:30");
    first.tuesday.availableHours.push("09:00");
    const second = defaultAvailability();
    expect(second.monday.availableHours).not.toContain("21:30");
    expect(second.tuesday.availableHours).toEqual([]);
  });

  it("hours are kept in order whatever order they came in", () => {
    const week = defaultAvailability();
    const shuffled = { ...week, monday: { enabled: true, availableHours: ["14:00", "09:00", "10:30"] } };
    expect(normaliseAvailability(shuffled).monday.availableHours).toEqual(["09:00", "10:30", "14:00"]);
  });

  it("ordering keeps each day's switch and leaves the schedule it was given as it was", () => {
    const week = defaultAvailability();
    const given = { ...week, friday: { enabled: false, availableHours: ["21:30", "08:00"] } };
    const sorted = normaliseAvailability(given);
    expect(sorted.friday).toEqual({ enabled: false, availableHours: ["08:00", "21:30"] });
    expect(given.friday.availableHours).toEqual(["21:30", "08:00"]);
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

  it("5 MB is 5 × 1024 × 1024 bytes, and each of the three types is accepted", () => {
    expect(PHOTO_MAX_BYTES).toBe(5_242_880);
    for (const type of ["image/jpeg", "image/png", "image/webp"]) expect(isAcceptablePhoto(type, 1)).toBe(true);
    expect(isAcceptablePhoto("image/svg+xml", 100)).toBe(false);
    expect(isAcceptablePhoto("IMAGE/PNG", 100)).toBe(false);
  });

  it("the type is read from the file's first bytes, not from what the browser claims", () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe("image/png");
    expect(sniffImageType(new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50]))).toBe("image/webp");
    expect(sniffImageType(new TextEncoder().encode("<svg xmlns="))).toBeNull();
  });

  it("a file too short for its signature, a RIFF that is not WebP, a GIF or nothing at all is none of ours", () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    // A WAV file is RIFF too, with "WAVE" where WebP has "WEBP".
    expect(sniffImageType(new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x41, 0x56, 0x45]))).toBeNull();
    expect(sniffImageType(new Uint8Array([0x52, 0x49, 0x46, 0x46]))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode("GIF89a"))).toBeNull();
    expect(sniffImageType(new Uint8Array([]))).toBeNull();
  });
});

describe("photos carrying a page (polyglots) and the claimed type", () => {
  const JPEG_HEAD = jpegHead();
  const jpegWith = (...parts: (number[] | string | Uint8Array)[]) => {
    const chunks = parts.map((part) => (typeof part === "string" ? new TextEncoder().encode(part) : Uint8Array.from(part)));
    const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
    chunks.reduce((at, chunk) => (bytes.set(chunk, at), at + chunk.length), 0);
    return bytes;
  };

  it("an HTML or script tag anywhere, in any case, makes it markup", () => {
    for (const tag of ["<html>", "<HTML lang=it>", "<script>", "<ScRiPt src=x>", "<!DOCTYPE html>", "<!doctype html>", "<svg/onload=x>", "<body\n", "<iframe src=x>", "<head>", "<meta charset=utf-8>", "<object>", "<embed>"]) {
      expect(containsMarkup(jpegWith(JPEG_HEAD, tag)), tag).toBe(true);
    }
    // Deep in a large file, and as its very last bytes.
    expect(containsMarkup(jpegWith(JPEG_HEAD, new Uint8Array(3 * 1024 * 1024), "<script>"))).toBe(true);
    expect(containsMarkup(jpegWith(JPEG_HEAD, "<svg"))).toBe(true);
  });

  it("a tag name that goes on, or image bytes around a '<', are no markup", () => {
    for (const text of ["<svgz", "<bodyguard>", "<htmlx", "<scripted", "<!doctypes", "< html>", "<h tml>", "<", "html", "<x:xmpmeta>"]) {
      expect(containsMarkup(jpegWith(JPEG_HEAD, text)), text).toBe(false);
    }
    expect(containsMarkup(new Uint8Array([]))).toBe(false);
  });

  it("refused: not an image by its bytes, markup inside, or a claimed type other than the proven one", () => {
    const clean = jpegWith(JPEG_HEAD, [1, 2, 3]);
    expect(photoRefusal(clean, "image/jpeg")).toBeNull();
    expect(photoRefusal(jpegWith(JPEG_HEAD, "<html><script>alert(1)</script>"), "text/html")).toBe("PHOTO_HAS_MARKUP");
    expect(photoRefusal(jpegWith(JPEG_HEAD, "<html>"), "image/jpeg")).toBe("PHOTO_HAS_MARKUP");
    expect(photoRefusal(clean, "text/html")).toBe("PHOTO_TYPE_MISMATCH");
    expect(photoRefusal(clean, "image/png")).toBe("PHOTO_TYPE_MISMATCH");
    // No type claimed at all is no proof either.
    expect(photoRefusal(clean, "")).toBe("PHOTO_TYPE_MISMATCH");
    expect(photoRefusal(new TextEncoder().encode("<html>"), "image/jpeg")).toBe("INVALID_PHOTO");
    expect(photoRefusal(jpegWith(JPEG_HEAD, new Uint8Array(PHOTO_MAX_BYTES)), "image/jpeg")).toBe("INVALID_PHOTO");
  });
});

describe("a photo's dimensions, read from its header", () => {
  it("reads PNG, JPEG and WebP sizes and refuses one under 200×200", () => {
    expect(imageDimensions(pngHead(640, 480), "image/png")).toEqual({ width: 640, height: 480 });
    expect(imageDimensions(jpegHead(1024, 200), "image/jpeg")).toEqual({ width: 1024, height: 200 });
    expect(imageDimensions(webpHead(300, 250), "image/webp")).toEqual({ width: 300, height: 250 });
    expect(photoRefusal(pngHead(200, 200), "image/png")).toBeNull();
    expect(photoRefusal(pngHead(1, 1), "image/png")).toBe("PHOTO_TOO_SMALL");
    expect(photoRefusal(jpegHead(200, 199), "image/jpeg")).toBe("PHOTO_TOO_SMALL");
    expect(photoRefusal(webpHead(199, 800), "image/webp")).toBe("PHOTO_TOO_SMALL");
  });

  it("a header cut short has no dimensions, and such a file is refused as no photo", () => {
    expect(imageDimensions(pngHead().slice(0, 20), "image/png")).toBeNull();
    expect(imageDimensions(jpegHead().slice(0, 24), "image/jpeg")).toBeNull();
    expect(imageDimensions(webpHead().slice(0, 16), "image/webp")).toBeNull();
    expect(photoRefusal(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), "image/jpeg")).toBe("INVALID_PHOTO");
  });
});
