// Fiscal documents (docs/product-rules.md, "Fiscal documents"): the client's receipts in the psychic's name, the
// platform's monthly commission invoices (FatturaPA) to the psychic, and their credit notes. Issued by the provider
// job of kind "fiscal_document" (lib/money/fiscalDocuments.ts writes them); read here by the people they concern.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { fail } from "./framework/errors";
import { romeMonthOf } from "./framework/time";
import { documentContent, fiscalDocumentKind } from "./framework/validators";
import { isAdminUser } from "./lib/platform/access";
import { adminQuery, authedQuery, clientQuery, internalMutation, psychicQuery } from "./lib/platform/functions";
import { platformFiscalFacts } from "./lib/platform/platformFiscal";
import {
  issueDueDocuments,
  monthSharesPage,
  psychicFiscalFactsOf,
  requestFiscalDocuments,
  requestMissingDocuments,
  subjectOf,
} from "./lib/money/fiscalDocuments";
import { recordProviderAttempt } from "./lib/money/providerJobs";
import { documentFileName, fiscalDataGaps, fiscalDataGapWords } from "./model/fiscalDocuments";
import { isStatementMonth } from "./model/payouts";
import { addDays } from "./model/nextAvailability";

/** How many documents a list shows, newest first. */
export const DOCUMENTS_SHOWN = 200;

const documentRow = v.object({
  _id: v.id("fiscalDocuments"),
  kind: fiscalDocumentKind,
  number: v.string(),
  date: v.string(),
  amountCents: v.number(),
  title: v.string(),
  bookingId: v.union(v.id("bookings"), v.null()),
  month: v.union(v.string(), v.null()),
  recipientName: v.string(),
  hasXml: v.boolean(),
});

function rowOf(document: Doc<"fiscalDocuments">) {
  return {
    _id: document._id,
    kind: document.kind,
    number: document.number,
    date: document.date,
    amountCents: document.amountCents,
    title: document.content.title,
    bookingId: document.bookingId ?? null,
    month: document.month ?? null,
    recipientName: document.content.recipient.name,
    hasXml: document.xml !== undefined,
  };
}

/** 'Guadagni': the receipts the psychic issued to clients and the invoices the platform issued to them. */
export const listMine = psychicQuery({
  args: {},
  returns: v.array(documentRow),
  handler: async (ctx) => {
    const documents = await ctx.db
      .query("fiscalDocuments")
      .withIndex("by_psychicUserId_issuedAt", (q) => q.eq("psychicUserId", ctx.viewerId))
      .order("desc")
      .take(DOCUMENTS_SHOWN);
    return documents.map(rowOf);
  },
});

/** What the psychic still has to enter before documents can carry their name (empty: nothing). */
export const myReadiness = psychicQuery({
  args: {},
  returns: v.object({ missing: v.array(v.string()) }),
  handler: async (ctx) => {
    const gaps = fiscalDataGaps(await psychicFiscalFactsOf(ctx, ctx.viewerId));
    return { missing: gaps.map((gap) => fiscalDataGapWords[gap]) };
  },
});

/** The client's receipts and credit notes, newest first (the dashboard's past consultations link them). */
export const listMyReceipts = clientQuery({
  args: {},
  returns: v.array(documentRow),
  handler: async (ctx) => {
    const documents = await ctx.db
      .query("fiscalDocuments")
      .withIndex("by_clientUserId_issuedAt", (q) => q.eq("clientUserId", ctx.viewerId))
      .order("desc")
      .take(DOCUMENTS_SHOWN);
    return documents.map(rowOf);
  },
});

/** A document the viewer may read: its client, its psychic, or an admin. */
async function readableDocument(ctx: QueryCtx & { viewerId: Id<"users"> }, documentId: string, { xml = false } = {}) {
  const id = ctx.db.normalizeId("fiscalDocuments", documentId);
  const document = id === null ? null : await ctx.db.get("fiscalDocuments", id);
  if (document === null) return fail("NOT_FOUND");
  // The FatturaPA file is the platform's to the psychic: not the client's to read.
  const party = document.psychicUserId === ctx.viewerId || (!xml && document.clientUserId === ctx.viewerId);
  if (!party && !(await isAdminUser(ctx, ctx.viewerId))) return fail("FORBIDDEN");
  return document;
}

/** One document as issued, for its PDF. */
export const get = authedQuery({
  args: { documentId: v.string() },
  returns: v.object({
    _id: v.id("fiscalDocuments"),
    kind: fiscalDocumentKind,
    number: v.string(),
    date: v.string(),
    amountCents: v.number(),
    content: documentContent,
    fileName: v.string(),
    hasXml: v.boolean(),
  }),
  handler: async (ctx, { documentId }) => {
    const document = await readableDocument(ctx, documentId);
    const { _id, kind, number, date, amountCents, content } = document;
    return { _id, kind, number, date, amountCents, content, fileName: documentFileName(kind, number), hasXml: document.xml !== undefined };
  },
});

/** A commission invoice's FatturaPA file, for its psychic or an admin. */
export const xmlOf = authedQuery({
  args: { documentId: v.string() },
  returns: v.object({ fileName: v.string(), xml: v.string() }),
  handler: async (ctx, { documentId }) => {
    const document = await readableDocument(ctx, documentId, { xml: true });
    if (document.xml === undefined || document.xmlFileName === undefined) return fail("NOT_FOUND");
    return { fileName: document.xmlFileName, xml: document.xml };
  },
});

/** How many of a month's commission documents the admin's page lists and zips at once. */
export const MONTH_DOCUMENTS = 500;

