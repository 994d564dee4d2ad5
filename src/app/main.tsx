import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
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
import { convex } from "./convex";
import { askFirstPageQueries } from "./firstPageQueries";
import { AppProviders } from "./providers";
import { firstPageReady } from "./lazyPage";
import { reloadOnceOnStaleCode } from "./reloadOnStaleCode";
import { routes } from "./router";
import { registerAppShell } from "./serviceWorker";

askFirstPageQueries(convex, window.location);
const router = createBrowserRouter(routes);
reloadOnceOnStaleCode(router);
registerAppShell(router);

const render = () =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );

// The views kept on this device (this account's and the public ones) are read first, for at most a moment,
// so the first render already shows them; a page that came with its public answers renders with those at
// once (they are newer), and the kept views join as they are read. The socket opened above meanwhile.
const kept = preloadCache(storedAccount(import.meta.env.VITE_CONVEX_URL as string));
const cached = keepPageViews() ? Promise.resolve() : kept;
// The page's own code too, so the first render draws the page rather than its placeholder first.
void Promise.all([cached, firstPageReady(router)]).then(render);
