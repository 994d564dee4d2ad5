// The server's render of a page (scripts/pageServing.ts loads the build of this module): the open pages drawn
// to HTML from the public answers the server fetched for the address, so the first screen paints before the
// app's code has run; the browser then takes the markup over (main.tsx, hydration) from the same answers and
// clock. Pages that depend on who is signed in are not rendered here: they get index.html as before.
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { createStaticHandler, createStaticRouter, matchPath, StaticRouterProvider } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { pageViewEntries, type PageView } from "@/lib/offline/pageViews";
import { cacheKey, PUBLIC_ACCOUNT } from "@/lib/offline/queryCache";
import { viewKeyOf } from "@/lib/offline/useCachedQuery";
import { ServerRenderContext, type ServerRender } from "@/lib/render/serverRender";
import { paths } from "@/lib/paths";
import { AppProviders } from "./providers";
import { routes } from "./router";

/**
 * The pages rendered on the server: open to everybody and the same for everybody in their first screen (the
 * account's parts, the header's buttons or the login form, show their loading state, as in the browser until
 * the session is read).
 */
const SERVER_RENDERED = [
  paths.home,
  paths.psychics,
  paths.psychic(":id"),
  paths.login,
  paths.about,
  paths.contact,
  paths.howItWorks,
  paths.reviewsAndRanking,
  paths.terms,
  paths.privacy,
  paths.faq,
  paths.clientFaq,
  paths.psychicFaq,
];

/** Past this, the page is sent without its markup (the browser draws it, as without a server). */
const RENDER_WAIT_MS = 2_000;

/** What the server sends for an address: the markup of the page, another address to go to, or nothing to render. */
export type RenderedPage = { html: string } | { redirect: string } | null;

const handler = createStaticHandler(routes);

/** `url`'s page rendered from `views` (the public answers sent with it) at the time `now`. */
export async function renderPage({ url, views, now }: { url: string; views: PageView[]; now: number }): Promise<RenderedPage> {
  const { pathname, search } = new URL(url);
  if (!SERVER_RENDERED.some((pattern) => matchPath(pattern, pathname))) return null;
  const context = await handler.query(new Request(url));
  if (context instanceof Response) {
    const location = context.headers.get("Location");
    return location ? { redirect: location } : null;
  }
  const serverRender: ServerRender = {
    views: new Map(pageViewEntries(views).map(([key, entry]) => [key, { ...entry, withPage: true as const }])),
    now,
  };
  const profileSlug = slugOfProfileAddress(pathname, serverRender);
  if (profileSlug !== null) return { redirect: `${paths.psychic(profileSlug)}${search}` };
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <ServerRenderContext.Provider value={serverRender}>
        <AppProviders>
          {/* No hydration data: the routes have no loaders to pass on, and the CSP allows no inline script. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </ServerRenderContext.Provider>
    </StrictMode>,
    { signal: AbortSignal.timeout(RENDER_WAIT_MS) },
  );
  return { html: await new Response(prelude).text() };
}

/**
 * A profile opened by its id (an old link, an email) has a readable address: the server sends the browser
 * there at once, as the page would (src/features/catalogue/ProfileAddress.tsx) after drawing nothing.
 */
function slugOfProfileAddress(pathname: string, { views }: ServerRender): string | null {
  const id = matchPath(paths.psychic(":id"), pathname)?.params.id;
  if (id === undefined) return null;
  const profile = views.get(cacheKey(PUBLIC_ACCOUNT, viewKeyOf(api.psychics.getPublicProfile, { id })))?.value as { slug?: string | null } | null;
  const slug = profile?.slug;
  return slug && slug !== id ? slug : null;
}
