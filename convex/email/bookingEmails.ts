// The emails about a booking, in Italian, as HTML and text, with a calendar invitation (.ics) for
// the confirmed time. Pure functions over plain values.
import { TZDate } from "@date-fns/tz";
import ical, { ICalCalendarMethod } from "ical-generator";
import { ROME_TIME_ZONE, utcMsToRome } from "../framework/time";
import type { CancellationReason, ConsultationType } from "../framework/validators";
import { consultationTypeWords } from "../model/bookings";
import { formatCents, formatItalianDate } from "../model/format";
import { ruleWords } from "../model/ruleWords";
import { refundTermsText } from "../model/refundTerms";
import { escapeHtml, layout, paragraph, textFooter, type RenderedEmail } from "./templates";

export type EmailAttachment = { filename: string; contentType: string; content: string };

export type BookingFacts = {
  bookingId: string;
  psychicName: string;
  clientName: string;
  /** Rome wall clock, as people read it. */
  scheduledDate: string;
  scheduledTime: string;
  startsAt: number;
  endsAt: number;
  durationMinutes: number;
  /** A call or a chat; absent, a call. */
  consultationType?: ConsultationType;
  priceCents: number;
  siteUrl: string;
  /** Raised each time the booking's time changes, so calendars replace the old event. */
  sequence: number;
  /** When the client ticked the consent at checkout, and the terms' version (model/checkoutConsent.ts). */
  checkoutConsent?: { acceptedAt: number; termsVersion: string };
};

/** The confirmation repeats the consent given at checkout, with its Rome date and time. */
export function consentSentence(consent: { acceptedAt: number; termsVersion: string }): string {
  const { date, time } = utcMsToRome(consent.acceptedAt);
  return `Il ${formatItalianDate(date)} alle ${time} (ora italiana) hai chiesto che il consulto si svolga nella data e all'ora scelte e hai dichiarato di aver letto le condizioni di cancellazione e rimborso (versione ${consent.termsVersion}): trattandosi di un servizio prenotato per una data precisa, non si applica il diritto di recesso (art. 59 del Codice del Consumo).`;
}

// Europe/Rome since 1996: summer time from the last Sunday of March to the last Sunday of October.
const ROME_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:Europe/Rome",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
].join("\r\n");

/** How an email sends each type to its room: a call's page with the microphone, a chat's with the keyboard. */
const roomWords = {
  voice: { page: "La pagina della chiamata", go: "Vai alla chiamata", how: "entra dal browser, con il microfono" },
  chat: { page: "La pagina della chat", go: "Vai alla chat", how: "entra dal browser e scrivi" },
} as const;
const roomOf = (facts: Pick<BookingFacts, "consultationType">) => roomWords[facts.consultationType ?? "voice"];
const typeOf = (facts: Pick<BookingFacts, "consultationType">) => consultationTypeWords[facts.consultationType ?? "voice"];

/** A stable UID per booking: calendars update the same event when it moves or is cancelled. */
export function calendarUid(bookingId: string): string {
  return `booking-${bookingId}@arcano.it`;
}

/** The calendar invitation for a booking, in Rome time with its time-zone rules. */
export function bookingInvitation(facts: BookingFacts, cancelled = false): EmailAttachment {
  const calendar = ical({ prodId: { company: "Arcano", product: "Consulti" } });
  calendar.method(cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST);
  calendar.timezone({ name: null, generator: (zone) => (zone === ROME_TIME_ZONE ? ROME_VTIMEZONE : null) });
  calendar.createEvent({
    id: calendarUid(facts.bookingId),
    sequence: facts.sequence,
    start: new TZDate(facts.startsAt, ROME_TIME_ZONE),
    end: new TZDate(facts.endsAt, ROME_TIME_ZONE),
    timezone: ROME_TIME_ZONE,
    stamp: new Date(facts.startsAt - 24 * 60 * 60 * 1000 + facts.sequence),
    summary: `${typeOf(facts).consultation} con ${facts.psychicName} — Arcano`,
    description: `${typeOf(facts).consultation} di ${facts.durationMinutes} minuti. ${roomOf(facts).page}: ${facts.siteUrl}/call/${facts.bookingId}`,
    url: `${facts.siteUrl}/call/${facts.bookingId}`,
  });
  const method = cancelled ? "CANCEL" : "REQUEST";
  return { filename: "consulto.ics", contentType: `text/calendar; charset=utf-8; method=${method}`, content: calendar.toString() };
}

