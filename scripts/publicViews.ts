// The public data a page shows first, sent with the page: the app's server (`vite preview`, what `npm start`
// serves) asks the Convex deployment for the public queries of the address being opened and writes their
// answers into index.html, where the app reads them as kept views (src/lib/offline/pageViews.ts) and paints
// before its socket is open. A plain static host sends index.html without them and the app waits for the
// socket as before; a slow or unreachable deployment costs the page at most ANSWER_WAIT_MS.
import { ConvexHttpClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";

/** The element the answers travel in; a JSON block is data, not a script (the CSP's script-src is not involved). */
export const PAGE_VIEWS_ELEMENT_ID = "arcano-page-views";

/** How long the page waits for the deployment before it is sent without answers. */
export const ANSWER_WAIT_MS = 400;

/** How long an answer is reused for the next visitors, and refreshed behind them once older. */
const ANSWER_REUSE_MS = 5_000;

/**
 * A public query the page at an address shows first, with its arguments (as the page's useCachedQuery asks it). A
 * paginated one names the key its first page is kept under (src/lib/offline/useCachedFirstPage.ts), and its page is
 * what is kept.
 */
type PageQuery = { name: string; args: Record<string, unknown>; firstPageKey?: string };

/** The cache's name for a view (src/lib/offline/useCachedQuery.ts viewKeyOf): the query's name and its arguments. */
export const viewKey = ({ name, args, firstPageKey }: PageQuery) => firstPageKey ?? `${name}:${JSON.stringify(args)}`;

/** The catalogue's page as the list asks it (src/lib/catalogue/catalogueQuestion.ts CATALOGUE_PAGE_SIZE). */
export const CATALOGUE_FIRST_PAGE = 24;
/** The list's clock moves in steps of five minutes (src/lib/time/useRoundedNow.ts). */
const CLOCK_STEP_MS = 5 * 60_000;

const PROFILE = /^\/psychics\/([A-Za-z0-9_-]{1,64})\/?$/;

/** The public views each first page renders from (src/features/home, src/features/catalogue). */
export function pageQueries(pathname: string): PageQuery[] {
  if (pathname === "/") {
    return [
      { name: "psychics:listFeatured", args: {} },
      { name: "psychics:getTrustFigures", args: {} },
    ];
  }
  if (pathname === "/psychics" || pathname === "/psychics/") {
    const clock = Date.now();
    const now = clock - (clock % CLOCK_STEP_MS);
    return [
      { name: "catalogue:listFacets", args: {} },
      // The whole catalogue's first page, nothing searched or filtered (src/lib/catalogue/catalogueQuestion.ts firstPageViewKey).
      { name: "catalogue:listPage", args: { now, paginationOpts: { numItems: CATALOGUE_FIRST_PAGE, cursor: null } }, firstPageKey: "catalogue:listPage:first:{}" },
    ];
  }
  const profile = PROFILE.exec(pathname);
  if (profile) return [{ name: "psychics:getPublicProfile", args: { id: profile[1] } }];
  return [];
}

/** One kept view as the app reads it: its key in the public cache, the answer and when it was read. */
export type PageView = { key: string; value: unknown; savedAt: number };

type Remembered = { view: PageView | null; at: number; refreshing: Promise<void> | null };

/**
 * Answers `pageQueries` from `convexUrl`, each reused for ANSWER_REUSE_MS; a query that fails or takes
 * longer than ANSWER_WAIT_MS is left out (the page asks it itself over the socket).
 */
export function publicViewsFrom(convexUrl: string, now = () => Date.now()) {
  const client = new ConvexHttpClient(convexUrl, { logger: false });
  const remembered = new Map<string, Remembered>();

  const refresh = (query: PageQuery, entry: Remembered) =>
    (entry.refreshing ??= client
      .query(makeFunctionReference<"query">(query.name), query.args)
      .then(
        (value: unknown) => {
          const kept = query.firstPageKey ? (value as { page: unknown[] }).page : value;
          entry.view = { key: viewKey(query), value: kept, savedAt: now() };
          entry.at = now();
        },
        () => {
          // A query that failed (a profile that is not public, the deployment down): not sent with the page.
          entry.view = null;
          entry.at = now();
        },
      )
      .finally(() => (entry.refreshing = null)));

  async function viewOf(query: PageQuery): Promise<PageView | null> {
    const key = viewKey(query);
    let entry = remembered.get(key);
    if (!entry) {
      // Profiles are many: keep the map from growing without end.
      if (remembered.size > 500) remembered.clear();
      entry = { view: null, at: 0, refreshing: null };
      remembered.set(key, entry);
    }
    if (entry.at > 0 && now() - entry.at < ANSWER_REUSE_MS) return entry.view;
    const fresh = refresh(query, entry);
    // An answer already here is sent at once and renewed for the next visitor.
    if (entry.at > 0 && entry.view !== null) return entry.view;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, ANSWER_WAIT_MS)));
    await Promise.race([fresh, late]);
    clearTimeout(timer);
    return entry.view;
  }

  return async (pathname: string): Promise<PageView[]> => {
    const views = await Promise.all(pageQueries(pathname).map(viewOf));
    return views.filter((view): view is PageView => view !== null);
  };
}

/** JSON safe inside an HTML element: no `</script>`, no comment or CDATA openers, no line separators. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** index.html with the views (and any extra head links) added at the end of its head. */
export function withPageViews(html: string, views: PageView[], headLinks: string[] = []): string {
  const parts = [...headLinks];
  if (views.length > 0) parts.push(`<script type="application/json" id="${PAGE_VIEWS_ELEMENT_ID}">${jsonForHtml(views)}</script>`);
  if (parts.length === 0) return html;
  return html.replace("</head>", `${parts.join("\n    ")}\n  </head>`);
}
