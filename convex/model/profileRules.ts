// The rules of a psychic's profile (docs/product-rules.md, "Psychics"): what a saved or published profile must satisfy.
// Plain functions over values, shared by the server (which enforces them) and the editor.
import type { ErrorCode } from "../framework/errors";
import {
  consultationTypes,
  weekdays,
  type ConsultationType,
  type DurationMinutes,
  type PricesCents,
  type ProfileStatus,
  type Weekday,
  type WeeklyAvailability,
} from "../framework/validators";

export const OFFERED_DURATIONS: readonly DurationMinutes[] = [15, 30, 45, 60];
/** A length's price, in cents: its default, and the range and step a psychic may choose from (10–200 €, steps of 5 €). */
export const DEFAULT_PRICES_CENTS: Record<DurationMinutes, number> = { 15: 2500, 30: 5000, 45: 7500, 60: 10_000 };
export const PRICE_MIN_CENTS = 1000;
export const PRICE_MAX_CENTS = 20_000;
export const PRICE_STEP_CENTS = 500;
export const YEARS_MIN = 0;
export const YEARS_MAX = 50;
export const NAME_MAX = 60;
export const BIO_MAX = 2000;

/**
 * The availability grid: every half hour from 08:00 to 23:30 (Europe/Rome wall clock), so a day can stay
 * open until midnight. A consultation never runs past midnight (model/slots.ts offeredStarts).
 */
export const AVAILABILITY_SLOTS: readonly string[] = Array.from({ length: 32 }, (_, index) => {
  const minutes = 8 * 60 + index * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
});

/** The default schedule: only Monday, 09:00–11:30 and 14:00–16:30. */
export function defaultAvailability(): WeeklyAvailability {
  const closed = { enabled: false, availableHours: [] as string[] };
  const monday = AVAILABILITY_SLOTS.filter((slot) => (slot >= "09:00" && slot <= "11:30") || (slot >= "14:00" && slot <= "16:30"));
  return {
    monday: { enabled: true, availableHours: monday },
    tuesday: closed,
    wednesday: closed,
    thursday: closed,
    friday: closed,
    saturday: closed,
    sunday: closed,
  };
}

export type ProfileDraft = {
  psychicName: string;
  bio: string;
  specialties: string[];
  specializations: string[];
  yearsExperience: number;
  availableDurations: DurationMinutes[];
  pricesCents: PricesCents;
  consultationTypes: ConsultationType[];
  chatPricesCents: PricesCents;
  availability: WeeklyAvailability;
};

/** Each type's price table in the draft: voice keeps `pricesCents`, chat its own. */
const priceField = { voice: "pricesCents", chat: "chatPricesCents" } as const;

type RuleViolation = { code: ErrorCode; field: string };

