import { useMemo } from "react";
import { useQueries } from "convex/react";
import { api } from "@convex/_generated/api";

/**
 * Whether psychics may sign up now. A failed read counts as open: the server refuses a
 * psychic sign-up anyway when the switch is off. `undefined` while loading.
 */
export function usePsychicRegistrationOpen(): boolean | undefined {
  // useQueries resubscribes whenever this object changes identity: it must be stable.
  const request = useMemo(() => ({ settings: { query: api.settings.getPublic, args: {} } }), []);
  const { settings } = useQueries(request) as {
    settings: { psychic_registration_enabled: boolean } | Error | undefined;
  };
  if (settings === undefined) return undefined;
  if (settings instanceof Error) return true;
  return settings.psychic_registration_enabled;
}
