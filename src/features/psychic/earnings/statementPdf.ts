// The monthly statement ('Estratto conto') as an A4 PDF made in the browser with jsPDF: the month's
// consultations with gross, commission and net, the totals with the IVA the commission includes, what was
// transferred in the month and Stripe's payouts of the month. Loaded only when a psychic downloads one.
// The PDF is left uncompressed: a few pages of text stay small, and its words can be read back (tests).
import { jsPDF } from "jspdf";
import { PAGE, PdfWriter } from "@/lib/browser/pdfWriter";
import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";
import { COMMISSION_PERCENT } from "@convex/model/bookings";
import { COMMISSION_VAT_PERCENT } from "@convex/model/payouts";
import { formatCents, formatNumericDate, formatRomeDate, formatRomeDateTime } from "@/lib/text/format";
import { payoutStatuses, shareReasons } from "@/lib/text/states";
import { formatMonth } from "@/lib/time/romeMonths";
import { shareStateBadge } from "./shareState";

export type Statement = FunctionReturnType<typeof api.earnings.myStatement>;

/** `estratto-conto-2026-11.pdf` */
export function statementFileName(month: string): string {
  return `estratto-conto-${month}.pdf`;
}

/** The PDF's title: "Estratto conto — novembre 2026". */
export function statementTitle(month: string): string {
  return `Estratto conto — ${formatMonth(month)}`;
}

const { left: LEFT, right: RIGHT } = PAGE;
const LINE = 4.2;
const TABLE_FONT = 8.5;
/** The net column's right edge: the totals line up under it. */
const NET_X = 150;

type Column<Row> = { header: string; x: number; align: "left" | "right"; width: number; cell: (row: Row) => string };

const lineColumns: Array<Column<Statement["lines"][number]>> = [
  { header: "Data", x: LEFT, align: "left", width: 19, cell: (line) => formatNumericDate(line.scheduledDate) },
  { header: "Ora", x: 35, align: "left", width: 10, cell: (line) => line.scheduledTime },
  { header: "Minuti", x: 58, align: "right", width: 11, cell: (line) => String(line.durationMinutes) },
  { header: "Tipo", x: 62, align: "left", width: 22, cell: (line) => shareReasons[line.reason] },
  { header: "Lordo", x: 104, align: "right", width: 18, cell: (line) => formatCents(line.grossCents) },
  { header: "Commissione", x: 128, align: "right", width: 20, cell: (line) => formatCents(line.commissionCents) },
  { header: "Netto", x: NET_X, align: "right", width: 18, cell: (line) => formatCents(line.netCents) },
  { header: "Stato", x: 155, align: "left", width: RIGHT - 155, cell: (line) => shareStateBadge(line).label },
];

const payoutColumns: Array<Column<Statement["payouts"][number]>> = [
  { header: "Data di accredito", x: LEFT, align: "left", width: 35, cell: (payout) => formatRomeDate(payout.arrivalDate) },
  { header: "Importo", x: 75, align: "right", width: 22, cell: (payout) => formatCents(payout.amountCents) },
  { header: "Stato", x: 82, align: "left", width: 40, cell: (payout) => payoutStatuses[payout.status].label },
];

/** The page writer with the statement's tables and its totals under the net column. */
class Writer extends PdfWriter {
  constructor(doc: jsPDF) {
    super(doc, LINE);
  }

  /** A table whose header comes back at the top of each new page; long cells wrap in their column. */
  table<Row>(columns: Array<Column<Row>>, rows: Row[]) {
    const header = () => {
      for (const column of columns) this.text(column.header, { size: TABLE_FONT, bold: true, x: column.x, align: column.align });
      this.y += 1.5;
      this.rule();
      this.y += LINE;
    };
    this.room(3 * LINE);
    header();
    for (const row of rows) {
      this.doc.setFont("helvetica", "normal").setFontSize(TABLE_FONT);
      const cells = columns.map((column) => this.doc.splitTextToSize(column.cell(row), column.width) as string[]);
      const height = Math.max(...cells.map((lines) => lines.length)) * LINE;
      if (this.room(height)) header();
      cells.forEach((lines, index) => {
        const column = columns[index]!;
        this.doc.setFont("helvetica", "normal").setFontSize(TABLE_FONT);
        this.doc.text(lines, column.x, this.y, { align: column.align });
      });
      this.y += height;
    }
  }