function detailRows(facts: BookingFacts): Array<[string, string]> {
  return [
    ["Cartomante", facts.psychicName],
    ["Tipo", typeOf(facts).label],
    ["Data", formatItalianDate(facts.scheduledDate)],
    ["Ora", `${facts.scheduledTime} (ora italiana)`],
    ["Durata", `${facts.durationMinutes} minuti`],
    ["Totale", `${formatCents(facts.priceCents)} IVA inclusa`],
  ];
}

function detailsHtml(rows: Array<[string, string]>): string {
  return `<table role="presentation" cellpadding="4" style="margin:0 0 16px">${rows
    .map(([label, value]) => `<tr><td style="color:#6b6478">${label}</td><td><strong>${escapeHtml(value)}</strong></td></tr>`)
    .join("")}</table>`;
}

const button = (href: string, label: string) =>
  `<p style="margin:20px 0"><a href="${escapeHtml(href)}" style="background:#6e56cf;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(label)}</a></p>`;

/**
 * This booking's own cancellation terms as they stand when the email is written (`writtenAt`): its
 * deadlines in Rome time and the amounts, never the general rule, which would promise a full refund to a
 * booking that starts in less than 24 hours.
 */
export function bookingTermsSentence(facts: Pick<BookingFacts, "startsAt" | "priceCents">, writtenAt: number): string {
  return `Annullamento: ${refundTermsText(facts, writtenAt)}`;
}

/** To the client: the consultation is paid and confirmed; the terms as they stand at `writtenAt`. */
export function bookingConfirmedClientEmail(facts: BookingFacts, writtenAt: number): RenderedEmail {
  const rows = detailRows(facts);
  const callUrl = `${facts.siteUrl}/call/${facts.bookingId}`;
  const room = roomOf(facts);
  const next =
    `${room.page} si apre ${ruleWords.earlyAccess} prima dell'inizio: ${room.how}, dalla tua dashboard o da questo link. In allegato trovi l'invito per il calendario.`;
  const rules =
    bookingTermsSentence(facts, writtenAt) + (facts.checkoutConsent ? ` ${consentSentence(facts.checkoutConsent)}` : "");
  return {
    subject: `Consulto confermato con ${facts.psychicName} — ${facts.scheduledTime}, ${formatItalianDate(facts.scheduledDate)}`,
    html: layout("Il tuo consulto è confermato", detailsHtml(rows) + paragraph(next) + button(callUrl, room.go) + paragraph(rules)),
    text: `Il tuo consulto è confermato\n\n${rows.map(([label, value]) => `${label}: ${value}`).join("\n")}\n\n${next}\n${callUrl}\n\n${rules}${textFooter}`,
  };
}

/** To the psychic: a new paid consultation. */
export function bookingConfirmedPsychicEmail(facts: BookingFacts): RenderedEmail {
  const rows: Array<[string, string]> = [["Cliente", facts.clientName], ...detailRows(facts).slice(1)];
  const dashboard = `${facts.siteUrl}/psychic-dashboard`;
  return {
    subject: `Nuova prenotazione: ${facts.clientName}, ${formatItalianDate(facts.scheduledDate)} alle ${facts.scheduledTime}`,
    html: layout(
      "Hai una nuova prenotazione",
      detailsHtml(rows) +
        paragraph("Il consulto è già pagato. In allegato trovi l'invito per il calendario.") +
        button(dashboard, "Apri la dashboard"),
    ),
    text: `Hai una nuova prenotazione\n\n${rows.map(([label, value]) => `${label}: ${value}`).join("\n")}\n\nIl consulto è già pagato.\n${dashboard}${textFooter}`,
  };
}

/** To the client: paid after the hold had lapsed and the time was taken, so it is refunded in full. */
export function latePaymentRefundedClientEmail(facts: BookingFacts): RenderedEmail {
  const rows = detailRows(facts);
  const text =
    `Il pagamento è arrivato dopo la scadenza della prenotazione temporanea e nel frattempo l'orario è stato prenotato da un'altra persona. Ti rimborsiamo l'intero importo: l'accredito sulla carta richiede ${ruleWords.refundArrival}.`;
  const again = `${facts.siteUrl}/psychics`;
  return {
    subject: `Rimborso completo: l'orario delle ${facts.scheduledTime} non è più disponibile`,
    html: layout("Orario non più disponibile, rimborso completo", detailsHtml(rows) + paragraph(text) + button(again, "Scegli un altro orario")),
    text: `Orario non più disponibile, rimborso completo\n\n${rows.map(([label, value]) => `${label}: ${value}`).join("\n")}\n\n${text}\n${again}${textFooter}`,
  };
}

