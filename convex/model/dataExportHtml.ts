// 'Scarica i tuoi dati': the readable file (docs/product-rules.md, "Accounts"). Every stored value in
// Italian words: instants in Rome time, cents in euro, a psychic's prices and weekly hours as sentences.
import { weekdays, type WeeklyAvailability } from "../framework/validators";
import type { DataExport } from "./dataExport";
import { WEEKDAY_NAMES, formatCents } from "./format";
import { toRanges } from "./nextAvailability";
import { pricesCentsOf } from "./psychics";

const romeDateTime = new Intl.DateTimeFormat("it-IT", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Rome" });
const euro = new Intl.NumberFormat("it-IT", { style: "currency", currency: "EUR" });

/** Italian names of the fields people will look for; others show as stored. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  _id: "Identificativo",
  _creationTime: "Creato il",
  name: "Nome",
  email: "Email",
  accountType: "Tipo di account",
  consentGivenAt: "Termini e privacy accettati il",
  emailVerificationTime: "Email verificata il",
  psychicName: "Nome del cartomante",
  bio: "Biografia",
  specialties: "Specialità",
  specializations: "Ambiti",
  yearsExperience: "Anni di esperienza",
  availability: "Disponibilità settimanale",
  pricesCents: "Prezzi",
  pricing: "Prezzi",
  consultationTypes: "Tipi di consulto offerti",
  chatPricesCents: "Prezzi in chat",
  party: "Scritto da",
  body: "Testo",
  masked: "Nascosto dal messaggio",
  availableDurations: "Durate (minuti)",
  consultationType: "Tipo di consulto",
  scheduledDate: "Data",
  scheduledTime: "Ora",
  startsAt: "Inizio",
  endsAt: "Fine",
  durationMinutes: "Durata (minuti)",
  priceCents: "Prezzo",
  notes: "Note",
  status: "Stato",
  paidAt: "Pagato il",
  cancelledAt: "Annullato il",
  cancelledBy: "Annullato da",
  cancelReason: "Motivo dell'annullamento",
  refundCents: "Rimborso",
  refundStatus: "Stato del rimborso",
  refundedAt: "Rimborsato il",
  disputeCents: "Importo contestato",
  disputedAt: "Contestato il",
  completedAt: "Concluso il",
  rating: "Voto",
  comment: "Commento",
  clientName: "Firma",
  writtenAt: "Scritta il",
  updatedAt: "Aggiornato il",
  subject: "Oggetto",
  message: "Messaggio",
  category: "Argomento",
  amountCents: "Importo",
  grossCents: "Importo lordo",
  commissionCents: "Commissione",
  transferredAt: "Trasferito il",
  arrivalDate: "Arrivo previsto",
  sentAt: "Inviata il",
  answers: "Risposte",
};

/** Italian words of the stored states people will read in the HTML file (the JSON keeps the stored values). */
const VALUE_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  accountType: { client: "Cliente", psychic: "Cartomante" },
  consultationType: { voice: "Voce", chat: "Chat" },
  party: { client: "Cliente", psychic: "Cartomante" },
  cancelledBy: { client: "Cliente", psychic: "Cartomante", system: "Automatico" },
  refundStatus: { pending: "In corso", succeeded: "Riuscito", failed: "Non riuscito" },
  status: {
    pending_payment: "In attesa di pagamento",
    confirmed: "Confermato",
    completed: "Concluso",
    cancelled: "Annullato",
    expired: "Non pagato",
    no_show: "Cliente assente",
    unread: "Non letto",
    read: "Letto",
    replied: "Risposto",
    queued: "In coda",
    sent: "Inviata",
    kept: "Conservata",
    failed: "Non riuscito",
    waiting: "In attesa",
    active: "In corso",
    ended: "Terminata",
  },
};

/** Italian words of the stored lists' items (a profile's types, what a chat message had hidden). */
const ARRAY_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  consultationTypes: { voice: "Voce", chat: "Chat" },
  masked: { phone: "numero di telefono", email: "email", link: "link", handle: "contatto di un'altra app" },
};

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** "30 minuti: 35,00 €", one length a line, shortest first (a profile's prices are cents by length). */
function pricesInWords(pricesCents: Readonly<Record<string, number>>): string {
  return Object.entries(pricesCents)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([minutes, cents]) => `${minutes} minuti: ${formatCents(cents)}`)
    .join("\n");
}

