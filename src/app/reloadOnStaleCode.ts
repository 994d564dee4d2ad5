import type { DataRouter } from "react-router-dom";

// After a release, a page open since before it asks for code files that no longer exist. Loading the
// page afresh once fetches the new release; a second failure within a minute is a real outage, and the
// error page (layout/RouteError.tsx) says so instead of reloading in a loop. Vite reports these failures
// with its 'vite:preloadError' event.
const RELOADED_AT = "arcano:reloaded-for-new-code";
const ONCE_PER_MS = 60_000;

/** Opens `href` as a new page load (a reload when it is the current address, which `assign` would not reload with a #hash). */
function openAfresh(href: string) {
  if (href === window.location.href) window.location.reload();
  else window.location.assign(href);
}

/** Listens for Vite's failed-code event for the app's lifetime; returns the way to stop (for tests). */
export function reloadOnceOnStaleCode(router: Pick<DataRouter, "state" | "createHref">, open = openAfresh): () => void {
  const onPreloadError = (event: Event) => {
    const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (Date.now() - last < ONCE_PER_MS) return;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    // The import then resolves to nothing, and lazyPage.ts keeps waiting for the new page load.
    event.preventDefault();
    // Where the visitor was going: a link's target during a navigation, else the page being opened.
    const { navigation, location } = router.state;
    open(new URL(router.createHref(navigation.location ?? location), window.location.href).href);
  };
  window.addEventListener("vite:preloadError", onPreloadError);
  return () => window.removeEventListener("vite:preloadError", onPreloadError);
}

/**
 * Once a new release has taken over (the service worker of src/app/serviceWorker.ts), the next page the visitor
 * opens in the app is a new page load at its address, with the new code; nothing reloads under their hands (a
 * call, a half-written form). A change of the query string alone (a booking page's day) stays in the page.
 * Returns the way to stop (for tests).
 */
export function openNextPageAfresh(router: Pick<DataRouter, "state" | "createHref" | "subscribe">, open = openAfresh): () => void {
  const from = router.state.location.pathname;
  const stop = router.subscribe((state) => {
    const target = state.navigation.location ?? state.location;
    if (target.pathname === from) return;
    stop();
    open(new URL(router.createHref(target), window.location.href).href);
  });
  return stop;
}
