import { StrictMode, useLayoutEffect, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider, createBrowserRouter } from "react-router-dom";
// Radix Themes' layers, with the colour scales the app uses only (scripts/radixCss.ts trims the rest at build).
import "@radix-ui/themes/tokens/base.css";
import "@radix-ui/themes/tokens/colors/violet.css";
import "@radix-ui/themes/tokens/colors/mauve.css";
import "@radix-ui/themes/tokens/colors/gray.css";
import "@radix-ui/themes/tokens/colors/red.css";
import "@radix-ui/themes/tokens/colors/green.css";
import "@radix-ui/themes/tokens/colors/amber.css";
import "@radix-ui/themes/tokens/colors/blue.css";
import "@radix-ui/themes/tokens/colors/grass.css";
import "@radix-ui/themes/components.css";
import "@radix-ui/themes/utilities.css";
import "./fonts.css";
import "./theme.css";
import { storedAccount } from "@/lib/offline/account";
import { keepPageViews } from "@/lib/offline/pageViews";
import { preloadCache } from "@/lib/offline/queryCache";
import { ServerRenderContext, type ServerRender } from "@/lib/render/serverRender";
import { convex, holdAnswers, releaseAnswers } from "./convex";
import { askFirstPageQueries } from "./firstPageQueries";
import { AppProviders } from "./providers";
import { firstPageReady } from "./lazyPage";
import { reloadOnceOnStaleCode } from "./reloadOnStaleCode";
import { routes } from "./router";
import { registerAppShell } from "./serviceWorker";

/** The attribute the server marks a page it rendered with (scripts/pageServing.ts): its value is the render's time. */
const SERVER_RENDERED_ATTRIBUTE = "data-server-rendered";

const rootElement = document.getElementById("root")!;
const renderedAt = Number(rootElement.getAttribute(SERVER_RENDERED_ATTRIBUTE) ?? NaN);
const serverRendered = Number.isFinite(renderedAt);
// Until the server's markup is taken over, the queries answer as they did on the server (convex.ts).
if (serverRendered) holdAnswers();

askFirstPageQueries(convex, window.location);
const router = createBrowserRouter(routes);
reloadOnceOnStaleCode(router);
registerAppShell(router);

const app = (serverRender: ServerRender | null) => (
  <StrictMode>
    <ServerRenderContext.Provider value={serverRender}>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </ServerRenderContext.Provider>
  </StrictMode>
);

/** Once the server's markup is the app's: the queries answer live again, and the page says it is taken over. */
function TakenOver({ children }: { children: ReactNode }) {
  // A layout effect: before any hook's subscription (a passive effect) reads its query's answer.
  useLayoutEffect(() => {
    releaseAnswers();
    rootElement.removeAttribute(SERVER_RENDERED_ATTRIBUTE);
  }, []);
  return children;
}

// The public answers the page came with are kept first; a page rendered from them is taken over with them.
const pageViews = keepPageViews();
// The views kept on this device (this account's and the public ones) are read meanwhile.
const kept = preloadCache(storedAccount(import.meta.env.VITE_CONVEX_URL as string));

if (serverRendered) {
  // The page is on screen already: it is taken over once its own code is here (there is no placeholder to
  // draw instead), from the same answers and clock it was rendered with, so nothing on it changes.
  void firstPageReady(router, Infinity).then(() => {
    // Its code failed for good (reloadOnStaleCode.ts): the error page replaces the server's markup.
    if (router.state.errors) {
      releaseAnswers();
      rootElement.removeAttribute(SERVER_RENDERED_ATTRIBUTE);
      createRoot(rootElement).render(app(null));
      return;
    }
    hydrateRoot(rootElement, <TakenOver>{app({ views: pageViews, now: renderedAt })}</TakenOver>);
  });
} else {
  // The kept views are read first, for at most a moment, so the first render already shows them; a page that
  // came with its public answers renders with those at once (they are newer), and the kept views join as they
  // are read. The socket opened above meanwhile. The page's own code too, so the first render draws the page
  // rather than its placeholder first.
  const cached = pageViews.size > 0 ? Promise.resolve() : kept;
  void Promise.all([cached, firstPageReady(router)]).then(() => createRoot(rootElement).render(app(null)));
}
