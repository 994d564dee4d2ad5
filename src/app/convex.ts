import { ConvexReactClient } from "convex/react";

/**
 * The one Convex client of the app. `npm start` builds with VITE_CONVEX_URL pointing at the
 * embedded local backend; `npx convex dev` writes the deployment's address instead.
 */
const url = import.meta.env.VITE_CONVEX_URL as string | undefined;
if (!url) {
  throw new Error("VITE_CONVEX_URL non è impostato: avvia l'app con `npm start` o `npx convex dev`.");
}
export const convex = new ConvexReactClient(url);
