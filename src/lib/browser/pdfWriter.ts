// Writing an A4 PDF top to bottom with jsPDF (the statement and the fiscal documents): margins in millimetres,
// Helvetica, a new page when the next block does not fit, and a label with its amount.
import type { jsPDF } from "jspdf";
import { formatCents } from "@/lib/text/format";

/** A4's printable area in millimetres. */
export const PAGE = { left: 15, right: 195, top: 18, bottom: 280 } as const;

type TextOptions = { size?: number; bold?: boolean; x?: number; y?: number; align?: "left" | "right" };

export class PdfWriter {
  y: number = PAGE.top;
  /** `line`: the height of a line of text, in millimetres. */
  constructor(
    readonly doc: jsPDF,
    readonly line: number,
  ) {}

  /** Room for `height` more millimetres, or a new page; true when a page was started. */
  room(height: number): boolean {
    if (this.y + height <= PAGE.bottom) return false;
    this.doc.addPage();
    this.y = PAGE.top;
    return true;
  }

  text(words: string | string[], { size = 10, bold = false, x = PAGE.left, y = this.y, align = "left" }: TextOptions = {}) {
    this.doc.setFont("helvetica", bold ? "bold" : "normal").setFontSize(size);
    this.doc.text(words, x, y, { align });
  }

  /** Text wrapped to `width`, as lines. */
  wrap(words: string, width: number, size = 10): string[] {
    this.doc.setFont("helvetica", "normal").setFontSize(size);
    return this.doc.splitTextToSize(words, width) as string[];
  }

  rule() {
    this.doc.setDrawColor(180).setLineWidth(0.2).line(PAGE.left, this.y, PAGE.right, this.y);
  }

  /** A label and its amount, right-aligned at `amountX`. */
  total(label: string, cents: number, { bold = false, labelX = PAGE.left, amountX = PAGE.right }: { bold?: boolean; labelX?: number; amountX?: number } = {}) {
    this.room(this.line + 1);
    this.text(label, { bold, x: labelX });
    this.text(formatCents(cents), { bold, x: amountX, align: "right" });
    this.y += this.line + 1;
  }
}