/** To the psychic: a late payment for a time they no longer had free was refunded; nothing to do. */
export function latePaymentRefundedPsychicEmail(facts: BookingFacts): RenderedEmail {
  const text = `Un pagamento di ${facts.clientName} per ${formatItalianDate(facts.scheduledDate)} alle ${facts.scheduledTime} è arrivato dopo la scadenza della prenotazione temporanea, quando l'orario era già occupato. È stato rimborsato per intero: la tua agenda non cambia.`;
  return {
    subject: "Pagamento tardivo rimborsato, la tua agenda non cambia",
    html: layout("Pagamento tardivo rimborsato", paragraph(text)),
    text: `Pagamento tardivo rimborsato\n\n${text}${textFooter}`,
  };
}

const lines = (rows: Array<[string, string]>) => rows.map(([label, value]) => `${label}: ${value}`).join("\n");

/** The cancellations this email explains (a late payment and the psychic's absence have their own). */
export type ExplainedCancellation = Exclude<CancellationReason, "late_payment" | "psychic_no_show">;

/**
 * A cancelled consultation, to `audience`: what was cancelled, why, the refund (amount and the 5–10
 * working days it takes, or none), and for the client a cancellation by the psychic comes with a link
 * to book the same psychic again.
 */
export function bookingCancelledEmail(
  facts: BookingFacts,
  {
    audience,
    reason,
    refundCents,
    rebookUrl,
  }: { audience: "client" | "psychic"; reason: ExplainedCancellation; refundCents: number; rebookUrl?: string },
): RenderedEmail {
  const when = `${formatItalianDate(facts.scheduledDate)} alle ${facts.scheduledTime}`;
  const rows: Array<[string, string]> = audience === "client" ? detailRows(facts) : [["Cliente", facts.clientName], ...detailRows(facts).slice(1)];
  const why: Record<ExplainedCancellation, string> =
    audience === "client"
      ? {
          client_cancelled: `Hai annullato il consulto con ${facts.psychicName} del ${when}.`,
          psychic_cancelled: `${facts.psychicName} ha dovuto annullare il consulto del ${when}. Ci scusiamo per il disagio.`,
          client_account_deleted: `Il consulto con ${facts.psychicName} del ${when} è stato annullato perché il tuo account è stato eliminato.`,
          psychic_account_deleted: `Il consulto con ${facts.psychicName} del ${when} è stato annullato perché il cartomante ha chiuso il suo account.`,
        }
      : {
          client_cancelled: `${facts.clientName} ha annullato il consulto del ${when}. L'orario è di nuovo libero nella tua agenda.`,
          psychic_cancelled: `Hai annullato il consulto con ${facts.clientName} del ${when}. Il cliente riceve il rimborso completo.`,
          client_account_deleted: `Il consulto del ${when} è stato annullato perché il cliente ha eliminato il suo account. L'orario è di nuovo libero.`,
          psychic_account_deleted: `Il consulto con ${facts.clientName} del ${when} è stato annullato perché il tuo account è stato eliminato.`,
        };
  const money =
    audience === "client"
      ? refundCents > 0
        ? `Ti rimborsiamo ${formatCents(refundCents)}${refundCents < facts.priceCents ? ` su ${formatCents(facts.priceCents)}` : ""}: l'accredito sulla carta richiede ${ruleWords.refundArrival}.`
        : `Secondo le condizioni di annullamento (meno di ${ruleWords.halfRefundNotice} prima dell'inizio) non è previsto alcun rimborso.`
      : refundCents >= facts.priceCents
        ? "Il consulto è rimborsato per intero al cliente."
        : refundCents > 0
          ? `Al cliente sono rimborsati ${formatCents(refundCents)}; il resto ti resta riconosciuto secondo le condizioni di annullamento.`
          : `Annullato a meno di ${ruleWords.halfRefundNotice} dall'inizio: nessun rimborso al cliente, il consulto ti resta riconosciuto.`;
  const again = audience === "client" && rebookUrl ? rebookUrl : null;
  const title = "Consulto annullato";
  return {
    subject: `Consulto annullato: ${when}`,
    html: layout(title, paragraph(why[reason]) + detailsHtml(rows) + paragraph(money) + (again ? button(again, "Prenota un nuovo orario") : "")),
    text: `${title}\n\n${why[reason]}\n\n${lines(rows)}\n\n${money}${again ? `\n\nPrenota un nuovo orario: ${again}` : ""}${textFooter}`,
  };
}

