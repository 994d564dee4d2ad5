// A psychic's public profile (psychics.getPublicProfile), by slug or id: the profile page, the booking page
// and the readable-address redirect read one subscription to it.
import { useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";
import { useCachedQuery } from "@/lib/offline/useCachedQuery";

export type PublicProfile = NonNullable<FunctionReturnType<typeof api.psychics.getPublicProfile>>;

/** Live: undefined while loading, null when missing, hidden or not approved. */
export function usePublicProfile(id: string): PublicProfile | null | undefined {
  return useQuery(api.psychics.getPublicProfile, { id });
}

/** With the last answer kept on the device for everybody, for the profile to open without a connection. */
export function useKeptPublicProfile(id: string) {
  return useCachedQuery(api.psychics.getPublicProfile, { id }, { scope: "public" });
}
