// Which fiscal document is due, and what it says (docs/product-rules.md, "Fiscal documents"): the client's
// receipt in the psychic's name and its credit notes, the platform's monthly commission invoice to the psychic
// and its credit notes. Each is decided by comparing what the documents already issued state with what the
// money now is, so asking again issues nothing twice and a later refund issues exactly the correction. Pure.
import { COMMISSION_PERCENT } from "./bookings";
import { COMMISSION_VAT_PERCENT, vatIncludedIn } from "./payouts";
import { documentTitles, receiptLines, type FiscalRegime } from "./receipts";
import { formatCents, formatMonth, formatNumericDate } from "./format";
import type { ConsultationType } from "../framework/validators";

export type FiscalDocumentKind = "receipt" | "receipt_credit_note" | "commission_invoice" | "commission_credit_note";

/** Each kind's own numbering, per issuer and year. */
export const DOCUMENT_SERIES: Record<FiscalDocumentKind, string> = {
  receipt: "R",
  receipt_credit_note: "NC",
  commission_invoice: "FC",
  commission_credit_note: "NCC",
};

/** The issuer key of the platform's documents; a psychic's documents use their user id. */
export const PLATFORM_ISSUER = "platform";

// ─── Who can issue and receive: the psychic's fiscal data ─────────────────────────────────────────

/** The parts of `psychicFiscalData` the documents read. */
export type PsychicFiscalFacts = {
  legalName: string;
  codiceFiscale: string;
  street: string;
  postalCode: string;
  city: string;
  partitaIva?: string;
  fiscalRegime?: "forfettario" | "ordinario";
  sdiRecipientCode?: string;
  pec?: string;
};

/** What is missing before documents can carry the psychic's name: nothing, their fiscal data, or their regime. */
type FiscalDataGap = "fiscal_data" | "regime";

export const fiscalDataGapWords: Record<FiscalDataGap, string> = {
  fiscal_data: "i dati fiscali (nome e cognome, codice fiscale, indirizzo)",
  regime: "il regime fiscale della partita IVA (forfettario o ordinario)",
};

/** What keeps documents from being issued in the psychic's name (empty: nothing). */
export function fiscalDataGaps(data: PsychicFiscalFacts | null): FiscalDataGap[] {
  if (data === null) return ["fiscal_data"];
  if (data.partitaIva !== undefined && data.fiscalRegime === undefined) return ["regime"];
  return [];
}

/** How the psychic works: occasionally without a partita IVA, or with one in the regime they stated. */
export function regimeOf(data: Pick<PsychicFiscalFacts, "partitaIva" | "fiscalRegime">): FiscalRegime {
  return data.partitaIva === undefined ? "occasional" : (data.fiscalRegime ?? "forfettario");
}

// ─── What is due ───────────────────────────────────────────────────────────────────────────────────

/** What the documents issued for one subject state: the original's amount (null: none yet) and the corrections. */
type IssuedSoFar = { originalCents: number | null; correctedCents: number };

type DueDocument = { document: "original" | "credit_note"; amountCents: number } | null;

/**
 * What is due when the money now stands at `standingCents` (a consultation's price less what went back, or a
 * month's commission): the original when there is money and none was issued; a credit note for the difference
 * when it fell below what the documents state; nothing otherwise — in particular when asked again.
 */
export function dueDocument(standingCents: number, issued: IssuedSoFar): DueDocument {
  if (!Number.isInteger(standingCents) || standingCents < 0) throw new Error(`not an amount: ${standingCents}`);
  if (issued.originalCents === null) return standingCents > 0 ? { document: "original", amountCents: standingCents } : null;
  const stated = issued.originalCents - issued.correctedCents;
  return standingCents < stated ? { document: "credit_note", amountCents: stated - standingCents } : null;
}

// ─── What the documents say ────────────────────────────────────────────────────────────────────────

/** A party as a document prints it. */
type DocumentParty = { name: string; taxCode?: string; vatNumber?: string; address?: string };

/** A document's printed content, kept as issued (the PDF is drawn from it). */
type DocumentContent = {
  title: string;
  issuer: DocumentParty;
  recipient: DocumentParty;
  lines: Array<{ description: string; amountCents: number }>;
  netCents: number;
  vatCents: number;
  totalCents: number;
  notes: string[];
  corrects?: { number: string; date: string };
};

function addressLine(data: Pick<PsychicFiscalFacts, "street" | "postalCode" | "city">): string {
  return `${data.street}, ${data.postalCode} ${data.city}`;
}

function psychicParty(data: PsychicFiscalFacts): DocumentParty {
  return { name: data.legalName, taxCode: data.codiceFiscale, vatNumber: data.partitaIva, address: addressLine(data) };
}

type ReceiptSubject = {
  psychic: PsychicFiscalFacts;
  clientName: string;
  scheduledDate: string;
  durationMinutes: number;
  consultationType: ConsultationType;
};

