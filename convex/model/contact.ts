// The contact form's rules and the support team's notification, as plain functions
// (docs/product-rules.md, "Contact and admin").
import type { AccountType, ContactCategory, ContactStatus } from "../lib/validators";
import { escapeHtml, layout, textFooter, type RenderedEmail } from "./emailTemplates";

export const CONTACT_LIMITS = { name: 100, subject: 200, message: 5000 } as const;

/** The one category set, in Italian, as the admin inbox shows it. */
export const CATEGORY_LABELS: Record<ContactCategory, string> = {
  general: "Generale",
  booking: "Prenotazioni",
  payment: "Pagamenti",
  technical: "Supporto Tecnico",
  psychic: "Cartomanti",
  account: "Account",
  feedback: "Feedback",
  other: "Altro",
};

const USER_TYPE_LABELS: Record<AccountType, string> = { client: "Cliente", psychic: "Cartomante" };

/** Text as stored: trimmed, inner runs of spaces kept (a message may be laid out on purpose). */
export function cleanText(value: string, max: number): string | null {
  const trimmed = value.trim();
  return trimmed.length === 0 || trimmed.length > max ? null : trimmed;
}

/** unread → read → replied, never back; staying put is not a move either. */
export function canMoveMessage(from: ContactStatus, to: ContactStatus): boolean {
  const order: Record<ContactStatus, number> = { unread: 0, read: 1, replied: 2 };
  return order[to] > order[from];
}

export type ContactFacts = {
  name: string;
  email: string;
  userType: AccountType;
  category: ContactCategory;
  subject: string;
  message: string;
};

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
