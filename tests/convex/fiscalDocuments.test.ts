// Fiscal documents (convex/fiscalDocuments.ts, lib/money/fiscalDocuments.ts): the client's receipt in the psychic's
// name after a held consultation, its credit notes after refunds, the platform's commission invoice for a month
// as a FatturaPA file that passes the official schema; numbers without gaps, documents issued exactly once and
// never changed, and who may read what.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { romeMonthOf } from "../../convex/framework/time";
import { callBooking } from "./fixtures/callWorld";
import { schemaErrors } from "./fixtures/fatturaPaSchema";
import { heldConsultation, onboardedWorld, paymentOf, psychicA } from "./fixtures/payoutWorld";
import { signedEvent } from "./fixtures/stripeStandIn";
import { type World } from "./fixtures/world";
import { errorCodeOf, useStripeStandIn, type TestClient } from "./setup";

useStripeStandIn();

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const fiscalData = {
  legalName: "Maria Rossi",
  codiceFiscale: "RSSMRA80A01H501U",
  dateOfBirth: "1980-01-01",
  street: "Via Roma 1",
  postalCode: "00100",
  city: "Roma",
};

const PLATFORM = {
  PLATFORM_COMPANY_NAME: "Arcano S.r.l.",
  PLATFORM_VAT_NUMBER: "12345678903",
  PLATFORM_STREET: "Via Roma 1",
  PLATFORM_POSTCODE: "20121",
  PLATFORM_TOWN: "Milano",
  PLATFORM_PROVINCE: "MI",
};

beforeEach(() => {
  for (const [name, value] of Object.entries(PLATFORM)) vi.stubEnv(name, value);
});
afterEach(() => vi.unstubAllEnvs());

const documentsOf = (w: World) => w.t.run((ctx) => ctx.db.query("fiscalDocuments").collect());
const settle = (w: World) => w.t.finishAllScheduledFunctions(vi.runAllTimers);

async function withFiscalData(w: World, extra: Record<string, string> = {}) {
  await psychicA(w).mutation(api.fiscalData.saveMine, { ...fiscalData, ...extra });
  await settle(w);
}

/** A platform event about the booking's payment, as Stripe signs it. */
async function refundedAtStripe(w: World, bookingId: Id<"bookings">, amountRefunded: number, eventId: string) {
  const paid = await paymentOf(w, bookingId);
  const object = { id: paid.charge, object: "charge", payment_intent: paid.paymentIntent, amount_refunded: amountRefunded };
  const { body, header } = await signedEvent("charge.refunded", object, eventId);
  await w.t.fetch("/stripe/webhook", { method: "POST", body, headers: { "stripe-signature": header } });
  await settle(w);
}

