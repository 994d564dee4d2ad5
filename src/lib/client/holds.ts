// A client's own payment holds (holds.listMine): the booking page's banners and the dashboard's pending
// payments read them, and releasing one takes it out of every open list at once.
import { useMutation } from "convex/react";
import type { FunctionArgs, FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";
import { useCachedQuery } from "@/lib/offline/useCachedQuery";
import { useQueryWithNow } from "@/lib/time/useNow";

export type LiveHold = FunctionReturnType<typeof api.holds.listMine>[number];

/** Live, kept across the minute; undefined while loading or skipped. */
export function useMyHolds(args: FunctionArgs<typeof api.holds.listMine> | "skip"): LiveHold[] | undefined {
  return useQueryWithNow(api.holds.listMine, args);
}

/** Every hold at `now`, the last answer kept on the device (a kept one may list a hold that has lapsed since). */
export function useMyKeptHolds(now: number): LiveHold[] | undefined {
  return useCachedQuery(api.holds.listMine, { now }).data;
}

/** Releasing one's hold: it leaves every open list of live holds at once, and comes back if the server refuses. */
export function useReleaseHold() {
  return useMutation(api.holds.releaseMine).withOptimisticUpdate((store, { bookingId }) => {
    for (const { args, value } of store.getAllQueries(api.holds.listMine)) {
      if (value !== undefined)
        store.setQuery(
          api.holds.listMine,
          args,
          value.filter((hold) => hold.id !== bookingId),
        );
    }
  });
}
