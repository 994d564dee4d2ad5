// The platform's public switches (maintenance, psychic sign-up, approval, booking), live, for any page to read.
import { useMemo } from "react";
import { useQueries, useQuery } from "convex/react";
import type { OptimisticLocalStore } from "convex/browser";
import type { FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";
import type { SettingKey } from "@convex/framework/validators";
import { useCachedQuery } from "@/lib/offline/useCachedQuery";

type PublicSettings = FunctionReturnType<typeof api.settings.getPublic>;

/** Live; undefined while loading. */
export function usePublicSettings(): PublicSettings | undefined {
  return useQuery(api.settings.getPublic, {});
}

/** With the last answer kept on the device for everybody, for a page that opens without a connection. */
export function useKeptPublicSettings(): PublicSettings | undefined {
  return useCachedQuery(api.settings.getPublic, {}, { scope: "public" }).data;
}

/** Undefined while loading; a failed read is handed back, not thrown, so each reader falls back to its default. */
export function usePublicSettingsOrError(): PublicSettings | Error | undefined {
  // useQueries resubscribes whenever this object changes identity: it must be stable.
  const request = useMemo(() => ({ settings: { query: api.settings.getPublic, args: {} } }), []);
  return (useQueries(request) as { settings: PublicSettings | Error | undefined }).settings;
}

/** In an optimistic update: the public copy takes a switch's new value at once, for every page reading it. */
export function setPublicSettingLocally(store: OptimisticLocalStore, key: SettingKey, value: boolean): void {
  const published = store.getQuery(api.settings.getPublic, {});
  if (published) store.setQuery(api.settings.getPublic, {}, { ...published, [key]: value });
}