/** The consultation moved: the new time (with the updated invitation attached) and the old one. */
export function bookingRescheduledEmail(
  facts: BookingFacts,
  {
    audience,
    previousDate,
    previousTime,
    writtenAt,
  }: { audience: "client" | "psychic"; previousDate: string; previousTime: string; writtenAt: number },
): RenderedEmail {
  const rows: Array<[string, string]> =
    audience === "client" ? detailRows(facts).slice(0, 5) : [["Cliente", facts.clientName], ...detailRows(facts).slice(1, 5)];
  const before = `${formatItalianDate(previousDate)} alle ${previousTime}`;
  const text =
    audience === "client"
      ? `Hai spostato il consulto con ${facts.psychicName}, prima previsto per ${before}. Nessun nuovo pagamento: vale quello già fatto. In allegato trovi l'invito aggiornato per il calendario.`
      : `${facts.clientName} ha spostato il consulto previsto per ${before}. L'orario precedente è di nuovo libero. In allegato trovi l'invito aggiornato per il calendario.`;
  // The client's terms follow the new start.
  const terms = audience === "client" ? bookingTermsSentence(facts, writtenAt) : null;
  const title = "Consulto spostato";
  return {
    subject: `Consulto spostato: ${formatItalianDate(facts.scheduledDate)} alle ${facts.scheduledTime}`,
    html: layout(title, paragraph(text) + detailsHtml(rows) + (terms ? paragraph(terms) : "")),
    text: `${title}\n\n${text}\n\n${lines(rows)}${terms ? `\n\n${terms}` : ""}${textFooter}`,
  };
}

/** A reminder 24 hours or 15 minutes before the start, to either party. */
export function bookingReminderEmail(
  facts: BookingFacts,
  { audience, kind }: { audience: "client" | "psychic"; kind: "24h" | "15m" },
): RenderedEmail {
  const withWhom = audience === "client" ? `con ${facts.psychicName}` : `con ${facts.clientName}`;
  const callUrl = `${facts.siteUrl}/call/${facts.bookingId}`;
  const lead =
    kind === "24h"
      ? `Ti ricordiamo il consulto ${withWhom} di domani, ${formatItalianDate(facts.scheduledDate)} alle ${facts.scheduledTime}.`
      : `Il consulto ${withWhom} inizia tra ${ruleWords.lastReminder}, alle ${facts.scheduledTime}. ${roomOf(facts).page} si apre ${ruleWords.earlyAccess} prima.`;
  const title = kind === "24h" ? "Il tuo consulto è domani" : "Il tuo consulto inizia tra poco";
  return {
    subject: kind === "24h" ? `Promemoria: consulto domani alle ${facts.scheduledTime}` : `Tra ${ruleWords.lastReminder}: consulto alle ${facts.scheduledTime}`,
    html: layout(title, paragraph(lead) + button(callUrl, roomOf(facts).go)),
    text: `${title}\n\n${lead}\n${callUrl}${textFooter}`,
  };
}

/** To the client when the psychic did not come: cancelled, refunded in full. */
export function psychicAbsentClientEmail(facts: BookingFacts, refundCents: number): RenderedEmail {
  // Also the psychic who came but stayed too little while the client waited (model/attendance.ts).
  const text = `${facts.psychicName} non si è presentato al consulto del ${formatItalianDate(facts.scheduledDate)} alle ${facts.scheduledTime}, o vi è rimasto troppo poco mentre eri collegato. Ci scusiamo: il consulto è annullato e ti rimborsiamo l'intero importo (${formatCents(refundCents)}). L'accredito sulla carta richiede ${ruleWords.refundArrival}.`;
  return {
    subject: "Consulto annullato: rimborso completo",
    html: layout("Il cartomante non si è presentato", paragraph(text)),
    text: `Il cartomante non si è presentato\n\n${text}${textFooter}`,
  };
}
