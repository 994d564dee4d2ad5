// The fiscal documents' one writer (docs/product-rules.md, "Fiscal documents"): the only code that writes
// `fiscalDocuments` and `fiscalDocumentCounters`. A document is asked for as a provider job (kind
// "fiscal_document", lib/money/providerJobs.ts) inside the transaction that changed the money — a share owed,
// a share taken back, a month closed, fiscal data completed — and the job's attempt issues, in one transaction,
// what model/fiscalDocuments.ts says is due: so a document is issued once however often it is asked for.
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { romeDateOf, romeMonthBounds, romeMonthOf } from "../../framework/time";
import type { Infer } from "convex/values";
import type { documentContent } from "../../framework/validators";
import { commissionInvoiceXml } from "../../model/fatturaPa";
import {
  commissionContent,
  commissionLine,
  commissionSplit,
  DOCUMENT_SERIES,
  dueDocument,
  fatturaPaFileName,
  fiscalDataGaps,
  PLATFORM_ISSUER,
  receiptContent,
  sendingNumberOf,
  type FiscalDocumentKind,
  type PsychicFiscalFacts,
} from "../../model/fiscalDocuments";
import { COMMISSION_VAT_PERCENT } from "../../model/payouts";
import { documentNumber } from "../../model/receipts";
import { fiscalDocumentEmail } from "../../email/fiscalDocumentEmails";
import { appUrl } from "../platform/addresses";
import { platformFiscalFacts } from "../platform/platformFiscal";
import { queueEmail } from "../email/outbox";
import { sharesOfMonths } from "./ledger";
import { requestProviderCall } from "./providerJobs";

type FiscalDocument = Doc<"fiscalDocuments">;

/** A job's subject: a booking's receipt, or a psychic's commission invoice for a month. */
type FiscalSubject = { kind: "receipt"; bookingId: Id<"bookings"> } | { kind: "commission"; psychicUserId: Id<"users">; month: string };

function subjectIdOf(subject: FiscalSubject): string {
  return subject.kind === "receipt" ? `receipt:${subject.bookingId}` : `commission:${subject.psychicUserId}:${subject.month}`;
}

export function subjectOf(ctx: QueryCtx, subjectId: string): FiscalSubject | null {
  const [kind, first, month] = subjectId.split(":");
  if (kind === "receipt") {
    const bookingId = ctx.db.normalizeId("bookings", first ?? "");
    return bookingId === null ? null : { kind, bookingId };
  }
  const psychicUserId = ctx.db.normalizeId("users", first ?? "");
  return kind === "commission" && psychicUserId !== null && /^\d{4}-\d{2}$/.test(month ?? "") ? { kind, psychicUserId, month } : null;
}

/** Asks for what is due for `subject` (a job: the first, or a new series after the last ended). */
export async function requestFiscalDocuments(ctx: MutationCtx, subject: FiscalSubject, now: number): Promise<void> {
  await requestProviderCall(ctx, "fiscal_document", subjectIdOf(subject), now);
}

/** A month already invoiced to the psychic is looked at again (a credit note when its commission fell). */
export async function requestCommissionCorrection(ctx: MutationCtx, psychicUserId: Id<"users">, month: string, now: number): Promise<void> {
  const invoiced = await ctx.db
    .query("fiscalDocuments")
    .withIndex("by_psychicUserId_month", (q) => q.eq("psychicUserId", psychicUserId).eq("month", month))
    .first();
  if (invoiced !== null) await requestFiscalDocuments(ctx, { kind: "commission", psychicUserId, month }, now);
}

export async function psychicFiscalFactsOf(ctx: QueryCtx, psychicUserId: Id<"users">): Promise<PsychicFiscalFacts | null> {
  const data = await ctx.db
    .query("psychicFiscalData")
    .withIndex("by_psychicUserId", (q) => q.eq("psychicUserId", psychicUserId))
    .unique();
  if (data === null) return null;
  const { legalName, codiceFiscale, street, postalCode, city, partitaIva, fiscalRegime, sdiRecipientCode, pec } = data;
  return { legalName, codiceFiscale, street, postalCode, city, partitaIva, fiscalRegime, sdiRecipientCode, pec };
}

type NewDocument = {
  kind: FiscalDocumentKind;
  issuerKey: string;
  psychicUserId: Id<"users">;
  clientUserId?: Id<"users">;
  bookingId?: Id<"bookings">;
  month?: string;
  correctsId?: Id<"fiscalDocuments">;
  amountCents: number;
  content: Infer<typeof documentContent>;
  /** The FatturaPA file, written once the number is known. */
  xmlOf?: (number: string, date: string, sequence: number, year: number) => { xml: string; fileName: string };
};