  /** A label on the left and its amount under the net column. */
  netTotal(label: string, cents: number, bold = false) {
    this.total(label, cents, { bold, amountX: NET_X });
  }
}

/** The statement's PDF; `generatedAt` is printed on it. */
export function buildStatementPdf(statement: Statement, generatedAt: number = Date.now()): jsPDF {
  const doc = new jsPDF({ unit: "mm", format: "a4", compress: false });
  const title = statementTitle(statement.month);
  doc.setProperties({ title, subject: `${title} di ${statement.psychicName}`, author: "Arcano", creator: "Arcano" });
  doc.setLanguage("it");
  const writer = new Writer(doc);

  writer.text(title, { size: 16, bold: true });
  writer.y += 7;
  writer.text(`Cartomante: ${statement.psychicName}`, { size: 11 });
  writer.y += 5;
  writer.text(`Generato il ${formatRomeDateTime(generatedAt)} (ora di Roma)`, { size: 9 });
  writer.y += 10;

  writer.text("Consulti del mese", { size: 12, bold: true });
  writer.y += 6;
  if (statement.lines.length === 0) {
    writer.text("Nessun consulto nel mese.");
    writer.y += 6;
  } else {
    writer.table(lineColumns, statement.lines);
    writer.y += 2;
  }

  writer.room(6 * LINE + 10);
  writer.rule();
  writer.y += LINE + 1;
  const { totals } = statement;
  writer.netTotal("Lordo", totals.grossCents);
  writer.netTotal(
    `Commissione ${COMMISSION_PERCENT} % (di cui IVA ${COMMISSION_VAT_PERCENT} %: ${formatCents(totals.commissionVatCents)})`,
    totals.commissionCents,
  );
  if (totals.reversedCents > 0) writer.netTotal("Stornato dopo il trasferimento per rimborsi o contestazioni (già escluso)", totals.reversedCents);
  writer.netTotal(`Guadagnato a ${formatMonth(statement.month).split(" ")[0]}`, totals.earnedCents, true);
  writer.y += 2;
  writer.netTotal("Trasferito nel mese", statement.transferredCents);
  writer.y += 6;

  writer.room(3 * LINE + 6);
  writer.text("Versamenti sul conto nel mese", { size: 12, bold: true });
  writer.y += 6;
  if (statement.payouts.length === 0) {
    writer.text("Nessun versamento nel mese.");
    writer.y += 6;
  } else {
    writer.table(payoutColumns, statement.payouts);
  }

  writer.y += 6;
  writer.room(4 * LINE);
  doc.setFont("helvetica", "normal").setFontSize(8).setTextColor(90);
  const notes = doc.splitTextToSize(
    `Importi in euro. Il netto è il lordo meno la commissione della piattaforma del ${COMMISSION_PERCENT} %, che include l'IVA al ${COMMISSION_VAT_PERCENT} %. ` +
      "Il guadagnato del mese sono i consulti tenuti e le quote di annullamenti tardivi accreditati nel mese secondo l'ora di Roma, al netto della " +
      "commissione e di quanto è stato stornato: la stessa cifra della dashboard e della pagina Guadagni. " +
      "«Trasferito nel mese» somma i trasferimenti sul tuo account Stripe fatti nel mese, " +
      "anche per consulti dei mesi precedenti. I versamenti sul conto sono fatti da Stripe.",
    RIGHT - LEFT,
  ) as string[];
  doc.text(notes, LEFT, writer.y);

  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page += 1) {
    doc.setPage(page).setFont("helvetica", "normal").setFontSize(8).setTextColor(90);
    doc.text(`Arcano · ${title}`, LEFT, 290);
    doc.text(`Pagina ${page} di ${pages}`, RIGHT, 290, { align: "right" });
  }
  return doc;
}

/** Builds the statement's PDF and hands it to the browser as `estratto-conto-YYYY-MM.pdf`. */
export function downloadStatementPdf(statement: Statement): void {
  buildStatementPdf(statement).save(statementFileName(statement.month));
}
