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
export const convex = new ConvexReactClient(url, { initialAuthTokenReuse: true });
