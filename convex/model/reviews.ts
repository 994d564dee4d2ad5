// A client's review of a consultation given (docs/product-rules.md, "Reviews"): its stars and comment, how long
// it may be edited, and the name it shows. Plain functions over values: no ctx, no clock.
const HOUR_MS = 60 * 60_000;

/** A review can be edited this long after it was written. */
export const REVIEW_EDIT_WINDOW_MS = 7 * 24 * HOUR_MS;
export const REVIEW_MIN_LENGTH = 10;
export const REVIEW_MAX_LENGTH = 1000;

/** Whole stars 1–5, or null. */
export function validRating(rating: number): 1 | 2 | 3 | 4 | 5 | null {
  return Number.isInteger(rating) && rating >= 1 && rating <= 5 ? (rating as 1 | 2 | 3 | 4 | 5) : null;
}

/** The comment as stored: trimmed; null when its length is outside 10–1 000 characters. */
export function validComment(comment: string): string | null {
  const trimmed = comment.trim();
  return trimmed.length >= REVIEW_MIN_LENGTH && trimmed.length <= REVIEW_MAX_LENGTH ? trimmed : null;
}

/** "Maria R." from "Maria Rossi": the first name and the initial of the last; "Cliente" without a name. */
export function reviewerName(fullName: string | undefined): string {
  const words = (fullName ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "Cliente";
  const first = words[0];
  if (words.length === 1) return first;
  return `${first} ${words[words.length - 1].charAt(0).toLocaleUpperCase("it")}.`;
}

/** A nickname a client chooses for their reviews: 2–30 characters once trimmed. */
export const NICKNAME_MIN_LENGTH = 2;
export const NICKNAME_MAX_LENGTH = 30;

/** Why a nickname cannot be shown: its length, or it carries a way to be reached (email, phone, link). */
type NicknameProblem = "length" | "contact";

// A reviewer's name is shown to everyone: no address, number or link may ride on it.
const CONTACT_PATTERNS = [/@/, /\d[\d\s.\-/]{5,}\d/, /https?:|www\./i, /[a-z0-9-]\.(?:it|com|net|org|eu|info|me|io|co|biz)\b/i];

/** The nickname as stored (trimmed, inner spaces joined), or why it is refused. */
export function checkNickname(raw: string): { ok: true; nickname: string } | { ok: false; problem: NicknameProblem } {
  const nickname = raw.trim().replace(/\s+/g, " ");
  if (nickname.length < NICKNAME_MIN_LENGTH || nickname.length > NICKNAME_MAX_LENGTH) return { ok: false, problem: "length" };
  if (CONTACT_PATTERNS.some((pattern) => pattern.test(nickname))) return { ok: false, problem: "contact" };
  return { ok: true, nickname };
}

/**
 * The name a review shows: the nickname the client chose, or by default their first name and initial.
 * null when the nickname is refused.
 */
export function reviewDisplayName(fullName: string | undefined, nickname: string | undefined): string | null {
  if (nickname === undefined) return reviewerName(fullName);
  const checked = checkNickname(nickname);
  return checked.ok ? checked.nickname : null;
}

/** An average from a sum and a count; undefined when nothing was rated ("Nuovo"). */
export function averageOf(sum: number, count: number): number | undefined {
  return count > 0 ? sum / count : undefined;
}
