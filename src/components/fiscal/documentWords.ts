// How a fiscal document is named and its amount written wherever it is listed: 'Ricevuta', 'Fattura',
// 'Nota di credito'; a credit note takes money back, so its amount reads with a minus.
import type { FiscalDocumentKind } from "@convex/model/fiscalDocuments";
import { formatCents } from "@/lib/text/format";

export const documentKindWords: Record<FiscalDocumentKind, string> = {
  receipt: "Ricevuta",
  receipt_credit_note: "Nota di credito",
  commission_invoice: "Fattura",
  commission_credit_note: "Nota di credito",
};

/** "80,00 €", or "−30,00 €" for a credit note. */
export function signedAmount(row: { kind: FiscalDocumentKind; amountCents: number }): string {
  const credit = row.kind === "receipt_credit_note" || row.kind === "commission_credit_note";
  return credit ? `−${formatCents(row.amountCents)}` : formatCents(row.amountCents);
}
