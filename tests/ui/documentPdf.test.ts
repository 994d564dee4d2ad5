// A fiscal document's PDF (src/components/fiscal/documentPdf.ts), drawn from the content the server's own
// model writes (convex/model/fiscalDocuments.ts) and read back: jsPDF writes it uncompressed, its text in WinAnsi strings.
import { describe, expect, it } from "vitest";
import { commissionContent, receiptContent, type PsychicFiscalFacts } from "@convex/model/fiscalDocuments";
import { documentPdf, documentPdfBytes, type FiscalDocumentView } from "@/components/fiscal/documentPdf";
import { formatCents } from "@/lib/text/format";

const occasional: PsychicFiscalFacts = {
  legalName: "Selene Moretti",
  codiceFiscale: "MRTSLN85M41H501Z",
  street: "Via dei Tarocchi 7",
  postalCode: "00184",
  city: "Roma",
};
const ordinary: PsychicFiscalFacts = { ...occasional, partitaIva: "12345678901", fiscalRegime: "ordinario" };
const consultation = { clientName: "Giulia Verdi", scheduledDate: "2026-11-23", durationMinutes: 60, consultationType: "voice" as const };

function view(kind: FiscalDocumentView["kind"], number: string, content: FiscalDocumentView["content"]): FiscalDocumentView {
  return {
    _id: "doc1" as FiscalDocumentView["_id"],
    kind,
    number,
    date: "2026-11-23",
    amountCents: content.totalCents,
    content,
    fileName: `documento-${number.replace("/", "-")}`,
    hasXml: false,
  };
}

/** How a line of text reads inside the PDF: WinAnsi bytes for € and —, parentheses escaped. */
const inPdf = (text: string) =>
  text
    .replace(/[()\\]/g, (char) => `\\${char}`)
    .replace(/€/g, "\x80")
    .replace(/—/g, "\x97");
/** The PDF's text; a wrapped paragraph is one string per line, so only words within a line are looked for. */
const pdfOf = (document: FiscalDocumentView) => documentPdf(document).output();

describe("a receipt's PDF", () => {
  const receipt = view("receipt", "R2026/0001", receiptContent({ psychic: occasional, ...consultation }, 8000));

  it("names the document, its number and date, the issuer with their codice fiscale and address, and the client", () => {
    const pdf = pdfOf(receipt);
    expect(pdf.startsWith("%PDF-")).toBe(true);
    expect(pdf).toContain("Ricevuta per prestazione occasionale");
    expect(pdf).toContain("n. R2026/0001 del 23/11/2026");
    expect(pdf).toContain("Emittente");
    expect(pdf).toContain("Selene Moretti");
    expect(pdf).toContain("Codice fiscale MRTSLN85M41H501Z");
    expect(pdf).toContain("Via dei Tarocchi 7, 00184 Roma");
    // Without a partita IVA, none is printed.
    expect(pdf).not.toContain("Partita IVA");
    expect(pdf).toContain("Destinatario");
    expect(pdf).toContain("Giulia Verdi");
  });

  it("lists the service with its amount, the totals without IVA, and the regime's words", () => {
    const pdf = pdfOf(receipt);
    expect(pdf).toContain("Descrizione");
    expect(pdf).toContain("Importo");
    expect(pdf).toContain(inPdf(formatCents(8000)));
    expect(pdf).toContain("Imponibile");
    expect(pdf).toContain("Totale");
    // The IVA line is a string of its own: "(IVA) Tj".
    expect(pdf).not.toContain("(IVA)");
    // The occasional work's note, wrapped over lines: its first words and the article it cites.
    expect(pdf).toContain("Prestazione di lavoro autonomo occasionale");
    expect(pdf).toContain("2222");
    expect(pdf).toContain("Pagina 1 di 1");
  });

  it("is the same PDF as bytes, for the admin's zip", () => {
    const bytes = documentPdfBytes(receipt);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder("latin1").decode(bytes.slice(0, 5))).toBe("%PDF-");
    expect(new TextDecoder("latin1").decode(bytes)).toContain("n. R2026/0001 del 23/11/2026");
  });
});

describe("a credit note's PDF", () => {
  it("says which document it corrects and what was refunded", () => {
    const content = receiptContent({ psychic: occasional, ...consultation }, 3000, { number: "R2026/0001", date: "2026-11-23" });
    const pdf = pdfOf(view("receipt_credit_note", "NC2026/0001", content));
    expect(pdf).toContain("Nota di credito");
    expect(pdf).toContain("n. NC2026/0001 del 23/11/2026");
    expect(pdf).toContain("Rettifica il documento n. R2026/0001");
    expect(pdf).toContain("Rimborso parziale");
    expect(pdf).toContain(inPdf(formatCents(3000)));
  });
});

describe("an ordinary-regime document's PDF", () => {
  it("shows the partita IVA, the taxable amount and the IVA inside the price", () => {
    const content = receiptContent({ psychic: ordinary, ...consultation }, 12200);
    expect(content.vatCents).toBeGreaterThan(0);
    const pdf = pdfOf(view("receipt", "R2026/0002", content));
    expect(pdf).toContain("Fattura");
    expect(pdf).toContain("Partita IVA 12345678901");
    expect(pdf).toContain("(IVA)");
    expect(pdf).toContain(inPdf(formatCents(content.netCents)));
    expect(pdf).toContain(inPdf(formatCents(content.vatCents)));
    expect(pdf).toContain(inPdf(formatCents(12200)));
  });

  it("the platform's commission invoice names Arcano as issuer and the psychic as recipient", () => {
    const platform = { companyName: "Arcano S.r.l.", vatNumber: "09876543210", regime: "RF01", street: "Via Roma 1", postcode: "20121", town: "Milano", province: "MI" };
    const content = commissionContent(platform, ordinary, { month: "2026-11", consultations: 3, amountCents: 3660 });
    const pdf = pdfOf(view("commission_invoice", "FC2026/0005", content));
    expect(pdf).toContain("Arcano S.r.l.");
    expect(pdf).toContain("Partita IVA 09876543210");
    expect(pdf).toContain("Via Roma 1, 20121 Milano");
    expect(pdf).toContain("Selene Moretti");
    expect(pdf).toContain("novembre 2026");
    expect(pdf).toContain("(IVA)");
    expect(pdf).toContain(inPdf(formatCents(3660)));
  });
});