/** "Lunedì 09:00–12:00, 14:00–18:00", one day a line from Monday; a day switched off or without hours is "chiuso". */
function weekInWords(availability: WeeklyAvailability): string {
  return weekdays
    .map((day) => {
      const { enabled, availableHours } = availability[day] ?? { enabled: false, availableHours: [] };
      const ranges = toRanges([...availableHours].sort());
      if (!enabled || ranges.length === 0) return `${WEEKDAY_NAMES[day]}: chiuso`;
      return `${WEEKDAY_NAMES[day]} ${ranges.map((range) => `${range.from}–${range.to}`).join(", ")}`;
    })
    .join("\n");
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** How one stored value reads: instants in Rome time, cents in euro, yes/no, prices and hours in words, lists and objects as text. */
export function readableValue(field: string, value: unknown): string {
  if (value === null || value === undefined) return "—";
  if ((field === "pricesCents" || field === "chatPricesCents" || field === "pricing") && isObject(value) && Object.values(value).every((price) => typeof price === "number")) {
    // `pricing` is a profile not yet converted to cents (model/psychics.ts pricesCentsOf): whole euros.
    return pricesInWords(field === "pricing" ? pricesCentsOf({ pricing: value as Record<string, number> }) : (value as Record<string, number>));
  }
  if (field === "availability" && isObject(value) && weekdays.every((day) => isObject(value[day]))) {
    return weekInWords(value as WeeklyAvailability);
  }
  // The team's answers to a contact message (convex/contact.ts): who, when, the text.
  if (field === "answers" && Array.isArray(value) && value.every(isObject)) {
    return value
      .map((answer) => `Risposta di ${String(answer.adminName)}, ${romeDateTime.format(Number(answer.answeredAt))}: ${String(answer.text)}`)
      .join("\n");
  }
  if (typeof value === "number") {
    if (field.endsWith("Cents")) return euro.format(value / 100);
    if (field === "_creationTime" || field.endsWith("At") || field.endsWith("Time") || field === "arrivalDate") return romeDateTime.format(value);
    return String(value);
  }
  if (typeof value === "boolean") return value ? "Sì" : "No";
  if (typeof value === "string") return VALUE_LABELS[field]?.[value] ?? value;
  if (Array.isArray(value) && value.every((item) => typeof item !== "object")) {
    const words = ARRAY_LABELS[field];
    return value.map((item) => (words ? (words[String(item)] ?? String(item)) : String(item))).join(", ");
  }
  return JSON.stringify(value);
}

/** The readable file: one heading per section, one table of fields per row. */
export function renderExportHtml(data: DataExport, now: number): string {
  const sections = data.sezioni.map((section) => {
    const rows = section.rows.map((row) => {
      const cells = Object.entries(row)
        .map(
          ([field, value]) =>
            `<tr><th scope="row">${escapeHtml(FIELD_LABELS[field] ?? field)}</th><td>${escapeHtml(readableValue(field, value))}</td></tr>`,
        )
        .join("");
      return `<table>${cells}</table>`;
    });
    return `<section><h2>${escapeHtml(section.title)}</h2>${rows.join("")}</section>`;
  });
  const empty = sections.length === 0 ? "<p>Nessun dato.</p>" : "";
  return [
    '<!doctype html><html lang="it"><head><meta charset="utf-8"><title>I tuoi dati su Arcano</title>',
    "<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#211f26}",
    "table{border-collapse:collapse;width:100%;margin:0 0 1.5rem}th,td{text-align:left;vertical-align:top;padding:.3rem .5rem;border-bottom:1px solid #ddd}td{white-space:pre-line}",
    "th{width:38%;font-weight:600}</style></head><body>",
    "<h1>I tuoi dati su Arcano</h1>",
    `<p>Esportati il ${escapeHtml(romeDateTime.format(now))} (ora di Roma). Gli stessi dati, in forma leggibile da un programma, sono nel file JSON.</p>`,
    empty,
    ...sections,
    "</body></html>",
  ].join("");
}
