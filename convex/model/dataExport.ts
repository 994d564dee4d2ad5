// 'Scarica i tuoi dati': what a person's export holds and how it reads. Pure: the sources say where the
// rows are, convex/dataExport.ts reads them for the signed-in caller only, and the builders below turn
// the rows into the JSON file and the readable HTML file (model/dataExportHtml.ts).
//
// Every table of convex/schema.ts is decided here, one by one (tests/convex/model/dataExport.test.ts
// fails for a table that is neither exported nor excluded, so a new table forces the decision):
//
// Exported (EXPORT_SOURCES):
//   users                 the account itself (name, email, account type, when the terms were accepted)
//   psychicProfiles       a psychic's own profile, prices and weekly availability
//   bookings              as client: their bookings, payments, refunds, disputes and notes;
//                         as psychic: the consultations booked with them, without the client's notes and id
//   callSessions          the call times of those bookings (who joined when, how long), no technical ids
//   chatMessages          the conversations of those bookings that are chats, as the person may read them now:
//                         a client's all, a psychic's for 30 days after each consultation (model/chats.ts)
//   reviews               written by the client; for a psychic, the reviews received (signed as shown publicly)
//   psychicMonthFigures     a psychic's monthly figures
//   personFigures         the person's totals (bookings, amount)
//   contactMessages       messages sent to the team, signed in or from the account's address
//   emailOutbox           the emails sent to the account's address, newest first (subject, kind, state; not the bodies)
//   uploads               files the person uploaded (purpose, state)
//   payoutAccounts        a psychic's Stripe connected account and what Stripe still asks for
//   psychicTransfers      a psychic's earnings: their share of each booking
//   transferReversals     money taken back from those shares (refunds, disputes)
//   psychicPayouts        Stripe's payouts to the psychic's bank
//   psychicFiscalData     a psychic's fiscal data for the DAC7 report
//   adminGrants           a staff account's admin grant
//
// Excluded (EXCLUDED_TABLES, with why).
import { transcriptRefusal } from "./chats";

export type ExportOwner =
  /** The caller's user id. */
  | "user"
  /** The ids of the caller's psychic profile rows (section "profilo"). */
  | "profile"
  /** The caller's email address. */
  | "email"
  /** The ids of the bookings already exported (both sides). */
  | "bookings"
  /** The ids of the transfers already exported. */
  | "transfers";

export type ExportSource = {
  /** Key of the section in the JSON file; sources sharing a key merge their rows (by id). */
  section: string;
  /** The section's heading in the HTML file. */
  title: string;
  table: string;
  index: string;
  /** The index's first field, compared with each value of `owner`. */
  field: string;
  owner: ExportOwner;
  /** Fields left out: other people's private data, secrets, internal ids of other people. */
  omit?: readonly string[];
  /** Rows newest first (the index's order reversed), where the newest matter most. */
  newestFirst?: true;
};

