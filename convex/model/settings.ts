// The admin switches and their defaults. Defaults match the spec: registration and booking on,
// maintenance off, publishing without review. A missing row counts as its default, which is what
// the spec asks when the setting cannot be read ("a failed read counts as enabled").
import type { SettingKey } from "../framework/validators";

export type Settings = Record<SettingKey, boolean>;

export const SETTING_DEFAULTS: Settings = {
  psychic_registration_enabled: true,
  booking_enabled: true,
  maintenance_mode: false,
  psychic_approval_required: false,
};

/** What each switch does, stored with it and shown beside it in the admin's settings tab. */
export const SETTING_DESCRIPTIONS: Record<SettingKey, string> = {
  psychic_registration_enabled: "Permette ai nuovi cartomanti di registrarsi.",
  booking_enabled: "Permette ai clienti di prenotare e pagare nuovi consulti.",
  maintenance_mode: "Mostra l'avviso di manutenzione e blocca ogni modifica, tranne quelle degli amministratori.",
  psychic_approval_required: "I profili pubblicati e le modifiche a nome, foto e biografia attendono l'approvazione di un amministratore.",
};

/** Every setting as a boolean: a stored row wins, a missing one takes its default. */
export function resolveSettings(
  rows: ReadonlyArray<{ key: SettingKey; value: boolean }>,
): Settings {
  const settings: Settings = { ...SETTING_DEFAULTS };
  for (const row of rows) settings[row.key] = row.value;
  return settings;
}