describe("the client's receipt", () => {
  it("is issued in the psychic's name after a held consultation, numbered R<year>/0001, and emailed to the client", async () => {
    const { w } = await onboardedWorld();
    await withFiscalData(w);
    const bookingId = await heldConsultation(w, 5000);
    const [receipt] = await documentsOf(w);
    const year = new Date().getUTCFullYear();
    expect(receipt).toMatchObject({
      kind: "receipt",
      issuerKey: w.userIds.psychicA,
      number: `R${year}/0001`,
      bookingId,
      clientUserId: w.userIds.clientA,
      amountCents: 5000,
      content: {
        title: "Ricevuta per prestazione occasionale",
        issuer: { name: "Maria Rossi", taxCode: "RSSMRA80A01H501U", address: "Via Roma 1, 00100 Roma" },
        totalCents: 5000,
        vatCents: 0,
      },
    });
    expect(receipt.content.lines[0].description).toMatch(/^Consulto di cartomanzia, 30 minuti, vocale, del /);
    expect(receipt.content.notes.join(" ")).toContain("art. 5 del D.P.R. 633/1972");
    // 50 € is under the stamp duty's threshold.
    expect(receipt.content.notes.join(" ")).not.toContain("Imposta di bollo");
    const mails = await w.t.run((ctx) => ctx.db.query("emailOutbox").collect());
    expect(mails.filter((mail) => mail.kind === "fiscal_document")).toMatchObject([{ subject: expect.stringContaining(`R${year}/0001`) }]);
    // The client and the psychic read it; another psychic does not.
    const client = w.as.clientA as TestClient;
    expect(await client.query(api.fiscalDocuments.listMyReceipts, {})).toMatchObject([{ _id: receipt._id, bookingId, amountCents: 5000 }]);
    expect(await client.query(api.fiscalDocuments.get, { documentId: receipt._id })).toMatchObject({ number: `R${year}/0001`, fileName: `ricevuta-R${year}-0001` });
    expect(await psychicA(w).query(api.fiscalDocuments.listMine, {})).toMatchObject([{ _id: receipt._id, recipientName: expect.any(String) }]);
    expect(await errorCodeOf((w.as.psychicB as TestClient).query(api.fiscalDocuments.get, { documentId: receipt._id }))).toBe("FORBIDDEN");
    expect(await errorCodeOf(client.query(api.fiscalDocuments.get, { documentId: "not-an-id" }))).toBe("NOT_FOUND");
  });

  it("above 77,47 € carries the 2 € stamp duty; a partita IVA in the ordinary regime shows the IVA inside the price", async () => {
    const { w } = await onboardedWorld();
    await withFiscalData(w);
    await heldConsultation(w, 8000);
    await withFiscalData(w, { partitaIva: "12345678903", fiscalRegime: "ordinario" });
    await callBooking(w, { startsInMs: -3 * 60 * MINUTE_MS, priceCents: 6100, psychicJoinedAt: Date.now() - 3 * 60 * MINUTE_MS, clientJoinedAt: Date.now() - 3 * 60 * MINUTE_MS }).then((id) =>
      w.t.mutation(internal.calls.settle, { bookingId: id }),
    );
    await settle(w);
    const [occasional, ordinary] = (await documentsOf(w)).sort((a, b) => a.sequence - b.sequence);
    expect(occasional.content.notes.join(" ")).toMatch(/Imposta di bollo di 2,00\s€/);
    expect(ordinary).toMatchObject({ content: { title: "Fattura", issuer: { vatNumber: "12345678903" }, netCents: 5000, vatCents: 1100, totalCents: 6100 } });
    expect(ordinary.content.notes.join(" ")).not.toContain("Imposta di bollo");
  });

  it("waits for the psychic's fiscal data, then is issued once when they save it, however often they save", async () => {
    const { w } = await onboardedWorld();
    await heldConsultation(w);
    expect(await documentsOf(w)).toEqual([]);
    expect(await psychicA(w).query(api.fiscalDocuments.myReadiness, {})).toEqual({ missing: [expect.stringContaining("codice fiscale")] });
    await withFiscalData(w);
    await withFiscalData(w, { city: "Milano" });
    expect((await documentsOf(w)).map((document) => document.kind)).toEqual(["receipt"]);
    expect(await psychicA(w).query(api.fiscalDocuments.myReadiness, {})).toEqual({ missing: [] });
  });

  it("is issued exactly once when its job runs again and again, at once", async () => {
    const { w } = await onboardedWorld();
    await withFiscalData(w);
    const bookingId = await heldConsultation(w);
    const job = await w.t.query(internal.providerJobs.jobOf, { kind: "fiscal_document", subjectId: `receipt:${bookingId}` });
    // Asked again (a replayed settlement, a new series) and attempted many times side by side.
    await w.t.run(async (ctx) => ctx.db.patch("providerJobs", job!._id, { state: "pending" }));
    await Promise.all(Array.from({ length: 8 }, () => w.t.action(internal.providerJobs.attempt, { jobId: job!._id })));
    await Promise.all(Array.from({ length: 4 }, () => w.t.mutation(internal.calls.settle, { bookingId })));
    await settle(w);
    expect(await documentsOf(w)).toHaveLength(1);
  });

  it("catchUp asks every document that waited for the data, once; issueDue issues a pending job's and ends it", async () => {
    const { w } = await onboardedWorld();
    const bookingId = await heldConsultation(w);
    // Fiscal data written as a kept row would be, without the save that schedules the catch-up.
    await w.t.run((ctx) => ctx.db.insert("psychicFiscalData", { psychicUserId: w.userIds.psychicA, ...fiscalData, country: "IT", updatedAt: Date.now() }));
    expect(await w.t.mutation(internal.fiscalDocuments.catchUp, { psychicUserId: w.userIds.psychicA })).toBe(1);
    const job = await w.t.query(internal.providerJobs.jobOf, { kind: "fiscal_document", subjectId: `receipt:${bookingId}` });
    expect(job).toMatchObject({ state: "pending" });
    await w.t.mutation(internal.fiscalDocuments.issueDue, { jobId: job!._id });
    await w.t.mutation(internal.fiscalDocuments.issueDue, { jobId: job!._id });
    expect(await w.t.query(internal.providerJobs.jobOf, { kind: "fiscal_document", subjectId: `receipt:${bookingId}` })).toMatchObject({ state: "done" });
    expect((await documentsOf(w)).map((document) => document.kind)).toEqual(["receipt"]);
    // With the receipt there, nothing is left to ask.
    expect(await w.t.mutation(internal.fiscalDocuments.catchUp, { psychicUserId: w.userIds.psychicA })).toBe(0);
  });

  it("a partial refund after it issues a credit note that corrects it; a full one the rest; never more than the receipt", async () => {
    const { w } = await onboardedWorld();
    await withFiscalData(w);
    const bookingId = await heldConsultation(w, 5000);
    await refundedAtStripe(w, bookingId, 2000, "evt_part");
    await refundedAtStripe(w, bookingId, 2000, "evt_part_again");
    await refundedAtStripe(w, bookingId, 5000, "evt_all");
    const documents = (await documentsOf(w)).sort((a, b) => a.issuedAt - b.issuedAt || a.sequence - b.sequence);
    const year = new Date().getUTCFullYear();
    expect(documents.map(({ kind, number, amountCents }) => ({ kind, number, amountCents }))).toEqual([
      { kind: "receipt", number: `R${year}/0001`, amountCents: 5000 },
      { kind: "receipt_credit_note", number: `NC${year}/0001`, amountCents: 2000 },
      { kind: "receipt_credit_note", number: `NC${year}/0002`, amountCents: 3000 },
    ]);
    expect(documents[1]).toMatchObject({ correctsId: documents[0]._id, content: { title: "Nota di credito", corrects: { number: `R${year}/0001` } } });
    // The receipt itself is as it was issued.
    expect(documents[0].content.totalCents).toBe(5000);
  });

  it("no receipt for a consultation refunded whole before it was due", async () => {
    const { w } = await onboardedWorld();
    await withFiscalData(w);
    // The psychic never came: cancelled with a full refund, no share, nothing to document.
    const bookingId = await callBooking(w, { startsInMs: -31 * MINUTE_MS, clientJoinedAt: Date.now() - 31 * MINUTE_MS });
    await w.t.mutation(internal.calls.settle, { bookingId });
    await settle(w);
    expect(await documentsOf(w)).toEqual([]);
  });
});