/** Where the person's data is, in the order it is read (a source's owner comes from the sections before it). */
export const EXPORT_SOURCES: readonly ExportSource[] = [
  { section: "account", title: "Account", table: "users", index: "by_id", field: "_id", owner: "user" },
  {
    section: "profilo",
    title: "Profilo da cartomante",
    table: "psychicProfiles",
    index: "by_userId",
    field: "userId",
    owner: "user",
    omit: ["approvedBy", "suspendedBy"],
  },
  {
    section: "prenotazioni",
    title: "Prenotazioni e pagamenti",
    table: "bookings",
    index: "by_client_startsAt",
    field: "clientId",
    owner: "user",
    omit: ["checkoutUrl"],
  },
  {
    section: "consultiRicevuti",
    title: "Consulti prenotati con te",
    table: "bookings",
    index: "by_psychicProfile_startsAt",
    field: "psychicProfileId",
    owner: "profile",
    // The client's own notes and payment references are the client's data.
    omit: ["notes", "clientId", "checkoutUrl", "stripeCheckoutSessionId", "stripePaymentIntentId", "stripeRefundId", "stripeDisputeId", "checkoutConsent"],
  },
  {
    section: "chiamate",
    title: "Chiamate",
    table: "callSessions",
    index: "by_bookingId",
    field: "bookingId",
    owner: "bookings",
    omit: ["roomId", "clientCallSid", "psychicCallSid", "twilioEventKeys"],
  },
  {
    section: "chat",
    title: "Conversazioni in chat",
    table: "chatMessages",
    index: "by_bookingId",
    field: "bookingId",
    owner: "bookings",
    // Who sent it is `party`; the sender's account id and the page's message id are internal.
    omit: ["senderId", "clientMessageId"],
  },
  {
    section: "documentiFiscali",
    title: "Ricevute e note di credito ricevute",
    table: "fiscalDocuments",
    index: "by_clientUserId_issuedAt",
    field: "clientUserId",
    owner: "user",
    // The psychic's account id is internal; their name and fiscal data are printed on the document itself.
    omit: ["psychicUserId", "issuerKey", "xml"],
    newestFirst: true,
  },
  {
    section: "documentiFiscaliEmessi",
    title: "Documenti fiscali a tuo nome",
    table: "fiscalDocuments",
    index: "by_psychicUserId_issuedAt",
    field: "psychicUserId",
    owner: "user",
    // The client's account id is internal; their name is on the document.
    omit: ["clientUserId", "issuerKey"],
    newestFirst: true,
  },
  { section: "recensioniScritte", title: "Recensioni scritte", table: "reviews", index: "by_client", field: "clientId", owner: "user" },
  {
    section: "recensioniRicevute",
    title: "Recensioni ricevute",
    table: "reviews",
    index: "by_psychicProfile",
    field: "psychicProfileId",
    owner: "profile",
    omit: ["clientId"],
  },
  {
    section: "statisticheMensili",
    title: "Statistiche mensili",
    table: "psychicMonthFigures",
    index: "by_psychicProfile_month",
    field: "psychicProfileId",
    owner: "profile",
  },
  {
    section: "affidabilita",
    title: "Cifre del profilo (consulti tenuti, puntualità)",
    table: "psychicFigures",
    index: "by_psychicProfile",
    field: "psychicProfileId",
    owner: "profile",
  },
  {
    section: "annullamentiDelCartomante",
    title: "Annullamenti del cartomante, per giorno",
    table: "psychicCancellationDays",
    index: "by_psychicProfile_day",
    field: "psychicProfileId",
    owner: "profile",
  },
  { section: "totali", title: "Totali", table: "personFigures", index: "by_userId", field: "userId", owner: "user" },
  { section: "limiteDiSpesa", title: "Limite di spesa e pause", table: "spendingLimits", index: "by_clientId", field: "clientId", owner: "user" },
  { section: "preferiti", title: "Cartomanti preferiti", table: "favouritePsychics", index: "by_client", field: "clientId", owner: "user" },
  { section: "avvisami", title: "Richieste 'Avvisami'", table: "availabilityAlerts", index: "by_client_psychic_date", field: "clientId", owner: "user" },
  { section: "notifiche", title: "Notifiche", table: "clientNotices", index: "by_client", field: "clientId", owner: "user" },
  { section: "messaggi", title: "Messaggi all'assistenza", table: "contactMessages", index: "by_userId_category", field: "userId", owner: "user" },
  { section: "messaggi", title: "Messaggi all'assistenza", table: "contactMessages", index: "by_email", field: "email", owner: "email" },
  {
    section: "email",
    title: "Email inviate",
    table: "emailOutbox",
    index: "by_to",
    field: "to",
    owner: "email",
    omit: ["html", "text", "attachments", "providerId", "lastError"],
    newestFirst: true,
  },
  { section: "caricamenti", title: "File caricati", table: "uploads", index: "by_owner_status", field: "ownerId", owner: "user" },
  {
    section: "contoPagamenti",
    title: "Conto per i pagamenti",
    table: "payoutAccounts",
    index: "by_psychicUserId",
    field: "psychicUserId",
    owner: "user",
  },
  {
    section: "compensi",
    title: "Compensi",
    table: "psychicTransfers",
    index: "by_psychicUserId_state_transferredAt",
    field: "psychicUserId",
    owner: "user",
    omit: ["lastError"],
  },
  {
    section: "stornoCompensi",
    title: "Compensi stornati",
    table: "transferReversals",
    index: "by_transferId",
    field: "transferId",
    owner: "transfers",
    omit: ["lastError"],
  },
  { section: "bonifici", title: "Bonifici", table: "psychicPayouts", index: "by_psychicUserId_arrivalDate", field: "psychicUserId", owner: "user" },
  { section: "datiFiscali", title: "Dati fiscali", table: "psychicFiscalData", index: "by_psychicUserId", field: "psychicUserId", owner: "user" },
  { section: "permessiAdmin", title: "Permessi di amministrazione", table: "adminGrants", index: "by_userId", field: "userId", owner: "user" },
];

