import type { DataRouter } from "react-router-dom";
import { registerSW } from "virtual:pwa-register";
import { openNextPageAfresh } from "./reloadOnStaleCode";

/** How often an open tab asks the server whether a new release is out (the browser also asks at each page load). */
const CHECK_EVERY_MS = 60 * 60_000;

/**
 * Registers the app shell's service worker (vite.config.ts, built by vite-plugin-pwa; in `npm run dev` the
 * virtual module registers nothing). The browser fetches sw.js afresh at each page load and hourly here
 * (the server sends it with `Cache-Control: no-cache`); a new release's worker precaches the new files,
 * takes over at once and drops the old ones. An open tab then gets the new code at the next page the visitor
 * opens (openNextPageAfresh), or sooner if it asks for a file of the old release that is gone: that is
 * reloadOnceOnStaleCode's case, as without a service worker.
 * Imported by main.tsx only, so the tests (Vitest, without the plugin) never load the virtual module.
 */
export function registerAppShell(router: Pick<DataRouter, "state" | "createHref" | "subscribe">) {
  let armed = false;
  registerSW({
    // The previous release's worker was replaced while this page runs its code.
    onNeedReload() {
      if (armed) return;
      armed = true;
      openNextPageAfresh(router);
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) registration.update().catch(() => undefined);
      }, CHECK_EVERY_MS);
    },
  });
}
