// A live query whose last answer is kept on the device: until the live answer comes (or without a
// connection at all) the page shows the kept one, and says since when ('Aggiornato alle HH:MM').
import { useEffect, useSyncExternalStore } from "react";
import { useAuthToken } from "@convex-dev/auth/react";
import { useConvexAuth } from "convex/react";
import { getFunctionName, type FunctionArgs, type FunctionReference, type FunctionReturnType } from "convex/server";
import { useServerRender } from "@/lib/render/serverRender";
import { useQueryWithNow } from "@/lib/time/useNow";
import { accountOfToken } from "./account";
import { cacheKey, peekCached, PUBLIC_ACCOUNT, rememberAnswer, subscribeToCache, type CachedEntry } from "./queryCache";

/** Whose answer a query gives: the signed-in person's own, or the same for everybody. */
type CacheScope = "account" | "public";

export type CachedQueryOptions = {
  /** The view's name in the cache; by default the query's name and its arguments without `now`. */
  viewKey?: string;
  /** 'account' (the default) keeps nothing for a visitor; 'public' keeps for everybody, under one key. */
  scope?: CacheScope;
};

/** What a page renders: the answer, and when it was kept when it comes from the cache (null when live). */
type Cached<Value> = { data: Value | undefined; savedAt: number | null };

/** The cache's name for a query and its arguments. The clock (`now`) moves every minute: it is left out. */
export function viewKeyOf(query: FunctionReference<"query">, args: Record<string, unknown>): string {
  const { now: _now, ...rest } = args;
  return `${getFunctionName(query)}:${JSON.stringify(rest)}`;
}

/**
 * Whose cache applies now and whether the live query may be asked: an account's own queries wait while
 * the session is being checked (as the route guards always made them), the public ones do not wait.
 */
export function useCacheAccount(scope: CacheScope): { account: string | null; mayAsk: boolean } {
  const token = useAuthToken();
  const { isLoading, isAuthenticated } = useConvexAuth();
  if (scope === PUBLIC_ACCOUNT) return { account: PUBLIC_ACCOUNT, mayAsk: true };
  // Known signed out: nothing of an account is shown, even if its token is still being forgotten; the
  // live query is asked as before (behind the route guards this does not happen).
  if (!isLoading && !isAuthenticated) return { account: null, mayAsk: true };
  return { account: accountOfToken(token), mayAsk: !isLoading };
}

/**
 * The kept entry under `key` (none for null), re-read when the cache changes. The server's render and the
 * browser's first one over its markup read only what the page came with (serverRender.ts), so they agree;
 * the device's other kept answers join right after.
 */
export function useCachedEntry(key: string | null): CachedEntry | undefined {
  const serverRender = useServerRender();
  return useSyncExternalStore(
    subscribeToCache,
    () => (key === null ? undefined : peekCached(key)),
    () => (key === null ? undefined : serverRender?.views.get(key)),
  );
}

/** Keeps each new live answer under `key`. */
export function useRememberAnswer(key: string | null, live: unknown): void {
  useEffect(() => {
    if (key !== null && live !== undefined) rememberAnswer(key, live);
  }, [key, live]);
}

/**
 * `useQuery` (through useQueryWithNow, so a query taking `now` keeps its answer across the minute) with the
 * last answer kept on the device. The live answer always wins once it comes.
 */
export function useCachedQuery<Query extends FunctionReference<"query">>(
  query: Query,
  args: FunctionArgs<Query> | "skip",
  options: CachedQueryOptions = {},
): Cached<FunctionReturnType<Query>> {
  const { account, mayAsk } = useCacheAccount(options.scope ?? "account");
  const live = useQueryWithNow(query, mayAsk ? args : "skip");
  const key = account === null || args === "skip" ? null : cacheKey(account, options.viewKey ?? viewKeyOf(query, args));
  const cached = useCachedEntry(key);
  useRememberAnswer(key, live);
  if (live !== undefined) return { data: live, savedAt: null };
  // An answer that came with the page is as current as the page: no 'Aggiornato alle' for it.
  if (cached !== undefined) return { data: cached.value as FunctionReturnType<Query>, savedAt: cached.withPage ? null : cached.savedAt };
  return { data: undefined, savedAt: null };
}