async function commissionDocumentsOf(ctx: QueryCtx, month: string) {
  const invoices = await ctx.db
    .query("fiscalDocuments")
    .withIndex("by_month_kind", (q) => q.eq("month", month).eq("kind", "commission_invoice"))
    .take(MONTH_DOCUMENTS);
  const notes = await ctx.db
    .query("fiscalDocuments")
    .withIndex("by_month_kind", (q) => q.eq("month", month).eq("kind", "commission_credit_note"))
    .take(MONTH_DOCUMENTS);
  return [...invoices, ...notes].sort((a, b) => a.issuedAt - b.issuedAt);
}

/** The admin's month: the commission invoices and credit notes issued for it, and whether the platform's data is set. */
export const adminMonth = adminQuery({
  args: { month: v.string() },
  returns: v.object({ platformReady: v.boolean(), documents: v.array(documentRow) }),
  handler: async (ctx, { month }) => {
    if (!isStatementMonth(month)) return fail("INVALID_INPUT", { field: "month" });
    return { platformReady: platformFiscalFacts() !== null, documents: (await commissionDocumentsOf(ctx, month)).map(rowOf) };
  },
});

/** Every file of a month for the admin's zip: each FatturaPA XML with its printed content (the PDF copy). */
export const adminMonthFiles = adminQuery({
  args: { month: v.string() },
  returns: v.array(
    v.object({ number: v.string(), date: v.string(), kind: fiscalDocumentKind, xmlFileName: v.string(), xml: v.string(), pdfFileName: v.string(), content: documentContent }),
  ),
  handler: async (ctx, { month }) => {
    if (!isStatementMonth(month)) return fail("INVALID_INPUT", { field: "month" });
    return (await commissionDocumentsOf(ctx, month)).flatMap((document) =>
      document.xml === undefined || document.xmlFileName === undefined
        ? []
        : [
            {
              number: document.number,
              date: document.date,
              kind: document.kind,
              xmlFileName: document.xmlFileName,
              xml: document.xml,
              pdfFileName: `${documentFileName(document.kind, document.number)}.pdf`,
              content: document.content,
            },
          ],
    );
  },
});

/** How many published profiles the admin's list of missing fiscal data looks through. */
export const PROFILES_CHECKED = 500;

/**
 * Who cannot receive documents yet: published psychics (the ones clients pay) whose fiscal data is missing or
 * incomplete, with what is missing.
 */
export const adminCannotReceive = adminQuery({
  args: {},
  returns: v.array(v.object({ psychicUserId: v.id("users"), psychicName: v.string(), missing: v.array(v.string()), published: v.boolean() })),
  handler: async (ctx) => {
    const profiles = await ctx.db
      .query("psychicProfiles")
      .withIndex("by_status", (q) => q.eq("profileStatus", "approved"))
      .take(PROFILES_CHECKED);
    const rows = [];
    for (const profile of profiles) {
      const gaps = fiscalDataGaps(await psychicFiscalFactsOf(ctx, profile.userId));
      if (gaps.length === 0) continue;
      rows.push({ psychicUserId: profile.userId, psychicName: profile.psychicName, missing: gaps.map((gap) => fiscalDataGapWords[gap]), published: profile.profileStatus === "approved" });
    }
    return rows.sort((a, b) => Number(b.published) - Number(a.published) || a.psychicName.localeCompare(b.psychicName, "it"));
  },
});

/**
 * A fiscal document job's attempt (convex/providerJobs.ts): whatever is due for its subject issued and the attempt
 * recorded in the same transaction, so two attempts never issue twice and a trigger in between is never lost.
 * Waiting for fiscal data ends the job without a document; saving the data asks again.
 */
export const issueDue = internalMutation({
  args: { jobId: v.id("providerJobs") },
  returns: v.null(),
  handler: async (ctx, { jobId }) => {
    const job = await ctx.db.get("providerJobs", jobId);
    if (job === null || job.state !== "pending" || job.kind !== "fiscal_document") return null;
    const now = Date.now();
    const subject = subjectOf(ctx, job.subjectId);
    const issued = subject === null ? "no_subject" : await issueDueDocuments(ctx, subject, now);
    await recordProviderAttempt(ctx, job, Array.isArray(issued) ? { kind: "attempt_succeeded" } : { kind: "nothing_to_send" }, now);
    return null;
  },
});

/** The psychic saved complete fiscal data: the documents that waited for it are asked for (lib/money/fiscalDocuments.ts). */
export const catchUp = internalMutation({
  args: { psychicUserId: v.id("users") },
  returns: v.number(),
  handler: async (ctx, { psychicUserId }) => requestMissingDocuments(ctx, psychicUserId, Date.now()),
});

/** How many of a month's shares one run of the monthly invoicing reads. */
const SHARES_PER_RUN = 200;

/**
 * Once a month (convex/crons.ts), for the month just ended: every psychic with a share in it is asked their
 * commission invoice (a job each, which issues it once), a page of shares at a time.
 */
export const issueMonthlyInvoices = internalMutation({
  args: { month: v.optional(v.string()), cursor: v.optional(v.union(v.string(), v.null())) },
  returns: v.null(),
  handler: async (ctx, args) => {
    const now = Date.now();
    // The month just ended: the day before this month's first, as a month.
    const month = args.month ?? addDays(`${romeMonthOf(now)}-01`, -1).slice(0, 7);
    if (!isStatementMonth(month)) return fail("INVALID_INPUT", { field: "month" });
    const page = await monthSharesPage(ctx, month, args.cursor ?? null, SHARES_PER_RUN);
    const psychics = new Set(page.page.map((share) => share.psychicUserId));
    for (const psychicUserId of psychics) await requestFiscalDocuments(ctx, { kind: "commission", psychicUserId, month }, now);
    if (!page.isDone) await ctx.scheduler.runAfter(0, internal.fiscalDocuments.issueMonthlyInvoices, { month, cursor: page.continueCursor });
    return null;
  },
});