describe("numbers", () => {
  it("have no gap and no repeat when many consultations are settled at once", async () => {
    const { w } = await onboardedWorld();
    await withFiscalData(w);
    const bookingIds = [];
    for (let index = 0; index < 12; index++) {
      const startsAt = Date.now() - (31 + index * 40) * MINUTE_MS;
      bookingIds.push(await callBooking(w, { startsInMs: startsAt - Date.now(), psychicJoinedAt: startsAt, clientJoinedAt: startsAt }));
    }
    await Promise.all(bookingIds.map((bookingId) => w.t.mutation(internal.calls.settle, { bookingId })));
    await settle(w);
    const receipts = (await documentsOf(w)).filter((document) => document.kind === "receipt");
    expect(receipts.map((document) => document.sequence).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, index) => index + 1));
    expect(new Set(receipts.map((document) => document.bookingId)).size).toBe(12);
    const [counter] = await w.t.run((ctx) => ctx.db.query("fiscalDocumentCounters").collect());
    expect(counter).toMatchObject({ issuerKey: w.userIds.psychicA, series: "R", last: 12 });
  });
});

describe("the platform's commission invoice", () => {
  async function lastMonthConsultation(w: World, priceCents = 5000) {
    const bookingId = await heldConsultation(w, priceCents);
    const month = romeMonthOf(Date.now());
    // The month ends: the invoicing runs on the 1st of the next.
    vi.setSystemTime(Date.now() + 32 * DAY_MS);
    return { bookingId, month };
  }

  it("is issued once for the month just ended as a FatturaPA file that passes the official schema, with a PDF copy's content", async () => {
    const { w } = await onboardedWorld();
    await withFiscalData(w, { sdiRecipientCode: "m5uxcr1" });
    const { month } = await lastMonthConsultation(w, 5000);
    await w.t.mutation(internal.fiscalDocuments.issueMonthlyInvoices, { month });
    await w.t.mutation(internal.fiscalDocuments.issueMonthlyInvoices, { month });
    await settle(w);
    const invoices = (await documentsOf(w)).filter((document) => document.kind === "commission_invoice");
    expect(invoices).toHaveLength(1);
    const [invoice] = invoices;
    // 15 % of 50 € is 7,50 €, IVA included: 6,15 € + 1,35 €.
    expect(invoice).toMatchObject({ issuerKey: "platform", month, amountCents: 750, content: { netCents: 615, vatCents: 135, totalCents: 750 } });
    expect(invoice.number).toMatch(/^FC\d{4}\/0001$/);
    expect(await schemaErrors(invoice.xml!)).toEqual([]);
    expect(invoice.xml).toContain("<CodiceDestinatario>M5UXCR1</CodiceDestinatario>");
    expect(invoice.xml).toContain("<Denominazione>Maria Rossi</Denominazione>");
    expect(invoice.xml).toContain("<ImportoTotaleDocumento>7.50</ImportoTotaleDocumento>");
    expect(invoice.xmlFileName).toMatch(/^IT12345678903_[0-9A-Z]{5}\.xml$/);
    // The psychic and the admin read the file; the client does not.
    expect(await psychicA(w).query(api.fiscalDocuments.xmlOf, { documentId: invoice._id })).toEqual({ fileName: invoice.xmlFileName, xml: invoice.xml });
    expect(await errorCodeOf((w.as.clientA as TestClient).query(api.fiscalDocuments.xmlOf, { documentId: invoice._id }))).toBe("FORBIDDEN");
    const admin = w.as.admin as TestClient;
    expect(await admin.query(api.fiscalDocuments.adminMonth, { month })).toMatchObject({ platformReady: true, documents: [{ _id: invoice._id, recipientName: "Maria Rossi" }] });
    expect(await admin.query(api.fiscalDocuments.adminMonthFiles, { month })).toMatchObject([{ xmlFileName: invoice.xmlFileName, pdfFileName: expect.stringMatching(/^fattura-FC/) }]);
  });

  it("a refund after the invoice issues a TD04 credit note that also passes the schema", async () => {
    const { w } = await onboardedWorld();
    await withFiscalData(w);
    const { bookingId, month } = await lastMonthConsultation(w, 5000);
    await w.t.mutation(internal.fiscalDocuments.issueMonthlyInvoices, { month });
    await settle(w);
    await refundedAtStripe(w, bookingId, 5000, "evt_after_invoice");
    const credit = (await documentsOf(w)).find((document) => document.kind === "commission_credit_note")!;
    expect(credit).toMatchObject({ amountCents: 750, month, content: { corrects: { number: expect.stringMatching(/^FC/) } } });
    expect(credit.xml).toContain("<TipoDocumento>TD04</TipoDocumento>");
    expect(await schemaErrors(credit.xml!)).toEqual([]);
  });

  it("is not issued without the platform's data, nor to a psychic without theirs, and the admin sees both", async () => {
    const { w } = await onboardedWorld();
    vi.stubEnv("PLATFORM_VAT_NUMBER", "12345678901");
    const { month } = await lastMonthConsultation(w);
    const admin = w.as.admin as TestClient;
    expect(await admin.query(api.fiscalDocuments.adminCannotReceive, {})).toContainEqual(
      expect.objectContaining({ psychicUserId: w.userIds.psychicA, missing: [expect.stringContaining("codice fiscale")] }),
    );
    await withFiscalData(w);
    await w.t.mutation(internal.fiscalDocuments.issueMonthlyInvoices, { month });
    await settle(w);
    expect((await documentsOf(w)).filter((document) => document.month !== undefined)).toEqual([]);
    expect(await admin.query(api.fiscalDocuments.adminMonth, { month })).toEqual({ platformReady: false, documents: [] });
    expect(await errorCodeOf(admin.query(api.fiscalDocuments.adminMonth, { month: "2026-13" }))).toBe("INVALID_INPUT");
    expect(await errorCodeOf(psychicA(w).query(api.fiscalDocuments.adminMonth, { month }))).toBe("FORBIDDEN");
  });

  it("the month under way is never invoiced", async () => {
    const { w } = await onboardedWorld();
    await withFiscalData(w);
    await heldConsultation(w);
    await w.t.mutation(internal.fiscalDocuments.issueMonthlyInvoices, { month: romeMonthOf(Date.now()) });
    await settle(w);
    expect((await documentsOf(w)).map((document) => document.kind)).toEqual(["receipt"]);
  });
});

