// The contact form's rules as plain functions
// (docs/product-rules.md, "Contact and admin").
import type { AccountType, ContactCategory, ContactStatus } from "../framework/validators";

export const CONTACT_LIMITS = { name: 100, subject: 200, message: 5000, answer: 5000 } as const;

/** Answers one message's thread keeps: a conversation, never an unbounded document. */
export const MAX_ANSWERS_PER_MESSAGE = 20;

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
  report: "Segnalazione",
};

/** The categories a person picks on the contact form: a report is made from the consultation itself. */
export const FORM_CATEGORIES = (Object.keys(CATEGORY_LABELS) as ContactCategory[]).filter((category) => category !== "report");

export const USER_TYPE_LABELS: Record<AccountType, string> = { client: "Cliente", psychic: "Cartomante" };

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
