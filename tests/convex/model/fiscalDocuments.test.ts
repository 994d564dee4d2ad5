// Which fiscal document is due and what it says (convex/model/fiscalDocuments.ts): asked again, nothing twice; money
// that goes back, exactly its credit note; the psychic's gaps; the commission split to the cent; the file names.
import { describe, expect, it } from "vitest";
import {
  commissionContent,
  commissionSplit,
  documentFileName,
  dueDocument,
  fatturaPaFileName,
  fiscalDataGaps,
  receiptContent,
  regimeOf,
  sendingNumberOf,
} from "../../../convex/model/fiscalDocuments";
import { vatCents } from "../../../convex/model/fatturaPa";

const psychic = { legalName: "Maria Rossi", codiceFiscale: "RSSMRA80A01H501U", street: "Via Roma 1", postalCode: "00100", city: "Roma" };
const platform = { companyName: "Arcano S.r.l.", vatNumber: "12345678903", regime: "RF01", street: "Via Roma 1", postcode: "20121", town: "Milano", province: "MI" };

describe("what is due", () => {
  it("the original once there is money, then nothing however often it is asked", () => {
    expect(dueDocument(5000, { originalCents: null, correctedCents: 0 })).toEqual({ document: "original", amountCents: 5000 });
    expect(dueDocument(0, { originalCents: null, correctedCents: 0 })).toBeNull();
    expect(dueDocument(5000, { originalCents: 5000, correctedCents: 0 })).toBeNull();
  });

  it("a credit note for exactly what went back since, never one that raises the amount", () => {
    expect(dueDocument(3000, { originalCents: 5000, correctedCents: 0 })).toEqual({ document: "credit_note", amountCents: 2000 });
    expect(dueDocument(0, { originalCents: 5000, correctedCents: 2000 })).toEqual({ document: "credit_note", amountCents: 3000 });
    expect(dueDocument(3000, { originalCents: 5000, correctedCents: 2000 })).toBeNull();
    expect(dueDocument(6000, { originalCents: 5000, correctedCents: 0 })).toBeNull();
    expect(() => dueDocument(-1, { originalCents: null, correctedCents: 0 })).toThrow();
    expect(() => dueDocument(10.5, { originalCents: null, correctedCents: 0 })).toThrow();
  });
});

describe("the psychic's fiscal data", () => {
  it("is missing, needs the regime of a partita IVA, or is complete", () => {
    expect(fiscalDataGaps(null)).toEqual(["fiscal_data"]);
    expect(fiscalDataGaps({ ...psychic, partitaIva: "12345678903" })).toEqual(["regime"]);
    expect(fiscalDataGaps({ ...psychic, partitaIva: "12345678903", fiscalRegime: "ordinario" })).toEqual([]);
    expect(fiscalDataGaps(psychic)).toEqual([]);
    expect(regimeOf({ partitaIva: undefined })).toBe("occasional");
    expect(regimeOf({ partitaIva: "12345678903", fiscalRegime: "ordinario" })).toBe("ordinario");
  });
});

describe("what the documents say", () => {
  const subject = { psychic, clientName: "Paola Verdi", scheduledDate: "2026-11-03", durationMinutes: 30, consultationType: "chat" as const };

  it("a receipt names the issuer, the client, the service and its date; its credit note the receipt it corrects", () => {
    const receipt = receiptContent(subject, 5000);
    expect(receipt).toMatchObject({
      title: "Ricevuta per prestazione occasionale",
      issuer: { name: "Maria Rossi", taxCode: "RSSMRA80A01H501U", address: "Via Roma 1, 00100 Roma" },
      recipient: { name: "Paola Verdi" },
      lines: [{ description: "Consulto di cartomanzia, 30 minuti, in chat, del 03/11/2026", amountCents: 5000 }],
      totalCents: 5000,
    });
    expect(receipt.corrects).toBeUndefined();
    const note = receiptContent(subject, 2000, { number: "R2026/0001", date: "2026-11-03" });
    expect(note).toMatchObject({ title: "Nota di credito", corrects: { number: "R2026/0001" }, totalCents: 2000 });
    expect(note.notes[0]).toBe("Rettifica il documento n. R2026/0001 del 03/11/2026.");
  });

  it("the commission's IVA is taken out of it: net + IVA is the commission, and the IVA is within a cent of the net's 22 %", () => {
    for (let commission = 1; commission <= 20_000; commission += 7) {
      const { netCents, vatCents: vat } = commissionSplit(commission);
      expect(netCents + vat).toBe(commission);
      expect(Math.abs(vat - vatCents(netCents, 22))).toBeLessThanOrEqual(1);
    }
    const invoice = commissionContent(platform, psychic, { month: "2026-10", consultations: 3, amountCents: 2250 });
    expect(invoice).toMatchObject({ title: "Fattura", issuer: { name: "Arcano S.r.l.", vatNumber: "12345678903" }, netCents: 1844, vatCents: 406, totalCents: 2250 });
    expect(invoice.lines[0].description).toBe("Commissione del 15% sui consulti di ottobre 2026 (3 consulti)");
  });

  it("names files as people and SdI expect them", () => {
    expect(documentFileName("receipt", "R2026/0007")).toBe("ricevuta-R2026-0007");
    expect(documentFileName("commission_credit_note", "NCC2026/0001")).toBe("nota-di-credito-NCC2026-0001");
    expect(sendingNumberOf(2026, 1)).toMatch(/^[0-9A-Z]{5}$/);
    expect(sendingNumberOf(2026, 1)).not.toBe(sendingNumberOf(2027, 1));
    expect(sendingNumberOf(2079, 999_999)).toHaveLength(5);
    expect(() => sendingNumberOf(2026, 1_000_000)).toThrow();
    expect(fatturaPaFileName("12345678903", "4KQ1T")).toBe("IT12345678903_4KQ1T.xml");
  });
});
