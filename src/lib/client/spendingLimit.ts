// A client's own spending limit (spendingLimits.getMine): the settings card and the booking page's preview
// read it, and the card's changes move every open copy of it at once.
import { useMutation } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";
import { useQueryWithNow } from "@/lib/time/useNow";

export type SpendingLimitView = FunctionReturnType<typeof api.spendingLimits.getMine>;

/** Live at `now`, kept across the minute; undefined while loading or skipped. */
export function useMySpendingLimit(args: { now: number } | "skip"): SpendingLimitView | undefined {
  return useQueryWithNow(api.spendingLimits.getMine, args);
}

/** `mutation` with every open copy of the view changed by `viewAfter` at once; the server's answer replaces it. */
export function useSpendingLimitChange<Args extends Record<string, unknown>>(
  mutation: Parameters<typeof useMutation>[0],
  viewAfter: (view: SpendingLimitView, args: Args) => SpendingLimitView,
) {
  return useMutation(mutation).withOptimisticUpdate((store, args) => {
    for (const { args: queryArgs, value } of store.getAllQueries(api.spendingLimits.getMine)) {
      if (value !== undefined) store.setQuery(api.spendingLimits.getMine, queryArgs, viewAfter(value, args as Args));
    }
  });
}
