// The hosted onboarding page's form, checked as a person fills it in: name, date of birth (adults only),
// address, an optional codice fiscale (its check letter verified) and an IBAN (ISO 13616 check digits).
// Messages are Italian.
import type { PersonRecord } from "./store.ts";

/** Stripe's Italian test IBAN: payouts to it succeed. */
export const TEST_IBAN = "IT60X0542811101000000123456";

export type OnboardingForm = {
  firstName: string;
  lastName: string;
  birthDate: string;
  line1: string;
  postalCode: string;
  city: string;
  taxCode: string;
  iban: string;
  missingDocument: boolean;
};
export type OnboardingField = Exclude<keyof OnboardingForm, "missingDocument">;
type OnboardingCheck =
  | { ok: true; person: PersonRecord; iban: string | null; missingDocument: boolean }
  | { ok: false; fieldErrors: Partial<Record<OnboardingField, string>> };

const normalizeIban = (text: string) => text.replace(/[\s-]/g, "").toUpperCase();

/** The IBAN's shape and its two check digits (the whole number modulo 97 is 1). */
function isValidIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  if (iban.startsWith("IT") && iban.length !== 27) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

// The codice fiscale's check letter: characters in odd places (1st, 3rd …) count by this table, the others by
// their value (digits 0–9, letters A=0 … Z=25); the sum modulo 26 is the 16th letter.
const ODD_VALUES: Record<string, number> = {
  0: 1,
  1: 0,
  2: 5,
  3: 7,
  4: 9,
  5: 13,
  6: 15,
  7: 17,
  8: 19,
  9: 21,
  A: 1,
  B: 0,
  C: 5,
  D: 7,
  E: 9,
  F: 13,
  G: 15,
  H: 17,
  I: 19,
  J: 21,
  K: 2,
  L: 4,
  M: 18,
  N: 20,
  O: 11,
  P: 3,
  Q: 6,
  R: 8,
  S: 12,
  T: 14,
  U: 16,
  V: 10,
  W: 22,
  X: 25,
  Y: 24,
  Z: 23,
};

function isValidTaxCode(code: string): boolean {
  // Digits may be replaced by letters (omocodia): L–V stand for 0–9.
  if (!/^[A-Z]{6}[\dLMNP-V]{2}[A-Z][\dLMNP-V]{2}[A-Z][\dLMNP-V]{3}[A-Z]$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const char = code[i];
    sum += i % 2 === 0 ? ODD_VALUES[char] : /\d/.test(char) ? Number(char) : char.charCodeAt(0) - 65;
  }
  return String.fromCharCode(65 + (sum % 26)) === code[15];
}

/** `YYYY-MM-DD` (a date field) or `GG/MM/AAAA` (typed), if it names a real day. */
function parseDate(text: string): { day: number; month: number; year: number } | undefined {
  const iso = text.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  const typed = text.match(/^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]].map(Number) : typed ? [typed[3], typed[2], typed[1]].map(Number) : [];
  if (year === undefined) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return { day, month, year };
}

function ageOn(dob: { day: number; month: number; year: number }, now: Date): number {
  const birthdayPassed = now.getMonth() + 1 > dob.month || (now.getMonth() + 1 === dob.month && now.getDate() >= dob.day);
  return now.getFullYear() - dob.year - (birthdayPassed ? 0 : 1);
}

export function checkOnboarding(form: OnboardingForm, options: { hasBankAccount: boolean; now?: Date }): OnboardingCheck {
  const fieldErrors: Partial<Record<OnboardingField, string>> = {};
  const name = (value: string, field: OnboardingField, missing: string) => {
    const trimmed = value.trim().replace(/\s+/g, " ");
    if (!trimmed) fieldErrors[field] = missing;
    else if (trimmed.length > 100 || !/\p{L}/u.test(trimmed))
      fieldErrors[field] = "Scrivilo come sul documento d'identità, con lettere (al massimo 100 caratteri).";
    return trimmed;
  };
  const firstName = name(form.firstName, "firstName", "Inserisci il tuo nome.");
  const lastName = name(form.lastName, "lastName", "Inserisci il tuo cognome.");

  const dob = parseDate(form.birthDate.trim());
  const age = dob && ageOn(dob, options.now ?? new Date());
  if (!form.birthDate.trim()) fieldErrors.birthDate = "Inserisci la tua data di nascita.";
  else if (!dob || age === undefined || age < 0 || age > 120) fieldErrors.birthDate = "La data di nascita non è valida: usa il formato GG/MM/AAAA.";
  else if (age < 18) fieldErrors.birthDate = "Per ricevere pagamenti devi avere almeno 18 anni.";

  const line1 = form.line1.trim();
  if (!line1) fieldErrors.line1 = "Inserisci l'indirizzo di residenza (via e numero civico).";
  else if (line1.length > 200) fieldErrors.line1 = "L'indirizzo può avere al massimo 200 caratteri.";
  const postalCode = form.postalCode.trim();
  if (!postalCode) fieldErrors.postalCode = "Inserisci il CAP.";
  else if (!/^\d{5}$/.test(postalCode)) fieldErrors.postalCode = "Il CAP non è valido: servono 5 cifre.";
  const city = form.city.trim();
  if (!city) fieldErrors.city = "Inserisci la città.";
  else if (city.length > 100) fieldErrors.city = "La città può avere al massimo 100 caratteri.";

  const taxCode = form.taxCode.replace(/\s/g, "").toUpperCase();
  if (taxCode && !isValidTaxCode(taxCode)) fieldErrors.taxCode = "Il codice fiscale non è valido: controlla i 16 caratteri, lettere e cifre.";

  const iban = normalizeIban(form.iban);
  if (!iban && !options.hasBankAccount) fieldErrors.iban = "Inserisci l'IBAN del conto su cui ricevere i versamenti.";
  else if (iban && !isValidIban(iban)) fieldErrors.iban = "L'IBAN non è valido: controlla di averlo copiato per intero.";

  if (Object.keys(fieldErrors).length > 0 || !dob) return { ok: false, fieldErrors };
  return {
    ok: true,
    person: {
      first_name: firstName,
      last_name: lastName,
      dob,
      address: { line1, postal_code: postalCode, city, country: "IT" },
      id_number_provided: taxCode !== "",
    },
    iban: iban || null,
    missingDocument: form.missingDocument,
  };
}