describe("a partita IVA's regime", () => {
  it("is required with a partita IVA and dropped without one; the SdI code and the PEC are checked", async () => {
    const { w } = await onboardedWorld();
    const psychic = psychicA(w);
    expect(await errorCodeOf(psychic.mutation(api.fiscalData.saveMine, { ...fiscalData, partitaIva: "12345678903" }))).toBe("INVALID_INPUT");
    await psychic.mutation(api.fiscalData.saveMine, { ...fiscalData, fiscalRegime: "ordinario" });
    expect(await psychic.query(api.fiscalData.getMine, {})).toMatchObject({ partitaIva: null, fiscalRegime: null });
    expect(await errorCodeOf(psychic.mutation(api.fiscalData.saveMine, { ...fiscalData, sdiRecipientCode: "ABC" }))).toBe("INVALID_INPUT");
    expect(await errorCodeOf(psychic.mutation(api.fiscalData.saveMine, { ...fiscalData, pec: "not a mail" }))).toBe("INVALID_INPUT");
    await psychic.mutation(api.fiscalData.saveMine, { ...fiscalData, sdiRecipientCode: " m5uxcr1 ", pec: "Maria.Rossi@PEC.it" });
    expect(await psychic.query(api.fiscalData.getMine, {})).toMatchObject({ sdiRecipientCode: "M5UXCR1", pec: "maria.rossi@pec.it" });
  });
});
