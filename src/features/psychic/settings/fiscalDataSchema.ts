// The psychic's fiscal data (for DAC7, and the name the fiscal documents carry), checked in the browser by the
// server's own functions (convex/model/fiscal.ts) so both sides agree; convex/fiscalData.ts checks it all again.
import * as z from "zod/mini";
import { romeDateOf } from "@convex/framework/time";
import { normaliseEmail } from "@convex/model/accounts";
import { FISCAL_LIMITS, isAdultBirthDate, normaliseCodiceFiscale, normaliseIban, normalisePartitaIva } from "@convex/model/fiscal";

const fiscalMessages = {
  legalName: "Inserisci nome e cognome come sul codice fiscale.",
  legalNameTooLong: `Al massimo ${FISCAL_LIMITS.legalName} caratteri.`,
  codiceFiscaleMissing: "Inserisci il codice fiscale.",
  codiceFiscale: "Codice fiscale non valido: controlla le 16 lettere e cifre.",
  dateOfBirthMissing: "Inserisci una data di nascita valida.",
  dateOfBirth: "Devi avere almeno 18 anni.",
  street: "Inserisci via e numero civico.",
  streetTooLong: `Al massimo ${FISCAL_LIMITS.street} caratteri.`,
  postalCode: "Il CAP è di 5 cifre.",
  city: "Inserisci la città.",
  cityTooLong: `Al massimo ${FISCAL_LIMITS.city} caratteri.`,
  iban: "IBAN non valido.",
  partitaIva: "Partita IVA non valida: controlla le 11 cifre.",
  fiscalRegime: "Indica il regime fiscale della tua partita IVA.",
  sdiRecipientCode: "Il codice destinatario ha 7 lettere o cifre.",
  pec: "Inserisci un indirizzo PEC valido.",
} as const;

/** A partita IVA's regime as the radio group holds it: "" until one is chosen. */
export type FiscalRegimeChoice = "" | "forfettario" | "ordinario";

/** Trimmed, inner runs of spaces made one (as the server stores it), 1 to `max` characters. */
const text = (max: number, missing: string, tooLong: string) =>
  z.pipe(
    z.pipe(
      z.string(),
      z.transform((value: string) => value.trim().replace(/\s+/g, " ")),
    ),
    z.string().check(z.minLength(1, missing), z.maxLength(max, tooLong)),
  );

/** A transform that may refuse its input: `refuse` adds the field's message and the parse fails. */
const parsedText = <T>(parse: (value: string, refuse: (message: string) => void) => T) =>
  z.pipe(
    z.string(),
    z.transform((value: string, payload) => parse(value, (message) => payload.issues.push({ code: "custom", message, input: value }))),
  );

const isCalendarDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && value >= "1900-01-01";

export const fiscalDataSchema = z.object({
  legalName: text(FISCAL_LIMITS.legalName, fiscalMessages.legalName, fiscalMessages.legalNameTooLong),
  codiceFiscale: parsedText((value, refuse) => {
    const code = normaliseCodiceFiscale(value);
    if (code === null) refuse(value.trim() === "" ? fiscalMessages.codiceFiscaleMissing : fiscalMessages.codiceFiscale);
    return code ?? "";
  }),
  dateOfBirth: z.string().check(
    z.refine(isCalendarDate, fiscalMessages.dateOfBirthMissing),
    // Today as a Rome date when the form is sent, as the server reads it.
    z.refine((date) => !isCalendarDate(date) || isAdultBirthDate(date, romeDateOf(Date.now())), fiscalMessages.dateOfBirth),
  ),
  street: text(FISCAL_LIMITS.street, fiscalMessages.street, fiscalMessages.streetTooLong),
  postalCode: z.pipe(
    z.pipe(
      z.string(),
      z.transform((value: string) => value.trim()),
    ),
    z.string().check(z.regex(/^\d{5}$/, fiscalMessages.postalCode)),
  ),
  city: text(FISCAL_LIMITS.city, fiscalMessages.city, fiscalMessages.cityTooLong),
  /** Optional: left empty, nothing is sent (and a stored one is removed). */
  iban: parsedText((value, refuse) => {
    if (value.trim() === "") return undefined;
    const iban = normaliseIban(value);
    if (iban === null) refuse(fiscalMessages.iban);
    return iban ?? undefined;
  }),
  /** Optional, like the IBAN: only for a psychic who has one. */
  partitaIva: parsedText((value, refuse) => {
    if (value.trim() === "") return undefined;
    const partitaIva = normalisePartitaIva(value);
    if (partitaIva === null) refuse(fiscalMessages.partitaIva);
    // A refused one still counts as given, so its regime is asked at the same time.
    return partitaIva ?? value;
  }),
  /** Required with a partita IVA (the check below); the form sends it only then. */
  fiscalRegime: z.pipe(
    z.enum(["", "forfettario", "ordinario"]),
    z.transform((value: FiscalRegimeChoice) => (value === "" ? undefined : value)),
  ),
  /** The SdI's "codice destinatario", as the server stores it: capitals, and '0000000' is no code at all. */
  sdiRecipientCode: parsedText((value, refuse) => {
    const code = value.trim().toUpperCase();
    if (code === "" || code === "0000000") return undefined;
    if (!/^[A-Z0-9]{7}$/.test(code)) refuse(fiscalMessages.sdiRecipientCode);
    return code;
  }),
  pec: parsedText((value, refuse) => {
    if (value.trim() === "") return undefined;
    const pec = normaliseEmail(value);
    if (pec === null) refuse(fiscalMessages.pec);
    return pec ?? undefined;
  }),
}).check(
  z.refine((values) => values.partitaIva === undefined || values.fiscalRegime !== undefined, {
    message: fiscalMessages.fiscalRegime,
    path: ["fiscalRegime"],
    // Also while other fields are refused: every missing answer shows at the first try.
    when: () => true,
  }),
);

export type FiscalDataValues = z.input<typeof fiscalDataSchema>;
export type FiscalDataFields = keyof FiscalDataValues;

/** Under the field the server refused (its INVALID_INPUT names it). */
export const serverFieldMessages: Record<FiscalDataFields, string> = {
  legalName: fiscalMessages.legalName,
  codiceFiscale: fiscalMessages.codiceFiscale,
  dateOfBirth: fiscalMessages.dateOfBirth,
  street: fiscalMessages.street,
  postalCode: fiscalMessages.postalCode,
  city: fiscalMessages.city,
  iban: fiscalMessages.iban,
  partitaIva: fiscalMessages.partitaIva,
  fiscalRegime: fiscalMessages.fiscalRegime,
  sdiRecipientCode: fiscalMessages.sdiRecipientCode,
  pec: fiscalMessages.pec,
};
