// A psychic's next days with free time (psychics.listNextAvailability): the profile's 'Prossime
// disponibilità' and 'Prenota di nuovo' after a call read it.
import type { FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";
import { useQueryWithNow } from "@/lib/time/useNow";

/** By slug or id, at `now`, kept across the clock's steps; undefined while loading. */
export function useNextAvailability(id: string, now: number): FunctionReturnType<typeof api.psychics.listNextAvailability> | undefined {
  return useQueryWithNow(api.psychics.listNextAvailability, { id, now });
}
