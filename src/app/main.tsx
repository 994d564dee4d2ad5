import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider, createBrowserRouter } from "react-router-dom";
import "@radix-ui/themes/styles.css";
import "./fonts.css";
import "./theme.css";
import { storedAccount } from "@/lib/offline/account";
import { preloadCache } from "@/lib/offline/queryCache";
import { convex } from "./convex";
import { askFirstPageQueries } from "./firstPageQueries";
import { AppProviders } from "./providers";
import { reloadOnceOnStaleCode } from "./reloadOnStaleCode";
import { routes } from "./router";
import { registerAppShell } from "./serviceWorker";

askFirstPageQueries(convex, window.location);
const router = createBrowserRouter(routes);
reloadOnceOnStaleCode(router);
registerAppShell(router);

// The views kept on this device (this account's and the public ones) are read first, for at most a
// moment, so the first render already shows them; the socket opened above meanwhile.
void preloadCache(storedAccount(import.meta.env.VITE_CONVEX_URL as string)).then(() =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
