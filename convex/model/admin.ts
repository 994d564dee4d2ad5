// The admin area's limits and search rules, as plain functions shared by its queries and tests.
import { foldForSearch } from "./textSearch";

/** The admin's lists come a page at a time; only the review queue is shown whole, and it is bounded. */
export const ADMIN_LIMITS = {
  searchLength: 100,
  reviewQueue: 100,
  recentBookings: 10,
  attentionBookings: 50,
  /** Emails left failed, newest first, on Panoramica. */
  failedEmails: 50,
  /** Transfers and reversals left failed, oldest first, on Pagamenti: a queue that empties as they are retried. */
  failedMoves: 100,
  pageSize: 100,
  noteLength: 1000,
  /** The note an admin gives with a suspension, which the psychic reads. */
  suspensionNoteLength: 500,
  /** The shares waiting for a psychic's payout account that 'Pagamenti' adds up per psychic. */
  owedSharesRead: 50,
  /** The note an admin keeps with a verification call (how it went). */
  verificationNoteLength: 500,
} as const;

/** Folded as every search folds (model/textSearch.ts), spaces collapsed: "Nicolò  D'Angelo" → "nicolo d'angelo". */
function foldKey(text: string): string {
  return foldForSearch(text).trim().replace(/\s+/g, " ");
}

/** A search as typed, folded like the keys it is compared with; null when empty. */
export function normaliseSearch(search: string | undefined): string | null {
  const needle = foldKey(search ?? "");
  return needle.length === 0 ? null : needle;
}

/**
 * What the admin's user search finds a person by, each as a prefix: the whole email, the whole name, and
 * the name from each later word on ("maria grazia de luca", "grazia de luca", "de luca", "luca"), so a
 * surname or a second name is found as well as the first. A word starts after a space, an apostrophe or
 * a hyphen ("d'angelo" is also found as "angelo").
 */
export function searchKeysOf(person: { name?: string; email?: string }): string[] {
  const keys = new Set<string>();
  const email = foldKey(person.email ?? "");
  if (email.length > 0) keys.add(email);
  const name = foldKey(person.name ?? "");
  for (let start = 0; start < name.length; start++) {
    const startsWord = start === 0 || /[\s'’-]/u.test(name[start - 1]);
    const key = name.slice(start).trim();
    if (startsWord && key.length > 0 && !/^['’-]/u.test(key)) keys.add(key);
  }
  return [...keys].sort();
}

/**
 * The one key a person is listed under for a search: the first of theirs, in the index's order, that
 * starts with it. Every key of theirs that matches lies in the same index range, so listing only this
 * one shows each person once, whichever page their other keys fall on.
 */
export function listedKeyFor(person: { name?: string; email?: string }, needle: string): string | null {
  return searchKeysOf(person).find((key) => key.startsWith(needle)) ?? null;
}

/** The end of the index range of the keys starting with `needle`. */
export function afterPrefix(needle: string): string {
  return `${needle}\u{10ffff}`;
}

/** Whether a profile is in the review queue: new and pending, or approved with changes waiting. */
export function waitsForReview(profile: { profileStatus: string; changesSubmittedAt?: number }): boolean {
  return profile.profileStatus === "pending" || (profile.changesSubmittedAt ?? 0) > 0;
}
