// A psychic's fiscal data for the yearly DAC7 report (D.Lgs. 32/2023; docs/product-rules.md, "Payouts"):
// the checks on what they enter, the report's quarters and rows, and how long a deleted psychic's data is kept. Pure.
import { romeToUtcMs } from "../framework/time";

/** Italian codice fiscale of a person: 6 letters, 2 digits, a month letter, 2 digits, a letter, 3 digits, a check letter (omocodia digits allowed). */
const CODICE_FISCALE = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;

const ODD_VALUES: Record<string, number> = {
  "0": 1, "1": 0, "2": 5, "3": 7, "4": 9, "5": 13, "6": 15, "7": 17, "8": 19, "9": 21,
  A: 1, B: 0, C: 5, D: 7, E: 9, F: 13, G: 15, H: 17, I: 19, J: 21, K: 2, L: 4, M: 18,
  N: 20, O: 11, P: 3, Q: 6, R: 8, S: 12, T: 14, U: 16, V: 10, W: 22, X: 25, Y: 24, Z: 23,
}; // prettier-ignore

/** The codice fiscale as stored (upper case, no spaces), or null when its form or check letter is wrong. */
export function normaliseCodiceFiscale(value: string): string | null {
  const code = value.replace(/\s+/g, "").toUpperCase();
  if (!CODICE_FISCALE.test(code)) return null;
  let sum = 0;
  for (let index = 0; index < 15; index++) {
    const char = code[index];
    // Positions 1, 3, 5… (odd, counted from 1) use the odd table; the others their plain value.
    sum += index % 2 === 0 ? ODD_VALUES[char] : /[0-9]/.test(char) ? Number(char) : char.charCodeAt(0) - 65;
  }
  return String.fromCharCode(65 + (sum % 26)) === code[15] ? code : null;
}

/** An IBAN as stored (upper case, no spaces), or null when its check digits (ISO 13616, mod 97) are wrong. */
export function normaliseIban(value: string): string | null {
  const iban = value.replace(/\s+/g, "").toUpperCase();
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return null;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1 ? iban : null;
}

/**
 * A partita IVA as stored (its 11 digits, an "IT" in front and spaces dropped), or null when it is not 11
 * digits or its check digit (the last, by the Luhn-like rule of the Agenzia delle Entrate) is wrong.
 */
export function normalisePartitaIva(value: string): string | null {
  const digits = value.replace(/\s+/g, "").toUpperCase().replace(/^IT/, "");
  if (!/^\d{11}$/.test(digits)) return null;
  let sum = 0;
  for (let index = 0; index < 10; index++) {
    const digit = Number(digits[index]);
    const doubled = digit * 2;
    sum += index % 2 === 0 ? digit : doubled > 9 ? doubled - 9 : doubled;
  }
  return (10 - (sum % 10)) % 10 === Number(digits[10]) ? digits : null;
}

