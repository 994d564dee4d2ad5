// The commission invoice as a FatturaPA 1.2.2 file (convex/model/fatturaPa.ts): every file written here, in several
// regimes and amounts, passes the official schema; a broken one does not (the check can fail); the sums are exact.
import { describe, expect, it } from "vitest";
import { commissionInvoiceXml, decimalOf, invoiceTotals, vatCents, type CommissionInvoice } from "../../../convex/model/fatturaPa";
import { schemaErrors } from "../fixtures/fatturaPaSchema";

const platform = {
  companyName: "Arcano S.r.l.",
  vatNumber: "12345678903",
  taxCode: "12345678903",
  regime: "RF01",
  address: { street: "Via Roma 1", postcode: "20121", town: "Milano", province: "MI" },
};

const occasional = {
  firstName: "Selene",
  lastName: "Moretti",
  taxCode: "MRTSLN80A41H501X",
  address: { street: "Via dei Tarocchi 7", postcode: "00184", town: "Roma", province: "RM" },
};

const invoice = (changes: Partial<CommissionInvoice> = {}): CommissionInvoice => ({
  seller: platform,
  buyer: occasional,
  documentType: "TD01",
  number: "2026/000001",
  date: "2026-11-30",
  sendingNumber: "A0001",
  lines: [
    { description: "Commissione 15% sul consulto vocale del 3 novembre 2026, 30 minuti", amountCents: 525 },
    { description: "Commissione 15% sul consulto in chat del 12 novembre 2026, 60 minuti", amountCents: 825 },
  ],
  vatPercent: 22,
  ...changes,
});

describe("the file passes the official schema", () => {
  it("a psychic without a partita IVA (codice fiscale only), delivered to the tax drawer", async () => {
    const xml = commissionInvoiceXml(invoice());
    expect(await schemaErrors(xml)).toEqual([]);
    expect(xml).toContain("<CodiceDestinatario>0000000</CodiceDestinatario>");
    expect(xml).toContain("<ImportoTotaleDocumento>16.47</ImportoTotaleDocumento>");
  });

  it("a psychic with a partita IVA and their own recipient code; one with a PEC", async () => {
    const withVat = { ...occasional, vatNumber: "01234567897", recipientCode: "M5UXCR1" };
    expect(await schemaErrors(commissionInvoiceXml(invoice({ buyer: withVat })))).toEqual([]);
    const withPec = commissionInvoiceXml(invoice({ buyer: { ...occasional, pec: "selene.moretti@pec.it" } }));
    expect(await schemaErrors(withPec)).toEqual([]);
    expect(withPec).toContain("<PECDestinatario>selene.moretti@pec.it</PECDestinatario>");
  });

  it("one line for a whole month, large amounts, a flat-rate seller, accents and marks in the texts", async () => {
    const xml = commissionInvoiceXml(
      invoice({
        seller: { ...platform, regime: "RF19", companyName: "Arcano – Società “Benefit” S.r.l." },
        buyer: { ...occasional, firstName: "Nicolò", lastName: "D’Amico", address: { ...occasional.address, street: "Piazza Santa Maria degli Angeli e dei Martiri, 12 – scala B interno 4" } },
        lines: [{ description: "Commissione sui consulti di novembre 2026 (124 consulti) — importo complessivo", amountCents: 98_765_43 }],
      }),
    );
    expect(await schemaErrors(xml)).toEqual([]);
    expect(xml).toContain("<Cognome>D'Amico</Cognome>");
  });

  it("a credit note that corrects an invoice", async () => {
    const xml = commissionInvoiceXml(
      invoice({
        documentType: "TD04",
        number: "2026/000002",
        corrects: { number: "2026/000001", date: "2026-11-30" },
        lines: [{ description: "Storno della commissione sul consulto rimborsato del 12 novembre 2026", amountCents: 825 }],
      }),
    );
    expect(await schemaErrors(xml)).toEqual([]);
    expect(xml).toContain("<DatiFattureCollegate><IdDocumento>2026/000001</IdDocumento><Data>2026-11-30</Data></DatiFattureCollegate>");
  });
});

describe("the check can fail", () => {
  it("refuses a file the schema does not allow", async () => {
    const valid = commissionInvoiceXml(invoice());
    const broken = [
      valid.replace("<CodiceDestinatario>0000000</CodiceDestinatario>", "<CodiceDestinatario>00000</CodiceDestinatario>"),
      valid.replace("<Numero>2026/000001</Numero>", ""),
      valid.replace("<ImponibileImporto>13.50</ImponibileImporto>", "<ImponibileImporto>13.5</ImponibileImporto>"),
      valid.replace('versione="FPR12"', 'versione="FPR13"'),
      commissionInvoiceXml(invoice({ seller: { ...platform, address: { ...platform.address, postcode: "2012" } } })),
    ];
    for (const xml of broken) expect((await schemaErrors(xml)).length).toBeGreaterThan(0);
  });
});

describe("the sums", () => {
  it("cents to two decimals, exactly", () => {
    expect(decimalOf(0)).toBe("0.00");
    expect(decimalOf(5)).toBe("0.05");
    expect(decimalOf(123450)).toBe("1234.50");
    expect(decimalOf(-825)).toBe("-8.25");
    expect(() => decimalOf(1.5)).toThrow();
  });

  it("22 % VAT on the whole net, half away from zero", () => {
    expect(vatCents(1350, 22)).toBe(297);
    expect(vatCents(25, 22)).toBe(6); // 5.5 → 6
    expect(vatCents(-25, 22)).toBe(-6);
    expect(invoiceTotals(invoice())).toEqual({ netCents: 1350, taxCents: 297, totalCents: 1647 });
  });
});
