// A client's favourite psychics ('Preferiti'): the star on cards and profiles and the dashboard's list
// read one live answer, and starring moves every open copy of it at once.
import { useMutation, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";

type Favourite = FunctionReturnType<typeof api.favourites.listMine>[number];

/** Undefined while loading. */
export function useMyFavourites(): Favourite[] | undefined {
  return useQuery(api.favourites.listMine, {});
}

/** Stars or unstars `psychicName`'s profile at once; the list goes back if the server refuses. */
export function useSetFavourite(psychicName: string) {
  return useMutation(api.favourites.setMine).withOptimisticUpdate((store, args) => {
    const list = store.getQuery(api.favourites.listMine, {});
    if (list === undefined) return;
    const others = list.filter((row) => row.psychicProfileId !== args.psychicProfileId);
    const added = { psychicProfileId: args.psychicProfileId as Id<"psychicProfiles">, psychicName, photoUrl: null, isAvailable: true };
    store.setQuery(api.favourites.listMine, {}, args.starred ? [added, ...others] : others);
  });
}
