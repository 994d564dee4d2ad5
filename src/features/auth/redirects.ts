// Where a person goes after signing in: back to where they were (a booking, with its date, time
// and duration). The home of each role is `homePathFor` in src/lib/paths.ts.

/** The booking page passes these along with `redirect`, so the chosen slot survives the sign-in. */
const CARRIED_PARAMS = ["date", "time", "duration"] as const;

/**
 * The `redirect` query as a safe in-app path with the carried booking params appended, or null.
 * Only paths on this site: "//evil.example" or "https://…" are ignored.
 */
export function redirectTargetFrom(search: URLSearchParams): string | null {
  const redirect = search.get("redirect");
  if (!redirect || !redirect.startsWith("/") || redirect.startsWith("//") || redirect.startsWith("/\\")) return null;
  const url = new URL(redirect, "http://arcano.local");
  for (const key of CARRIED_PARAMS) {
    const value = search.get(key);
    if (value !== null && !url.searchParams.has(key)) url.searchParams.set(key, value);
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The query to keep when moving between /login and /register, so the redirect is not lost. */
export function carriedQuery(search: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const key of ["redirect", ...CARRIED_PARAMS]) {
    const value = search.get(key);
    if (value !== null) kept.set(key, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : "";
}