/**
 * Whether the rows of `dependent` that hang on `parent` (a row of the `parentSource` list) go into the export
 * at `now`: everything does, except a chat the psychic may no longer read (model/chats.ts), which the export
 * must not hand back to them either.
 */
export function dependentRowsExported(dependent: ExportSource, parentSource: ExportSource, parent: Record<string, unknown>, now: number): boolean {
  if (dependent.table !== "chatMessages" || parentSource.owner !== "profile") return true;
  return typeof parent.endsAt === "number" && transcriptRefusal("psychic", parent.endsAt, now) === null;
}

/** The tables left out of the export, each with why. */
export const EXCLUDED_TABLES: Readonly<Record<string, string>> = {
  fiscalDocumentCounters: "the last number of each issuer's document series: a count, in every document already exported",
  authAccounts: "the password hash: a secret, never handed out (the address is in the account section)",
  authSessions: "sign-in sessions: security data that only lives until it expires",
  authRefreshTokens: "secrets of the sign-in sessions",
  authVerificationCodes: "hashed reset codes: secrets",
  authVerifiers: "OAuth verifiers of the auth library: secrets, not linked to a person",
  authRateLimits: "the sign-in lock's counters: security data",
  callSignals: "the connection data of a call (SDP, ICE), opaque, carrying the other party's network addresses",
  platformFigures: "the platform's totals: about no one",
  userSearchKeys: "the account's name and email folded for the admin's search: the account section has them as they are",
  catalogueEntries: "the public catalogue's rows, derived from the psychic's profile (exported in the profile section)",
  catalogueFacets: "how many listed psychics each topic, technique and type has: about no one",
  moneyFigures: "the platform's monthly books: sums over every paid booking, about no one",
  dac7Figures: "a psychic's quarterly sums for the DAC7 report, derived from their shares (exported under earnings)",
  payoutDebts: "what a psychic owes back, derived from the reversals of their shares (exported under earnings)",
  retainedFiscalRecords: "a deleted psychic's fiscal data kept for DAC7: it exists only once the account is gone (while it lives, datiFiscali has it)",
  systemSettings: "the admin's switches: settings of the platform, not data about a person",
  processedWebhookEvents: "payment providers' event ids: no link to a person",
  providerJobs: "the attempts of calls to Stripe and Resend: their results are on the bookings, shares and emails exported",
  originPasses: "hashed network origins: no link to an account, gone within 15 minutes",
  pendingSignUps: "a sign-up waiting for its code: it holds a password hash and ends when the account exists",
};

// ─── The files ───

export type ExportRow = Record<string, unknown>;
type ExportSection = { key: string; title: string; table: string; rows: ExportRow[] };
export type DataExport = {
  formato: "arcano-dati-personali";
  versione: 1;
  esportatoIl: string;
  note: string;
  sezioni: ExportSection[];
};

/** A stored row as it goes into the export: the source's omitted fields left out. */
export function exportRow(source: ExportSource, doc: Record<string, unknown>): ExportRow {
  const omitted = new Set(source.omit ?? []);
  return Object.fromEntries(Object.entries(doc).filter(([key]) => !omitted.has(key)));
}

/** Sections in the sources' order; rows of sources sharing a section merged once each. */
export function buildExport(rowsBySource: ReadonlyArray<{ source: ExportSource; rows: ExportRow[] }>, now: number): DataExport {
  const sections = new Map<string, ExportSection>();
  for (const { source, rows } of rowsBySource) {
    const section = sections.get(source.section) ?? { key: source.section, title: source.title, table: source.table, rows: [] };
    const seen = new Set(section.rows.map((row) => row._id));
    section.rows.push(...rows.filter((row) => !seen.has(row._id)));
    sections.set(source.section, section);
  }
  return {
    formato: "arcano-dati-personali",
    versione: 1,
    esportatoIl: new Date(now).toISOString(),
    note: "Istanti in millisecondi UTC (i campi che finiscono con «At» e _creationTime); importi in centesimi di euro (i campi che finiscono con «Cents»). Nel file HTML le date sono nel fuso orario di Roma.",
    sezioni: [...sections.values()].filter((section) => section.rows.length > 0),
  };
}

/** The files' name without extension, with the Rome date: "arcano-dati-2026-11-26". */
export function exportFileBase(now: number): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  return `arcano-dati-${parts}`;
}
