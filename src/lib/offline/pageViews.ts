// The public answers the app's server sends with the page (scripts/publicViews.ts): read before the first
// render into the kept views, so / and /psychics paint before the socket is open. A page without them
// (a plain static host, a deployment that did not answer in time) renders as before.
import { cacheKey, keepPageAnswers, PUBLIC_ACCOUNT, type CachedEntry } from "./queryCache";

/** The element scripts/publicViews.ts writes (PAGE_VIEWS_ELEMENT_ID there). */
const PAGE_VIEWS_ELEMENT_ID = "arcano-page-views";

type PageView = { key: string; value: unknown; savedAt: number };

const isPageView = (item: unknown): item is PageView =>
  typeof item === "object" &&
  item !== null &&
  typeof (item as PageView).key === "string" &&
  "value" in item &&
  typeof (item as PageView).savedAt === "number";

/** The views in `doc`'s JSON block, as cache entries under the public account; none if absent or malformed. */
export function readPageViews(doc: Document): Array<[string, CachedEntry]> {
  const text = doc.getElementById(PAGE_VIEWS_ELEMENT_ID)?.textContent;
  if (!text) return [];
  try {
    const items: unknown = JSON.parse(text);
    if (!Array.isArray(items)) return [];
    return items.filter(isPageView).map((view) => [cacheKey(PUBLIC_ACCOUNT, view.key), { value: view.value, savedAt: view.savedAt }]);
  } catch {
    return [];
  }
}

/** Keeps the page's views; true when there were any (the first render need not wait for the device's cache). */
export function keepPageViews(doc: Document = document): boolean {
  const views = readPageViews(doc);
  keepPageAnswers(views);
  return views.length > 0;
}
