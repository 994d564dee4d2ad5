// The public list of psychics (psychics.listPublic): the /psychics page and the site search read it.
import { useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";
import type { ConsultationType } from "@convex/framework/validators";
import { cacheKey, PUBLIC_ACCOUNT } from "@/lib/offline/queryCache";
import { useCachedEntry, useCachedQuery, viewKeyOf } from "@/lib/offline/useCachedQuery";

type PsychicList = FunctionReturnType<typeof api.psychics.listPublic>;

/** Live, without the free times (no clock); undefined while loading. */
export function usePsychicList(): PsychicList | undefined {
  return useQuery(api.psychics.listPublic, {});
}

/**
 * With each psychic's first free time at `now`, the last answer kept on the device for everybody. Filtered by
 * `consultationType`, the list holds only those offering it, each starting price that type's.
 */
export function useKeptPsychicList(now: number, consultationType: ConsultationType | null = null) {
  // Without a type the arguments stay `{ now }`: the first page's early subscription (app/firstPageQueries.ts) shares them.
  const kept = useCachedQuery(api.psychics.listPublic, consultationType === null ? { now } : { now, consultationType }, { scope: "public" });
  // Until the type's own list comes (a type just chosen, or no connection), the whole list kept on the device stands
  // in: the page filters it by type itself; only the starting prices wait for the server's.
  const whole = useCachedEntry(consultationType === null ? null : cacheKey(PUBLIC_ACCOUNT, viewKeyOf(api.psychics.listPublic, { now })));
  if (kept.data !== undefined || whole === undefined) return kept;
  return { data: whole.value as PsychicList, savedAt: whole.withPage ? null : whole.savedAt };
}
