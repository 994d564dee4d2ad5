// The public list of psychics (psychics.listPublic): the /psychics page and the site search read it.
import { useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";
import { useCachedQuery } from "@/lib/offline/useCachedQuery";

type PsychicList = FunctionReturnType<typeof api.psychics.listPublic>;

/** Live, without the free times (no clock); undefined while loading. */
export function usePsychicList(): PsychicList | undefined {
  return useQuery(api.psychics.listPublic, {});
}

/** With each psychic's first free time at `now`, the last answer kept on the device for everybody. */
export function useKeptPsychicList(now: number) {
  return useCachedQuery(api.psychics.listPublic, { now }, { scope: "public" });
}
