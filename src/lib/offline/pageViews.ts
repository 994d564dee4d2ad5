// The public answers the app's server sends with the page (scripts/publicViews.ts): read before the first
// render into the kept views, so / and /psychics paint before the socket is open. A page without them
// (a plain static host, a deployment that did not answer in time) renders as before.
import { cacheKey, keepPageAnswers, peekCached, PUBLIC_ACCOUNT, type CachedEntry } from "./queryCache";

/** The element scripts/publicViews.ts writes (PAGE_VIEWS_ELEMENT_ID there). */
const PAGE_VIEWS_ELEMENT_ID = "arcano-page-views";

/** One public answer as the server sends it (scripts/publicViews.ts): its view key, the answer, when it was read. */
export type PageView = { key: string; value: unknown; savedAt: number };

const isPageView = (item: unknown): item is PageView =>
  typeof item === "object" &&
  item !== null &&
  typeof (item as PageView).key === "string" &&
  "value" in item &&
  typeof (item as PageView).savedAt === "number";

/** The views as cache entries under the public account. */
export function pageViewEntries(views: unknown[]): Array<[string, CachedEntry]> {
  return views.filter(isPageView).map((view) => [cacheKey(PUBLIC_ACCOUNT, view.key), { value: view.value, savedAt: view.savedAt }]);
}

/** The views in `doc`'s JSON block, as cache entries under the public account; none if absent or malformed. */
export function readPageViews(doc: Document): Array<[string, CachedEntry]> {
  const text = doc.getElementById(PAGE_VIEWS_ELEMENT_ID)?.textContent;
  if (!text) return [];
  try {
    const items: unknown = JSON.parse(text);
    return Array.isArray(items) ? pageViewEntries(items) : [];
  } catch {
    return [];
  }
}

/**
 * Keeps the page's views and hands them back as kept (empty when there were none: then the first render
 * waits a moment for the device's cache). A page rendered on the server was rendered from these same entries.
 */
export function keepPageViews(doc: Document = document): ReadonlyMap<string, CachedEntry> {
  const views = readPageViews(doc);
  keepPageAnswers(views);
  // The very entries kept in memory: the first render over the server's markup reads them, and the renders
  // after it read memory, so the two agree until a live answer comes.
  return new Map(views.flatMap(([key]) => {
    const kept = peekCached(key);
    return kept === undefined ? [] : [[key, kept] as const];
  }));
}