/** Adults only: a real date "YYYY-MM-DD" at least 18 years before `today` (also "YYYY-MM-DD"). */
export function isAdultBirthDate(date: string, today: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) return false;
  const [year, month, day] = today.split("-").map(Number);
  const eighteen = `${String(year - 18).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  return date >= "1900-01-01" && date <= eighteen;
}

export const FISCAL_LIMITS = { legalName: 120, street: 150, postalCode: 10, city: 80 } as const;

/** The quarter (1–4) of a Rome date "YYYY-MM-DD" or month "YYYY-MM". */
export function quarterOf(date: string): 1 | 2 | 3 | 4 {
  return (Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1) as 1 | 2 | 3 | 4;
}

/**
 * One cell of the semicolon-separated CSV: quoted when it holds a semicolon, a quote or a line break (a comma,
 * the decimal mark, needs nothing); a leading = + - @ is neutralised, so no cell runs as a formula.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /["\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One psychic's year for the DAC7 report: who, and per quarter what they were paid, the fees and the count. */
export type Dac7Row = {
  legalName: string;
  codiceFiscale: string;
  /** Empty when the psychic has none (it is optional: an individual without one is reported by codice fiscale). */
  partitaIva: string;
  dateOfBirth: string;
  address: string;
  accountIdentifier: string;
  quarters: Array<{ considerationCents: number; feesCents: number; activities: number }>;
};

/** What a seller's row is named by: their fiscal data as entered (or as kept after their deletion), each part possibly missing. */
export type Dac7Seller = {
  legalName?: string;
  codiceFiscale?: string;
  partitaIva?: string;
  dateOfBirth?: string;
  street?: string;
  postalCode?: string;
  city?: string;
  country?: string;
  iban?: string;
};

/** What the report writes where the psychic has not entered a piece of their fiscal data. */
const DAC7_MISSING = "da completare";

/**
 * The identifying cells of a seller's row: their fiscal data, else the account's name, "da completare" for
 * each part still missing, and the account by its IBAN or else the Stripe account. `complete` when nothing is missing.
 */
export function dac7SellerCells(
  seller: Dac7Seller | null,
  fallback: { name: string; stripeAccountId: string | null },
): Omit<Dac7Row, "quarters"> & { complete: boolean } {
  const address =
    seller?.street !== undefined && seller.postalCode !== undefined && seller.city !== undefined
      ? `${seller.street}, ${seller.postalCode} ${seller.city}, ${seller.country ?? "IT"}`
      : undefined;
  const cells = {
    legalName: seller?.legalName ?? fallback.name,
    codiceFiscale: seller?.codiceFiscale ?? DAC7_MISSING,
    partitaIva: seller?.partitaIva ?? "",
    dateOfBirth: seller?.dateOfBirth ?? DAC7_MISSING,
    address: address ?? DAC7_MISSING,
    accountIdentifier: seller?.iban ?? fallback.stripeAccountId ?? DAC7_MISSING,
  };
  const complete = seller?.legalName !== undefined && Object.values(cells).every((cell) => cell !== DAC7_MISSING);
  return { ...cells, complete };
}

/**
 * DAC7 (art. 25 of Directive 2011/16/EU as amended by Directive 2021/514; D.Lgs. 32/2023): the operator keeps
 * the seller's data and the figures reported for 10 years after the end of the reporting period (a calendar year).
 */
export const FISCAL_RECORD_YEARS = 10;

/** Until when the fiscal data of a seller last reported for `lastYear` is kept: the first instant of the year after those 10 (Rome). */
export function fiscalRecordKeptUntil(lastYear: number): number {
  return romeToUtcMs(`${String(lastYear + FISCAL_RECORD_YEARS + 1).padStart(4, "0")}-01-01`, "00:00");
}

/** An amount in euro as Italian spreadsheets read it: a decimal comma, no thousands separator ("1234,50"). */
const euros = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");

/** Italian Excel splits a CSV on semicolons (the list separator where the comma is the decimal mark). */
const DAC7_SEPARATOR = ";";

export const DAC7_HEADER = [
  "Nome e cognome",
  "Codice fiscale",
  "Partita IVA",
  "Data di nascita",
  "Indirizzo",
  "Conto (IBAN o identificativo)",
  ...[1, 2, 3, 4].flatMap((quarter) => [`T${quarter} corrispettivo (EUR)`, `T${quarter} commissioni (EUR)`, `T${quarter} attività`]),
];

/**
 * The report as CSV for Italian Excel: semicolon-separated, a header row, amounts in euro with two decimals
 * and a decimal comma (the download adds the UTF-8 byte order mark, so accents read right).
 */
export function dac7Csv(rows: readonly Dac7Row[]): string {
  const lines = [
    DAC7_HEADER,
    ...rows.map((row) => [
      row.legalName,
      row.codiceFiscale,
      row.partitaIva,
      row.dateOfBirth,
      row.address,
      row.accountIdentifier,
      ...row.quarters.flatMap((quarter) => [euros(quarter.considerationCents), euros(quarter.feesCents), quarter.activities]),
    ]),
  ];
  return lines.map((line) => line.map(csvCell).join(DAC7_SEPARATOR)).join("\r\n") + "\r\n";
}
