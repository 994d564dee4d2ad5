// A profile's readable address (`/psychics/selene`): a slug from the display name, accents folded.
// Pure: the database picks the first free candidate (lib/psychics/profileAddress.ts).

/** Long enough for any real name; the page server's address pattern takes up to 64 characters. */
export const MAX_SLUG_LENGTH = 60;

/** What a slug may look like: lowercase letters and digits in groups joined by single hyphens. */
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The slug of a name with no letter or digit (a name of symbols only). */
export const FALLBACK_SLUG = "cartomante";

/** Letters that do not decompose into a base letter and an accent. */
const FOLDED: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", đ: "d", ł: "l", þ: "th", ı: "i" };

/**
 * 'Séléné D'Amico' → 'selene-d-amico': lowercase, accents folded, every other character a separator,
 * cut at MAX_SLUG_LENGTH on a word boundary when it can be.
 */
export function slugOf(name: string): string {
  const folded = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[ßæœøđłþı]/g, (letter) => FOLDED[letter] ?? letter);
  const words = folded.split(/[^a-z0-9]+/).filter(Boolean);
  let slug = "";
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > MAX_SLUG_LENGTH) {
      // A first word longer than the limit is cut; later ones are left out whole.
      if (!slug) slug = word.slice(0, MAX_SLUG_LENGTH);
      break;
    }
    slug = next;
  }
  return slug || FALLBACK_SLUG;
}

/** The `n`th candidate for `base`: 'selene', then 'selene-2', 'selene-3'…, never over MAX_SLUG_LENGTH. */
export function slugCandidate(base: string, n: number): string {
  if (n <= 1) return base;
  const suffix = `-${n}`;
  return `${base.slice(0, MAX_SLUG_LENGTH - suffix.length).replace(/-+$/, "")}${suffix}`;
}

/** Whether an address part could be a slug at all (anything else is looked up as an id only). */
export function isSlugShaped(address: string): boolean {
  return address.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(address);
}
