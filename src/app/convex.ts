import { ConvexReactClient } from "convex/react";

/**
 * The one Convex client of the app. `npm start` builds with VITE_CONVEX_URL pointing at the
 * embedded local backend; `npx convex dev` writes the deployment's address instead.
 */
const url = import.meta.env.VITE_CONVEX_URL as string | undefined;
if (!url) {
  throw new Error("VITE_CONVEX_URL non è impostato: avvia l'app con `npm start` o `npx convex dev`.");
}
// A page load keeps the signed-in token it finds while the server accepts it and refreshes it before it
// expires, instead of exchanging the refresh token at once: otherwise every load re-runs all of the
// person's queries under a second token and spends a refresh token, and one saved session opened in
// two browsers signs one of them out (the auth library reads an old refresh token used again as a replay).
// The server's render of a page (src/app/server.tsx) renders with this client too: its hooks only read it
// there (no subscription happens outside effects), so it never opens a socket on the server.
export const convex = new ConvexReactClient(url, { initialAuthTokenReuse: true });

/**
 * While the browser takes over a page rendered on the server, every query reads as not answered yet, as it
 * read on the server: the answers the socket brought meanwhile (the first page's queries are asked before
 * React starts, main.tsx) would otherwise make the first render differ from the server's markup. The pages
 * show what the page came with (src/lib/render/serverRender.ts); the live answers come right after.
 */
let answersHeld = false;

type LocalResult = { localQueryResult(): unknown };
const held = <Watch extends LocalResult>(watch: Watch): Watch => ({
  ...watch,
  localQueryResult: () => (answersHeld ? undefined : watch.localQueryResult()),
});
type Watches = Record<"watchQuery" | "watchPaginatedQuery", ((...args: unknown[]) => LocalResult) | undefined>;
// watchPaginatedQuery, for the paginated hooks of convex/react, is not part of the client's typed API.
const watches = convex as unknown as Watches;
for (const name of ["watchQuery", "watchPaginatedQuery"] as const) {
  const watch = watches[name]?.bind(convex);
  if (watch) watches[name] = (...args: unknown[]) => held(watch(...args));
}

/** From now until `releaseAnswers`, the queries read as not answered (see `answersHeld`). */
export function holdAnswers(): void {
  answersHeld = true;
}

/** The queries read their answers again; each hook reads them as it subscribes, just after the first render. */
export function releaseAnswers(): void {
  answersHeld = false;
}