/** The first rule the draft breaks, or null. Save and Publish both require a complete profile. */
export function checkProfile(draft: ProfileDraft): RuleViolation | null {
  if (!draft.psychicName.trim() || !draft.bio.trim() || draft.specialties.length === 0) {
    return { code: "PROFILE_INCOMPLETE", field: !draft.psychicName.trim() ? "psychicName" : !draft.bio.trim() ? "bio" : "specialties" };
  }
  if (draft.psychicName.trim().length > NAME_MAX) return { code: "INVALID_INPUT", field: "psychicName" };
  if (draft.bio.length > BIO_MAX) return { code: "INVALID_INPUT", field: "bio" };
  if (new Set(draft.specialties).size !== draft.specialties.length) return { code: "INVALID_INPUT", field: "specialties" };
  if (new Set(draft.specializations).size !== draft.specializations.length) {
    return { code: "INVALID_INPUT", field: "specializations" };
  }
  if (!Number.isInteger(draft.yearsExperience) || draft.yearsExperience < YEARS_MIN || draft.yearsExperience > YEARS_MAX) {
    return { code: "INVALID_INPUT", field: "yearsExperience" };
  }
  if (draft.availableDurations.length === 0) return { code: "DURATION_REQUIRED", field: "availableDurations" };
  if (new Set(draft.availableDurations).size !== draft.availableDurations.length) {
    return { code: "INVALID_INPUT", field: "availableDurations" };
  }
  if (draft.consultationTypes.length === 0) return { code: "CONSULTATION_TYPE_REQUIRED", field: "consultationTypes" };
  if (new Set(draft.consultationTypes).size !== draft.consultationTypes.length) {
    return { code: "INVALID_INPUT", field: "consultationTypes" };
  }
  for (const type of consultationTypes) {
    const field = priceField[type];
    for (const [minutes, price] of Object.entries(draft[field])) {
      if (!OFFERED_DURATIONS.includes(Number(minutes) as DurationMinutes)) return { code: "INVALID_INPUT", field };
      if (!isValidPriceCents(price)) return { code: "INVALID_INPUT", field: `${field}.${minutes}` };
    }
    // Every offered length has a price in every offered type; a type not offered may keep old prices.
    if (!draft.consultationTypes.includes(type)) continue;
    for (const minutes of draft.availableDurations) {
      if (draft[field][String(minutes)] === undefined) return { code: "INVALID_INPUT", field: `${field}.${minutes}` };
    }
  }
  for (const day of weekdays as readonly Weekday[]) {
    const hours = draft.availability[day].availableHours;
    if (hours.some((slot) => !AVAILABILITY_SLOTS.includes(slot)) || new Set(hours).size !== hours.length) {
      return { code: "INVALID_INPUT", field: `availability.${day}` };
    }
    // A ticked day says "I work that day": without hours it would offer nothing, or (if no day had any)
    // the fallback hours every day. Switched off, a day may keep its hours or none.
    if (draft.availability[day].enabled && hours.length === 0) return { code: "DAY_WITHOUT_HOURS", field: `availability.${day}` };
  }
  return null;
}

/**
 * "What Publish does" (docs/product-rules.md, "Psychics"): approved and public at once, or, with the
 * approval switch on, public-to-be and pending an admin's review. An already approved profile
 * stays approved.
 */
export function publishOutcome(
  currentStatus: ProfileStatus,
  approvalRequired: boolean,
): { profileStatus: "approved" | "pending"; isPubliclyVisible: true } {
  const needsReview = approvalRequired && currentStatus !== "approved";
  return { profileStatus: needsReview ? "pending" : "approved", isPubliclyVisible: true };
}

/** A price a psychic may ask, in cents: whole cents, 10–200 €, in steps of 5 €. */
export function isValidPriceCents(cents: number): boolean {
  return Number.isInteger(cents) && cents >= PRICE_MIN_CENTS && cents <= PRICE_MAX_CENTS && cents % PRICE_STEP_CENTS === 0;
}

/** Hours sorted on the grid, so "first–last" on the profile is right whatever order they came in. */
export function normaliseAvailability(availability: WeeklyAvailability): WeeklyAvailability {
  const sorted = { ...availability };
  for (const day of weekdays as readonly Weekday[]) {
    sorted[day] = { ...availability[day], availableHours: [...availability[day].availableHours].sort() };
  }
  return sorted;
}

/** Photos: JPEG, PNG or WebP up to 5 MB, at least 200×200 pixels. */
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_MIN_PIXELS = 200;
export function isAcceptablePhoto(contentType: string | null, size: number): boolean {
  return contentType !== null && (PHOTO_TYPES as readonly string[]).includes(contentType) && size > 0 && size <= PHOTO_MAX_BYTES;
}

