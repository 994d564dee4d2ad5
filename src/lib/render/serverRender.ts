// What a page was rendered with on the server (src/app/server.tsx): the public answers sent with it and the
// moment it was rendered. The server renders from them, and the browser's first render, which takes over the
// server's markup (hydration), reads the same, so both produce the same markup; the live answers, the answers
// kept on the device and the clock come in just after. Without a server render (a static host, the service
// worker's index.html) there is none, and the hooks read the device and the clock as before.
import { createContext, useContext } from "react";
import type { CachedEntry } from "@/lib/offline/queryCache";

export type ServerRender = {
  /** The public answers the page came with, by their cache key (queryCache.ts cacheKey). */
  views: ReadonlyMap<string, CachedEntry>;
  /** When the server rendered the page (ms): the clock of the rendering and of the browser's first render. */
  now: number;
};

/** Provided on the server, and in the browser only while it takes over the server's markup. */
export const ServerRenderContext = createContext<ServerRender | null>(null);

/** The server render being rendered or taken over, if any. */
export function useServerRender(): ServerRender | null {
  return useContext(ServerRenderContext);
}
