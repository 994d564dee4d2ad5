// The monthly statement's PDF (src/features/psychic/earnings/statementPdf.ts), built from fixture data
// and read back: jsPDF writes it uncompressed, its text in the PDF's WinAnsi strings.
import { describe, expect, it } from "vitest";
import { buildStatementPdf, statementFileName, type Statement } from "@/features/psychic/earnings/statementPdf";
import { formatCents } from "@/lib/text/format";

const transferredAt = Date.UTC(2026, 10, 24, 9, 0);
const line = (fields: Partial<Statement["lines"][number]>): Statement["lines"][number] => ({
  bookingId: "b1" as Statement["lines"][number]["bookingId"],
  dueAt: transferredAt,
  reversedCents: 0,
  scheduledDate: "2026-11-23",
  scheduledTime: "10:00",
  durationMinutes: 60,
  reason: "consultation",
  grossCents: 8000,
  commissionCents: 1200,
  amountCents: 6800,
  netCents: 6800,
  state: "transferred",
  transferredAt,
  ...fields,
});

const november: Statement = {
  month: "2026-11",
  psychicName: "Selene Moretti",
  lines: [
    line({}),
    line({ scheduledDate: "2026-11-25", scheduledTime: "17:30", durationMinutes: 30, grossCents: 4000, commissionCents: 600, amountCents: 3400, netCents: 3400 }),
    line({
      scheduledDate: "2026-11-28",
      reason: "cancellation",
      grossCents: 2000,
      commissionCents: 300,
      amountCents: 1700,
      netCents: 1700,
      state: "awaiting_onboarding",
      transferredAt: null,
    }),
  ],
  totals: { grossCents: 14000, commissionCents: 2100, commissionVatCents: 379, reversedCents: 0, earnedCents: 11900 },
  transferredCents: 10200,
  payouts: [{ arrivalDate: Date.UTC(2026, 10, 30, 6, 0), amountCents: 6800, status: "paid" }],
};

/** How a line of text reads inside the PDF: WinAnsi bytes for € and —, parentheses escaped. */
const inPdf = (text: string) =>
  text
    .replace(/[()\\]/g, (char) => `\\${char}`)
    .replace(/€/g, "\x80")
    .replace(/—/g, "\x97");
const pdfOf = (statement: Statement) => buildStatementPdf(statement, Date.UTC(2026, 11, 1, 9, 0)).output();

describe("the monthly statement's PDF", () => {
  it("is a PDF with the title, the psychic's name, each consultation and the month's net total", () => {
    const pdf = pdfOf(november);
    expect(pdf.startsWith("%PDF-")).toBe(true);
    expect(pdf).toContain(inPdf("Estratto conto — novembre 2026"));
    expect(pdf).toContain(inPdf("Cartomante: Selene Moretti"));
    for (const cents of [8000, 1200, 6800, 4000, 600, 3400, 2000, 300, 1700]) expect(pdf).toContain(inPdf(formatCents(cents)));
    expect(pdf).toContain("23/11/2026");
    expect(pdf).toContain("17:30");
    expect(pdf).toContain(inPdf("Trasferito il 24/11/2026"));
    expect(pdf).toContain("Annullamento");
    expect(pdf).toContain(inPdf(formatCents(11900)));
  });

  it("states the totals: gross, commission with its IVA, net, transferred in the month, and the payouts", () => {
    const pdf = pdfOf(november);
    expect(pdf).toContain(inPdf(formatCents(14000)));
    expect(pdf).toContain(inPdf(`Commissione 15 % (di cui IVA 22 %: ${formatCents(379)})`));
    expect(pdf).toContain(inPdf(formatCents(2100)));
    expect(pdf).toContain("Netto");
    // The month's figure, named as the dashboard's card and 'Guadagni' name it.
    expect(pdf).toContain("Guadagnato a novembre");
    expect(pdf).not.toContain("Stornato dopo il trasferimento");
    expect(pdf).toContain("Trasferito nel mese");
    expect(pdf).toContain(inPdf(formatCents(10200)));
    expect(pdf).toContain("Versamenti sul conto nel mese");
    expect(pdf).toContain("30/11/2026");
    expect(pdf).toContain("Pagato");
    expect(pdf).toContain("Pagina 1 di 1");
  });

  it("says when the month has no consultation and no payout", () => {
    const pdf = pdfOf({
      ...november,
      lines: [],
      totals: { grossCents: 0, commissionCents: 0, commissionVatCents: 0, reversedCents: 0, earnedCents: 0 },
      transferredCents: 0,
      payouts: [],
    });
    expect(pdf).toContain("Nessun consulto nel mese.");
    expect(pdf).toContain("Nessun versamento nel mese.");
    expect(pdf).toContain(inPdf(formatCents(0)));
  });

  it("shows what was taken back after a transfer, already out of the net", () => {
    const pdf = pdfOf({
      ...november,
      lines: [line({ grossCents: 4000, commissionCents: 600, amountCents: 6800, reversedCents: 3400, netCents: 3400 })],
      totals: { grossCents: 4000, commissionCents: 600, commissionVatCents: 108, reversedCents: 3400, earnedCents: 3400 },
    });
    expect(pdf).toContain(inPdf("Stornato dopo il trasferimento per rimborsi o contestazioni (già escluso)"));
    expect(pdf).toContain(inPdf(formatCents(3400)));
  });

  it("runs over pages when the month is long, each numbered", () => {
    const lines = Array.from({ length: 90 }, (_, index) => line({ scheduledTime: `${String(8 + (index % 12)).padStart(2, "0")}:00` }));
    const doc = buildStatementPdf({ ...november, lines });
    expect(doc.getNumberOfPages()).toBeGreaterThan(1);
    expect(doc.output()).toContain(`Pagina 2 di ${doc.getNumberOfPages()}`);
  });

  it("is named after its month", () => {
    expect(statementFileName("2026-11")).toBe("estratto-conto-2026-11.pdf");
  });
});