/** The image type from a file's first bytes (magic numbers), or null when it is none of ours. */
export function sniffImageType(head: Uint8Array): (typeof PHOTO_TYPES)[number] | null {
  const starts = (bytes: number[], offset = 0) => bytes.every((byte, index) => head[offset + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}

/** Tags that make a browser read a file as a page or run it as a script; no real photo carries one. */
const MARKUP_TAGS = ["html", "head", "body", "script", "svg", "iframe", "object", "embed", "meta", "!doctype"].map((tag) =>
  Array.from(tag, (char) => char.charCodeAt(0)),
);
/** What may end a tag name for a browser: white space, "/" or ">" (or the end of the file). */
const TAG_NAME_ENDS = new Set([0x09, 0x0a, 0x0c, 0x0d, 0x20, 0x2f, 0x3e]);

/**
 * Whether the bytes carry an HTML or script tag anywhere (`<script`, `<HTML>`, `<!doctype `…, case-insensitively):
 * an image with a page inside (a polyglot) that a browser could be led to render. The tag name must end as a
 * browser ends it, so image data that happens to hold "<svgA" does not count.
 */
export function containsMarkup(bytes: Uint8Array): boolean {
  for (let at = bytes.indexOf(0x3c); at >= 0; at = bytes.indexOf(0x3c, at + 1)) {
    for (const tag of MARKUP_TAGS) {
      const end = at + 1 + tag.length;
      if (end > bytes.length) continue;
      // ASCII letters compared lower-cased; "!" only matches itself.
      const matches = tag.every((code, index) => {
        const byte = bytes[at + 1 + index];
        return (byte >= 0x41 && byte <= 0x5a ? byte + 0x20 : byte) === code;
      });
      if (matches && (end === bytes.length || TAG_NAME_ENDS.has(bytes[end]))) return true;
    }
  }
  return false;
}

/**
 * Why a photo's bytes are refused, or null to keep it (docs/product-rules.md, "Files"): not a JPEG, PNG or WebP
 * of at most 5 MB by its bytes; carrying HTML or script; or uploaded as another type than the one its bytes
 * prove, so the type stored and served with it is always the proven one.
 */
export function photoRefusal(
  bytes: Uint8Array,
  claimedType: string,
): Extract<ErrorCode, "INVALID_PHOTO" | "PHOTO_HAS_MARKUP" | "PHOTO_TYPE_MISMATCH" | "PHOTO_TOO_SMALL"> | null {
  const proven = sniffImageType(bytes);
  if (!isAcceptablePhoto(proven, bytes.byteLength)) return "INVALID_PHOTO";
  if (containsMarkup(bytes)) return "PHOTO_HAS_MARKUP";
  if (claimedType !== proven) return "PHOTO_TYPE_MISMATCH";
  const size = imageDimensions(bytes, proven!);
  // A header without readable dimensions is no image a browser could show.
  if (size === null) return "INVALID_PHOTO";
  if (size.width < PHOTO_MIN_PIXELS || size.height < PHOTO_MIN_PIXELS) return "PHOTO_TOO_SMALL";
  return null;
}

/**
 * Width and height from the image's header, or null when the header is cut short or malformed:
 * PNG's IHDR chunk, JPEG's frame header (SOFn), WebP's VP8, VP8L or VP8X chunk.
 */
export function imageDimensions(bytes: Uint8Array, type: (typeof PHOTO_TYPES)[number]): { width: number; height: number } | null {
  const at = (index: number) => (index < bytes.length ? bytes[index] : Number.NaN);
  const be16 = (index: number) => at(index) * 256 + at(index + 1);
  const le16 = (index: number) => at(index) + at(index + 1) * 256;
  const le24 = (index: number) => le16(index) + at(index + 2) * 65536;
  const ascii = (index: number, text: string) => Array.from(text).every((char, offset) => at(index + offset) === char.charCodeAt(0));
  const found = (width: number, height: number) => (Number.isFinite(width) && Number.isFinite(height) ? { width, height } : null);

  if (type === "image/png") {
    if (!ascii(12, "IHDR")) return null;
    return found(be16(16) * 65536 + be16(18), be16(20) * 65536 + be16(22));
  }
  if (type === "image/webp") {
    if (ascii(12, "VP8 ")) return found(le16(26) & 0x3fff, le16(28) & 0x3fff);
    if (ascii(12, "VP8L")) {
      const [b0, b1, b2, b3] = [at(21), at(22), at(23), at(24)];
      return found(1 + (((b1 & 0x3f) << 8) | b0), 1 + (((b3 & 0x0f) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)));
    }
    if (ascii(12, "VP8X")) return found(1 + le24(24), 1 + le24(27));
    return null;
  }
  // JPEG: walk the segments after SOI until a frame header (SOF0–SOF15 except DHT, JPG and DAC).
  let offset = 2;
  while (offset + 3 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1];
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2; // markers without a length
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return found(be16(offset + 7), be16(offset + 5));
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame header
    offset += 2 + be16(offset + 2);
  }
  return null;
}
