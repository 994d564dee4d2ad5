// The client's fiscal document for a paid consultation, issued in the psychic's name (docs/product-rules.md,
// "Fiscal documents"): what it says for each way a psychic works, the stamp duty above 77,47 €, the VAT inside the
// price for a psychic in the ordinary regime, and the credit note of a partial refund. Pure: amounts in cents.
import type { ConsultationType } from "../framework/validators";
import { formatCents } from "./format";

/**
 * How the psychic works: occasionally, without a partita IVA (a 'ricevuta per prestazione occasionale'); with a
 * partita IVA in the flat-rate regime (forfettario, no VAT); or in the ordinary regime (VAT 22 % in the price).
 */
export type FiscalRegime = "occasional" | "forfettario" | "ordinario";

/** Stamp duty is due on a document without VAT above this amount (art. 13, Tariffa parte I, D.P.R. 642/1972). */
export const STAMP_DUTY_THRESHOLD_CENTS = 7747;
/** The stamp duty's amount. */
export const STAMP_DUTY_CENTS = 200;
/** VAT in the ordinary regime. */
export const VAT_PERCENT = 22;

const typeWords: Record<ConsultationType, string> = { voice: "vocale", chat: "in chat" };

/** 'Consulto di cartomanzia, 30 minuti, in chat': the service as every document names it. */
export function serviceDescription(durationMinutes: number, type: ConsultationType): string {
  return `Consulto di cartomanzia, ${durationMinutes} minuti, ${typeWords[type]}`;
}

/** Whether a document of `amountCents` without VAT carries the 2 € stamp duty: strictly above 77,47 €. */
export function stampDutyDue(regime: FiscalRegime, amountCents: number): boolean {
  return regime !== "ordinario" && Math.abs(amountCents) > STAMP_DUTY_THRESHOLD_CENTS;
}

/** The net and the VAT inside a price that includes it (the ordinary regime), to the cent; none otherwise. */
export function vatInside(regime: FiscalRegime, grossCents: number): { netCents: number; vatCents: number } {
  if (regime !== "ordinario") return { netCents: grossCents, vatCents: 0 };
  const netCents = Math.round((grossCents * 100) / (100 + VAT_PERCENT));
  return { netCents, vatCents: grossCents - netCents };
}

/** The document's title for each regime. */
export const documentTitles: Record<FiscalRegime, { document: string; creditNote: string }> = {
  occasional: { document: "Ricevuta per prestazione occasionale", creditNote: "Nota di credito" },
  forfettario: { document: "Fattura", creditNote: "Nota di credito" },
  ordinario: { document: "Fattura", creditNote: "Nota di credito" },
};

/** What the law asks each regime's document to say about VAT and withholding, word for word. */
export const regimeWording: Record<FiscalRegime, string> = {
  occasional:
    "Prestazione di lavoro autonomo occasionale (art. 2222 c.c.), esclusa dal campo di applicazione dell'IVA ai sensi dell'art. 5 del D.P.R. 633/1972 per mancanza del requisito dell'abitualità. Ritenuta d'acconto non applicata: il committente è un privato e non è sostituto d'imposta.",
  forfettario:
    "Operazione effettuata ai sensi dell'art. 1, commi da 54 a 89, della Legge n. 190/2014 (regime forfettario): operazione senza applicazione dell'IVA e non soggetta a ritenuta d'acconto.",
  ordinario: `Operazione soggetta a IVA al ${VAT_PERCENT}% (art. 1 del D.P.R. 633/1972), compresa nel prezzo.`,
};

/** The stamp duty's line, on a document that carries it. */
export const STAMP_DUTY_WORDING = `Imposta di bollo di ${formatCents(STAMP_DUTY_CENTS)} assolta sull'originale (importo superiore a ${formatCents(STAMP_DUTY_THRESHOLD_CENTS)}, art. 13 della Tariffa allegata al D.P.R. 642/1972).`;

/**
 * A document's number: its series, the year and the issuer's own count in that series and year without gaps,
 * "R2026/0007" (R receipts, NC their credit notes, FC the platform's commission invoices, NCC their credit notes).
 */
export function documentNumber(series: string, year: number, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1) throw new Error(`a document number starts at 1: ${sequence}`);
  return `${series}${year}/${String(sequence).padStart(4, "0")}`;
}

type ReceiptFacts = {
  regime: FiscalRegime;
  amountCents: number;
  durationMinutes: number;
  consultationType: ConsultationType;
};

/**
 * The lines a document shows: the service and its amount, the VAT inside it (ordinary regime), the regime's words,
 * and the stamp duty when due. A credit note (a partial refund) shows the refunded amount.
 */
export function receiptLines({ regime, amountCents, durationMinutes, consultationType }: ReceiptFacts) {
  const { netCents, vatCents } = vatInside(regime, amountCents);
  return {
    description: serviceDescription(durationMinutes, consultationType),
    amountCents,
    netCents,
    vatCents,
    wording: regimeWording[regime],
    stampDuty: stampDutyDue(regime, amountCents) ? STAMP_DUTY_WORDING : null,
  };
}