/** The client's receipt (or its credit note, correcting `corrects`) for `amountCents` of the consultation. */
export function receiptContent(subject: ReceiptSubject, amountCents: number, corrects?: { number: string; date: string }): DocumentContent {
  const regime = regimeOf(subject.psychic);
  const lines = receiptLines({ regime, amountCents, durationMinutes: subject.durationMinutes, consultationType: subject.consultationType });
  const description = `${lines.description}, del ${formatNumericDate(subject.scheduledDate)}`;
  return {
    title: corrects ? documentTitles[regime].creditNote : documentTitles[regime].document,
    issuer: psychicParty(subject.psychic),
    recipient: { name: subject.clientName },
    lines: [{ description: corrects ? `Rimborso parziale: ${description}` : description, amountCents: lines.netCents }],
    netCents: lines.netCents,
    vatCents: lines.vatCents,
    totalCents: amountCents,
    notes: [
      ...(corrects ? [`Rettifica il documento n. ${corrects.number} del ${formatNumericDate(corrects.date)}.`] : []),
      lines.wording,
      ...(lines.stampDuty ? [lines.stampDuty] : []),
    ],
    ...(corrects ? { corrects } : {}),
  };
}

/** The platform as its documents name it (from the deployment's settings, lib/platform/platformFiscal.ts). */
export type PlatformFiscalFacts = {
  companyName: string;
  vatNumber: string;
  taxCode?: string;
  regime: string;
  street: string;
  postcode: string;
  town: string;
  province?: string;
};

/** The commission's VAT-inclusive amount split: the net and the IVA inside it (model/payouts.ts vatIncludedIn). */
export function commissionSplit(commissionCents: number): { netCents: number; vatCents: number } {
  const vatCents = vatIncludedIn(commissionCents);
  return { netCents: commissionCents - vatCents, vatCents };
}

/** The invoice's one line for the month (or its credit note's). */
export function commissionLine(month: string, consultations: number, corrects?: boolean): string {
  const what = `Commissione del ${COMMISSION_PERCENT}% sui consulti di ${formatMonth(month)}`;
  return corrects ? `Rettifica: ${what} (rimborsi successivi alla fattura)` : `${what} (${consultations} ${consultations === 1 ? "consulto" : "consulti"})`;
}

/** The commission invoice's printed copy (the XML is the fiscal original). */
export function commissionContent(
  platform: PlatformFiscalFacts,
  psychic: PsychicFiscalFacts,
  facts: { month: string; consultations: number; amountCents: number },
  corrects?: { number: string; date: string },
): DocumentContent {
  const { netCents, vatCents } = commissionSplit(facts.amountCents);
  return {
    title: corrects ? "Nota di credito" : "Fattura",
    issuer: {
      name: platform.companyName,
      vatNumber: platform.vatNumber,
      taxCode: platform.taxCode,
      address: `${platform.street}, ${platform.postcode} ${platform.town}${platform.province ? ` (${platform.province})` : ""}`,
    },
    recipient: psychicParty(psychic),
    lines: [{ description: commissionLine(facts.month, facts.consultations, corrects !== undefined), amountCents: netCents }],
    netCents,
    vatCents,
    totalCents: facts.amountCents,
    notes: [
      ...(corrects ? [`Rettifica la fattura n. ${corrects.number} del ${formatNumericDate(corrects.date)}.`] : []),
      `IVA ${COMMISSION_VAT_PERCENT}% (${formatCents(vatCents)}) compresa nella commissione trattenuta sui consulti.`,
      "Copia di cortesia: l'originale è il file XML della fattura elettronica, recapitato tramite il Sistema di Interscambio.",
    ],
    ...(corrects ? { corrects } : {}),
  };
}

/** The document's file name without extension: "ricevuta-R2026-0007". */
export function documentFileName(kind: FiscalDocumentKind, number: string): string {
  const word = { receipt: "ricevuta", receipt_credit_note: "nota-di-credito", commission_invoice: "fattura", commission_credit_note: "nota-di-credito" }[kind];
  return `${word}-${number.replace(/[^A-Za-z0-9]+/g, "-")}`;
}

/**
 * The transmission's own number (ProgressivoInvio) and the file's progressive: 5 letters and digits, unique for
 * sixty years of up to a million invoices a year (base 36 of the year since 2020 and the year's count).
 */
export function sendingNumberOf(year: number, sequence: number): string {
  if (sequence >= 1_000_000 || year < 2020) throw new Error(`no sending number for ${year}/${sequence}`);
  return ((year - 2020) * 1_000_000 + sequence).toString(36).toUpperCase().padStart(5, "0");
}

/** The FatturaPA file's name as SdI wants it: IT, the sender's partita IVA, _, the 5-character progressive. */
export function fatturaPaFileName(vatNumber: string, sendingNumber: string): string {
  return `IT${vatNumber}_${sendingNumber}.xml`;
}
