// A paginated list's first page kept on the device, as useCachedQuery keeps a plain answer.
import { useMemo } from "react";
import {
  usePaginatedQuery,
  type PaginatedQueryArgs,
  type PaginatedQueryItem,
  type PaginatedQueryReference,
  type UsePaginatedQueryReturnType,
} from "convex/react";
import { getFunctionName } from "convex/server";
import { cacheKey } from "./queryCache";
import { useCacheAccount, useCachedEntry, useRememberAnswer, type CachedQueryOptions } from "./useCachedQuery";

const noMore = () => {};

/**
 * `usePaginatedQuery` whose first `initialNumItems` results are kept. While they stand in for the live
 * list, no more can be read ('Exhausted': more pages need the connection), and `mayHaveMore` says whether the
 * kept page was full, so more may follow once the list is live.
 */
export function useCachedFirstPage<Query extends PaginatedQueryReference>(
  query: Query,
  args: PaginatedQueryArgs<Query> | "skip",
  { initialNumItems, ...options }: CachedQueryOptions & { initialNumItems: number },
): UsePaginatedQueryReturnType<Query> & { savedAt: number | null; mayHaveMore: boolean } {
  const { account, mayAsk } = useCacheAccount(options.scope ?? "account");
  const page = usePaginatedQuery(query, mayAsk ? args : "skip", { initialNumItems });
  const viewKey = options.viewKey ?? (args === "skip" ? null : `${getFunctionName(query)}:first:${JSON.stringify(args)}`);
  const key = account === null || viewKey === null ? null : cacheKey(account, viewKey);
  const loaded = page.status !== "LoadingFirstPage";
  const firstPage = useMemo(() => (loaded ? page.results.slice(0, initialNumItems) : undefined), [loaded, page.results, initialNumItems]);
  useRememberAnswer(key, firstPage);
  const cached = useCachedEntry(key);
  if (loaded || cached === undefined) return { ...page, savedAt: null, mayHaveMore: false };
  const kept = cached.value as Array<PaginatedQueryItem<Query>>;
  return {
    results: kept,
    status: "Exhausted",
    isLoading: false,
    loadMore: noMore,
    // A page sent with the page itself is as current as the page: no 'Aggiornato alle' for it (as useCachedQuery).
    savedAt: cached.withPage ? null : cached.savedAt,
    mayHaveMore: kept.length >= initialNumItems,
  };
}
