import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider, createBrowserRouter } from "react-router-dom";
import "@radix-ui/themes/styles.css";
import "./fonts.css";
import "./theme.css";
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

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
