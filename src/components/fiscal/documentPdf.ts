// A fiscal document (a client's receipt, the platform's commission invoice, or a credit note of either) as an A4
// PDF made in the browser with jsPDF, drawn from the content the server stored when it issued the document.
// Loaded only when someone downloads one, or the admin zips a month's invoices. Left uncompressed like the
// statement's PDF (psychic/earnings/statementPdf.ts): one page of text stays small, its words read back (tests).
import { jsPDF } from "jspdf";
import { PAGE, PdfWriter } from "@/lib/browser/pdfWriter";
import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";
import { formatCents, formatNumericDate } from "@/lib/text/format";
import { saveFile } from "@/lib/browser/saveFile";

export type FiscalDocumentView = FunctionReturnType<typeof api.fiscalDocuments.get>;

/** What the PDF is drawn from: the admin's zip has these without the rest of the view. */
type PrintedDocument = Pick<FiscalDocumentView, "number" | "date" | "content">;
type Party = FiscalDocumentView["content"]["issuer"];

const { left: LEFT, right: RIGHT } = PAGE;
const MIDDLE = 108;
const LINE = 4.6;
const AMOUNT_X = RIGHT;
const TOTALS_X = 120;
const DESCRIPTION_WIDTH = 135;

/** A party's lines as printed: name, partita IVA, codice fiscale, address (the ones it has). */
function partyLines(party: Party): string[] {
  return [
    party.name,
    ...(party.vatNumber ? [`Partita IVA ${party.vatNumber}`] : []),
    ...(party.taxCode ? [`Codice fiscale ${party.taxCode}`] : []),
    ...(party.address ? [party.address] : []),
  ];
}

/** The document's PDF: heading, issuer and recipient side by side, the lines, the totals and the notes. */
export function documentPdf(document: PrintedDocument): jsPDF {
  const { content } = document;
  const doc = new jsPDF({ unit: "mm", format: "a4", compress: false });
  const heading = `${content.title} n. ${document.number} del ${formatNumericDate(document.date)}`;
  doc.setProperties({ title: heading, subject: `${heading} di ${content.issuer.name}`, author: content.issuer.name, creator: "Arcano" });
  doc.setLanguage("it");
  const writer = new PdfWriter(doc, LINE);

  writer.text(content.title, { size: 16, bold: true });
  writer.y += 7;
  writer.text(`n. ${document.number} del ${formatNumericDate(document.date)}`, { size: 11 });
  writer.y += 11;

  // The two parties in columns; each wraps within its half.
  const columnWidth = MIDDLE - LEFT - 8;
  const issuer = partyLines(content.issuer).flatMap((line) => writer.wrap(line, columnWidth));
  const recipient = partyLines(content.recipient).flatMap((line) => writer.wrap(line, RIGHT - MIDDLE));
  writer.text("Emittente", { size: 9, bold: true });
  writer.text("Destinatario", { size: 9, bold: true, x: MIDDLE });
  writer.y += LINE + 0.5;
  writer.text(issuer, { x: LEFT });
  writer.text(recipient, { x: MIDDLE });
  writer.y += Math.max(issuer.length, recipient.length) * LINE + 8;

  writer.room(3 * LINE);
  writer.text("Descrizione", { size: 9, bold: true });
  writer.text("Importo", { size: 9, bold: true, x: AMOUNT_X, align: "right" });
  writer.y += 1.5;
  writer.rule();
  writer.y += LINE + 0.5;
  for (const line of content.lines) {
    const description = writer.wrap(line.description, DESCRIPTION_WIDTH);
    writer.room(description.length * LINE);
    writer.text(description);
    writer.text(formatCents(line.amountCents), { x: AMOUNT_X, align: "right" });
    writer.y += description.length * LINE + 1.5;
  }

  writer.room(4 * LINE + 4);
  writer.rule();
  writer.y += LINE + 1;
  // The totals sit in the right part of the page, under the amounts.
  writer.total("Imponibile", content.netCents, { labelX: TOTALS_X });
  if (content.vatCents > 0) writer.total("IVA", content.vatCents, { labelX: TOTALS_X });
  writer.total("Totale", content.totalCents, { bold: true, labelX: TOTALS_X });
  writer.y += 6;

  for (const note of content.notes) {
    const lines = writer.wrap(note, RIGHT - LEFT, 9);
    writer.room(lines.length * LINE);
    writer.text(lines, { size: 9 });
    writer.y += lines.length * LINE + 1.5;
  }

  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page += 1) {
    doc.setPage(page).setFont("helvetica", "normal").setFontSize(8).setTextColor(90);
    doc.text(heading, LEFT, 290);
    doc.text(`Pagina ${page} di ${pages}`, RIGHT, 290, { align: "right" });
  }
  return doc;
}

/** The PDF's bytes, for a zip of several documents. */
export function documentPdfBytes(document: PrintedDocument): Uint8Array {
  return new Uint8Array(documentPdf(document).output("arraybuffer"));
}

/** Builds the document's PDF and hands it to the browser as `<fileName>.pdf`. */
export function downloadDocumentPdf(document: FiscalDocumentView): void {
  saveFile(`${document.fileName}.pdf`, documentPdf(document).output("blob"));
}
