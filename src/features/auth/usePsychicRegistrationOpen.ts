import { usePublicSettingsOrError } from "@/lib/catalogue/publicSettings";

/**
 * Whether psychics may sign up now. A failed read counts as open: the server refuses a
 * psychic sign-up anyway when the switch is off. `undefined` while loading.
 */
export function usePsychicRegistrationOpen(): boolean | undefined {
  const settings = usePublicSettingsOrError();
  if (settings === undefined) return undefined;
  if (settings instanceof Error) return true;
  return settings.psychic_registration_enabled;
}
