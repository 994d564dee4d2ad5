// The admin area's limits and search rules, as plain functions shared by its queries and tests.

/** The admin's lists are bounded: the newest accounts, the psychics, a search of the newest accounts. */
export const ADMIN_LIMITS = {
  users: 50,
  /** Accounts a name search looks through, newest first; an email prefix is found at any age. */
  userSearchScan: 2000,
  searchLength: 100,
  reviewQueue: 100,
  psychics: 200,
  recentBookings: 10,
  attentionBookings: 50,
  /** Emails left failed, newest first, on Panoramica. */
  failedEmails: 50,
  pageSize: 100,
  noteLength: 1000,
  /** The note an admin gives with a suspension, which the psychic reads. */
  suspensionNoteLength: 500,
} as const;

/** A search as typed: trimmed, lower-case; null when empty. */
export function normaliseSearch(search: string | undefined): string | null {
  const needle = search?.trim().toLocaleLowerCase("it") ?? "";
  return needle.length === 0 ? null : needle;
}

export function matchesPerson(person: { name?: string; email?: string }, needle: string): boolean {
  return (
    (person.name ?? "").toLocaleLowerCase("it").includes(needle) || (person.email ?? "").toLowerCase().includes(needle)
  );
}
