// The email the support address receives for each contact message (docs/product-rules.md, "Contact and admin").
import { CATEGORY_LABELS, USER_TYPE_LABELS, type ContactFacts } from "../model/contact";
import { escapeHtml, layout, textFooter, type RenderedEmail } from "./templates";

/** The email the support address receives for each message. */
export function contactNotificationEmail(facts: ContactFacts): RenderedEmail {
  const rows: Array<[string, string]> = [
    ["Nome", facts.name],
    ["Email", facts.email],
    ["Tipo di utente", USER_TYPE_LABELS[facts.userType]],
    ["Categoria", CATEGORY_LABELS[facts.category]],
    ["Oggetto", facts.subject],
  ];
  const table = `<table role="presentation" cellpadding="4">${rows
    .map(([label, value]) => `<tr><td style="color:#6b6478">${label}</td><td><strong>${escapeHtml(value)}</strong></td></tr>`)
    .join("")}</table>`;
  const body = `<p style="margin:16px 0 0;white-space:pre-wrap">${escapeHtml(facts.message)}</p>`;
  return {
    subject: `Nuovo messaggio dal modulo di contatto: ${facts.subject}`,
    html: layout("Nuovo messaggio di contatto", table + body),
    text: `Nuovo messaggio di contatto\n\n${rows.map(([label, value]) => `${label}: ${value}`).join("\n")}\n\n${facts.message}${textFooter}`,
  };
}