/** Issues one document under the next number of its issuer's series for the year: the counter and the row together. */
async function issue(ctx: MutationCtx, document: NewDocument, now: number): Promise<FiscalDocument> {
  const date = romeDateOf(now);
  const year = Number(date.slice(0, 4));
  const series = DOCUMENT_SERIES[document.kind];
  const counter = await ctx.db
    .query("fiscalDocumentCounters")
    .withIndex("by_issuerKey_series_year", (q) => q.eq("issuerKey", document.issuerKey).eq("series", series).eq("year", year))
    .unique();
  const sequence = (counter?.last ?? 0) + 1;
  if (counter === null) await ctx.db.insert("fiscalDocumentCounters", { issuerKey: document.issuerKey, series, year, last: sequence });
  else await ctx.db.patch("fiscalDocumentCounters", counter._id, { last: sequence });
  const number = documentNumber(series, year, sequence);
  const { xmlOf, ...fields } = document;
  const file = xmlOf?.(number, date, sequence, year);
  const id = await ctx.db.insert("fiscalDocuments", {
    ...fields,
    series,
    year,
    sequence,
    number,
    date,
    issuedAt: now,
    ...(file ? { xml: file.xml, xmlFileName: file.fileName } : {}),
  });
  return (await ctx.db.get("fiscalDocuments", id))!;
}

function issuedSoFar(documents: readonly FiscalDocument[], original: FiscalDocumentKind) {
  const first = documents.find((document) => document.kind === original) ?? null;
  const correctedCents = documents.filter((document) => document.kind !== original).reduce((sum, document) => sum + document.amountCents, 0);
  return { first, issued: { originalCents: first?.amountCents ?? null, correctedCents } };
}

/** Why nothing could be issued now; the job ends and is asked for again when it can be (fiscal data saved). */
type FiscalWait = "no_subject" | "psychic_data" | "platform_data";

/**
 * The receipt of a booking, or its credit note: in the psychic's name, for what the platform keeps of the payment
 * for the consultation (the share's gross, which falls with every refund or dispute after it). The client is sent it.
 */
async function issueForBooking(ctx: MutationCtx, bookingId: Id<"bookings">, now: number): Promise<FiscalDocument[] | FiscalWait> {
  const booking = await ctx.db.get("bookings", bookingId);
  const share = await ctx.db
    .query("psychicTransfers")
    .withIndex("by_bookingId", (q) => q.eq("bookingId", bookingId))
    .first();
  if (booking === null || share === null) return "no_subject";
  const documents = await ctx.db
    .query("fiscalDocuments")
    .withIndex("by_bookingId", (q) => q.eq("bookingId", bookingId))
    .collect();
  const { first, issued } = issuedSoFar(documents, "receipt");
  const due = dueDocument(share.grossCents, issued);
  if (due === null) return [];
  const psychic = await psychicFiscalFactsOf(ctx, booking.psychicUserId);
  if (psychic === null || fiscalDataGaps(psychic).length > 0) return "psychic_data";
  const client = await ctx.db.get("users", booking.clientId);
  const subject = {
    psychic,
    clientName: client?.name ?? "Cliente",
    scheduledDate: booking.scheduledDate,
    durationMinutes: booking.durationMinutes,
    consultationType: booking.consultationType ?? "voice",
  };
  const corrects = first ? { number: first.number, date: first.date } : undefined;
  const document = await issue(
    ctx,
    {
      kind: due.document === "original" ? "receipt" : "receipt_credit_note",
      issuerKey: booking.psychicUserId,
      psychicUserId: booking.psychicUserId,
      clientUserId: booking.clientId,
      bookingId,
      ...(first ? { correctsId: first._id } : {}),
      amountCents: due.amountCents,
      content: receiptContent(subject, due.amountCents, corrects),
    },
    now,
  );
  if (client?.email) {
    const email = fiscalDocumentEmail({ name: client.name ?? "", document, psychicName: booking.psychicName, dashboardUrl: `${appUrl()}/dashboard` });
    await queueEmail(ctx, { ...email, to: client.email, kind: "fiscal_document", relatedId: document._id });
  }
  return [document];
}

/**
 * The platform's invoice for a psychic's month of commission (one line for the month, the IVA taken out of the
 * commission that includes it), or its credit note when refunds after it lowered the month's commission.
 */
