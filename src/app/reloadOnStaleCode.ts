// After a release, a page open since before it asks for code files that no longer exist. Reloading
// once fetches the new release; a second failure within a minute is a real outage, and the error page
// (layout/RouteError.tsx) says so instead of reloading in a loop. Vite reports these failures with
// its 'vite:preloadError' event.
const RELOADED_AT = "arcano:reloaded-for-new-code";
const ONCE_PER_MS = 60_000;

export function reloadOnceOnStaleCode(): void {
  window.addEventListener("vite:preloadError", (event) => {
    const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (Date.now() - last < ONCE_PER_MS) return;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    event.preventDefault();
    window.location.reload();
  });
}
