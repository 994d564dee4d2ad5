// The client's fiscal document by email (docs/product-rules.md, "Fiscal documents"): the receipt after the
// consultation, or the credit note after a refund, written out in full, with the way to its PDF on the dashboard.
import { formatCents, formatNumericDate } from "../model/format";
import { escapeHtml, layout, paragraph, textFooter, type RenderedEmail } from "./templates";

type IssuedDocument = {
  number: string;
  date: string;
  amountCents: number;
  content: { title: string; issuer: { name: string; taxCode?: string; vatNumber?: string; address?: string }; lines: Array<{ description: string }>; notes: string[] };
};

/** 'Ricevuta n. R2026/0007 di Selene Moretti': what it is, for what, the amount, the issuer's data and the law's words. */
export function fiscalDocumentEmail(args: { name: string; document: IssuedDocument; psychicName: string; dashboardUrl: string }): RenderedEmail {
  const { document } = args;
  const { content } = document;
  const issuer = [
    content.issuer.name,
    content.issuer.vatNumber ? `Partita IVA ${content.issuer.vatNumber}` : null,
    content.issuer.taxCode ? `Codice fiscale ${content.issuer.taxCode}` : null,
    content.issuer.address ?? null,
  ].filter((part): part is string => part !== null);
  const title = `${content.title} n. ${document.number}`;
  const lines = [
    `Ciao ${args.name},`,
    `ecco ${content.title === "Nota di credito" ? "la nota di credito" : "il documento fiscale"} del tuo consulto con ${args.psychicName}, emesso a suo nome tramite Arcano.`,
    `${content.title} n. ${document.number} del ${formatNumericDate(document.date)}`,
    ...content.lines.map((line) => line.description),
    `Importo: ${formatCents(document.amountCents)}`,
    `Emesso da: ${issuer.join(" · ")}`,
    ...content.notes,
    "Puoi scaricarne il PDF dalla tua area personale, tra i consulti passati.",
  ];
  return {
    subject: `${title} — il tuo consulto con ${args.psychicName}`,
    html: layout(
      title,
      lines.map(paragraph).join("") +
        `<p style="margin:20px 0"><a href="${escapeHtml(args.dashboardUrl)}" style="background:#6e56cf;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">Apri la tua area personale</a></p>`,
    ),
    text: `${title}\n\n${lines.join("\n")}\n\n${args.dashboardUrl}${textFooter}`,
  };
}