async function issueForMonth(ctx: MutationCtx, psychicUserId: Id<"users">, month: string, now: number): Promise<FiscalDocument[] | FiscalWait> {
  // Only a month that is over is invoiced.
  if (month >= romeMonthOf(now)) return "no_subject";
  const shares = await sharesOfMonths(ctx, psychicUserId, month, month);
  const commissionCents = shares.reduce((sum, share) => sum + share.commissionCents, 0);
  const consultations = shares.filter((share) => share.commissionCents > 0).length;
  const documents = await ctx.db
    .query("fiscalDocuments")
    .withIndex("by_psychicUserId_month", (q) => q.eq("psychicUserId", psychicUserId).eq("month", month))
    .collect();
  const { first, issued } = issuedSoFar(documents, "commission_invoice");
  const due = dueDocument(commissionCents, issued);
  if (due === null) return [];
  const platform = platformFiscalFacts();
  if (platform === null) return "platform_data";
  const psychic = await psychicFiscalFactsOf(ctx, psychicUserId);
  if (psychic === null || fiscalDataGaps(psychic).length > 0) return "psychic_data";
  const corrects = first ? { number: first.number, date: first.date } : undefined;
  const facts = { month, consultations, amountCents: due.amountCents };
  const { netCents, vatCents } = commissionSplit(due.amountCents);
  const document = await issue(
    ctx,
    {
      kind: first ? "commission_credit_note" : "commission_invoice",
      issuerKey: PLATFORM_ISSUER,
      psychicUserId,
      month,
      ...(first ? { correctsId: first._id } : {}),
      amountCents: due.amountCents,
      content: commissionContent(platform, psychic, facts, corrects),
      xmlOf: (number, date, sequence, year) => {
        const sendingNumber = sendingNumberOf(year, sequence);
        const xml = commissionInvoiceXml({
          seller: {
            companyName: platform.companyName,
            vatNumber: platform.vatNumber,
            taxCode: platform.taxCode,
            regime: platform.regime,
            address: { street: platform.street, postcode: platform.postcode, town: platform.town, province: platform.province },
          },
          buyer: {
            legalName: psychic.legalName,
            taxCode: psychic.codiceFiscale,
            vatNumber: psychic.partitaIva,
            address: { street: psychic.street, postcode: psychic.postalCode, town: psychic.city },
            recipientCode: psychic.sdiRecipientCode,
            pec: psychic.pec,
          },
          documentType: first ? "TD04" : "TD01",
          corrects,
          number,
          date,
          sendingNumber,
          lines: [{ description: commissionLine(month, consultations, first !== null), amountCents: netCents }],
          vatPercent: COMMISSION_VAT_PERCENT,
          taxCents: vatCents,
        });
        return { xml, fileName: fatturaPaFileName(platform.vatNumber, sendingNumber) };
      },
    },
    now,
  );
  return [document];
}

/** The job's attempt: whatever is due for the subject, issued now (nothing when nothing is due). */
export async function issueDueDocuments(ctx: MutationCtx, subject: FiscalSubject, now: number): Promise<FiscalDocument[] | FiscalWait> {
  return subject.kind === "receipt" ? issueForBooking(ctx, subject.bookingId, now) : issueForMonth(ctx, subject.psychicUserId, subject.month, now);
}

/** How many of a psychic's shares a save of their fiscal data looks through for documents still to issue. */
const CATCH_UP_SHARES = 1000;

/**
 * The psychic completed their fiscal data: every consultation of theirs without its receipt, and every past
 * month without its invoice, is asked for (each a job; what was issued meanwhile is not issued again).
 */
export async function requestMissingDocuments(ctx: MutationCtx, psychicUserId: Id<"users">, now: number): Promise<number> {
  if (fiscalDataGaps(await psychicFiscalFactsOf(ctx, psychicUserId)).length > 0) return 0;
  const shares = await ctx.db
    .query("psychicTransfers")
    .withIndex("by_psychicUserId_dueAt", (q) => q.eq("psychicUserId", psychicUserId).lte("dueAt", now))
    .order("desc")
    .take(CATCH_UP_SHARES);
  const months = new Set<string>();
  let asked = 0;
  for (const share of shares) {
    if (share.grossCents <= 0) continue;
    const month = romeMonthOf(share.dueAt);
    if (month < romeMonthOf(now)) months.add(month);
    const receipt = await ctx.db
      .query("fiscalDocuments")
      .withIndex("by_bookingId", (q) => q.eq("bookingId", share.bookingId))
      .first();
    if (receipt !== null) continue;
    await requestFiscalDocuments(ctx, { kind: "receipt", bookingId: share.bookingId }, now);
    asked += 1;
  }
  for (const month of months) {
    await requestFiscalDocuments(ctx, { kind: "commission", psychicUserId, month }, now);
    asked += 1;
  }
  return asked;
}

/** A page of a month's shares across psychics, by time: who is invoiced a commission for it. */
export async function monthSharesPage(ctx: QueryCtx, month: string, cursor: string | null, numItems: number) {
  const { from, to } = romeMonthBounds(month);
  return ctx.db
    .query("psychicTransfers")
    .withIndex("by_dueAt", (q) => q.gte("dueAt", from).lt("dueAt", to))
    .paginate({ cursor, numItems });
}
