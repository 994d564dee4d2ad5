// The platform's public switches (maintenance, psychic sign-up, approval), live, for any page to read.
import { useMemo } from "react";
import { useQueries } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";

type PublicSettings = FunctionReturnType<typeof api.settings.getPublic>;

/** Undefined while loading; a failed read is handed back, not thrown, so each reader falls back to its default. */
export function usePublicSettingsOrError(): PublicSettings | Error | undefined {
  // useQueries resubscribes whenever this object changes identity: it must be stable.
  const request = useMemo(() => ({ settings: { query: api.settings.getPublic, args: {} } }), []);
  return (useQueries(request) as { settings: PublicSettings | Error | undefined }).settings;
}
