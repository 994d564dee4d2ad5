// The psychic's own profile (psychicProfiles.getMine) as each page reads it, and the writes that move
// it at once: the dashboard's banner, the editor and the settings' switches follow one answer.
import { useMemo } from "react";
import { useMutation, useQueries, useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { useCachedQuery } from "@/lib/offline/useCachedQuery";
import type { OwnProfile } from "./profile/profileForm";

/** Live: undefined while loading, null until the first visit creates the profile. */
export function useMyProfile(): OwnProfile | null | undefined {
  return useQuery(api.psychicProfiles.getMine, {});
}

/** With the last answer kept on the device, for the editor to open without a connection. */
export function useMyKeptProfile() {
  return useCachedQuery(api.psychicProfiles.getMine, {});
}

/** Live, a failure handed back instead of thrown into the page. */
export function useMyProfileOrError(): OwnProfile | null | undefined | Error {
  // useQueries resubscribes whenever the request object changes identity, so the object is memoised.
  const request = useMemo(() => ({ profile: { query: api.psychicProfiles.getMine, args: {} } }), []);
  return (useQueries(request) as { profile: OwnProfile | null | undefined | Error }).profile;
}

/** Creates the default profile of a psychic who has none yet. */
export function useEnsureMyProfile() {
  return useMutation(api.psychicProfiles.ensureMine);
}

/** Availability and public visibility, moved at once on the open profile and back if the server refuses. */
export function useProfileSwitches() {
  const setAvailable = useMutation(api.psychicProfiles.setAvailable).withOptimisticUpdate((store, { isAvailable }) => {
    const current = store.getQuery(api.psychicProfiles.getMine, {});
    if (current) store.setQuery(api.psychicProfiles.getMine, {}, { ...current, isAvailable });
  });
  const setPubliclyVisible = useMutation(api.psychicProfiles.setPubliclyVisible).withOptimisticUpdate((store, { isPubliclyVisible }) => {
    const current = store.getQuery(api.psychicProfiles.getMine, {});
    if (current) store.setQuery(api.psychicProfiles.getMine, {}, { ...current, isPubliclyVisible });
  });
  return { setAvailable, setPubliclyVisible };
}
