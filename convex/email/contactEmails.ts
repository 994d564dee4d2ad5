// The contact form's emails (docs/product-rules.md, "Contact and admin"): the support address's notice, the
// sender's acknowledgement and the admin's answer.
import type { ContactCategory } from "../framework/validators";
import { CATEGORY_LABELS, USER_TYPE_LABELS, type ContactFacts } from "../model/contact";
import { escapeHtml, layout, paragraph, textFooter, type RenderedEmail } from "./templates";

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

/**
 * The acknowledgement to the sender. Anyone may type any address on the form, so it repeats nothing they
 * wrote (no name, subject or message): only the category chosen and what happens next.
 */
export function contactReceivedEmail(args: { category: ContactCategory; siteUrl: string }): RenderedEmail {
  const lines = [
    "Ciao,",
    `abbiamo ricevuto il tuo messaggio (categoria: ${CATEGORY_LABELS[args.category]}). Ti risponderemo a questo indirizzo il prima possibile.`,
    "Se non hai scritto tu al supporto di Arcano, ignora questa email.",
  ];
  return {
    subject: "Abbiamo ricevuto il tuo messaggio",
    html: layout("Abbiamo ricevuto il tuo messaggio", lines.map(paragraph).join("") + `<p style="margin:0 0 12px"><a href="${escapeHtml(args.siteUrl)}">Arcano</a></p>`),
    text: `Abbiamo ricevuto il tuo messaggio\n\n${lines.join("\n")}\n\n${args.siteUrl}${textFooter}`,
  };
}

/** The admin's answer, to the sender, under the subject they wrote. */
export function contactAnswerEmail(args: { subject: string; answer: string }): RenderedEmail {
  const intro = "Il supporto di Arcano ha risposto al tuo messaggio:";
  return {
    subject: `Re: ${args.subject}`,
    html: layout(
      "Risposta al tuo messaggio",
      paragraph(intro) + `<p style="margin:16px 0 0;white-space:pre-wrap">${escapeHtml(args.answer)}</p>`,
    ),
    text: `Risposta al tuo messaggio\n\n${intro}\n\n${args.answer}${textFooter}`,
  };
}
