// The DAC7 report's checks and shape (convex/model/fiscal.ts).
import { describe, expect, it } from "vitest";
import {
  csvCell,
  dac7Csv,
  DAC7_HEADER,
  dac7SellerCells,
  fiscalRecordKeptUntil,
  isAdultBirthDate,
  normaliseCodiceFiscale,
  normaliseIban,
  normalisePartitaIva,
  quarterOf,
} from "../../../convex/model/fiscal";

describe("the codice fiscale", () => {
  it("is kept upper case without spaces when its form and check letter are right", () => {
    expect(normaliseCodiceFiscale("rssmra80a01h501u")).toBe("RSSMRA80A01H501U");
    expect(normaliseCodiceFiscale(" BNCGLI85M41F205B ")).toBe("BNCGLI85M41F205B");
  });

  it("is refused with a wrong check letter, a wrong shape or a wrong month letter", () => {
    for (const code of ["RSSMRA80A01H501X", "RSSMRA80A01H501", "RSSMRA80Z01H501U", "12345678901234567", ""]) {
      expect(normaliseCodiceFiscale(code)).toBeNull();
    }
  });
});

describe("the IBAN", () => {
  it("is kept compact when its check digits are right, refused otherwise", () => {
    expect(normaliseIban("IT60 X054 2811 1010 0000 0123 456")).toBe("IT60X0542811101000000123456");
    expect(normaliseIban("IT61X0542811101000000123456")).toBeNull();
    expect(normaliseIban("IT60")).toBeNull();
  });
});

describe("the date of birth", () => {
  it("is a real date of someone 18 or older", () => {
    expect(isAdultBirthDate("2008-11-25", "2026-11-25")).toBe(true);
    expect(isAdultBirthDate("2008-11-26", "2026-11-25")).toBe(false);
    expect(isAdultBirthDate("1985-02-30", "2026-11-25")).toBe(false);
    expect(isAdultBirthDate("1899-12-31", "2026-11-25")).toBe(false);
    expect(isAdultBirthDate("25/11/1985", "2026-11-25")).toBe(false);
  });
});

describe("the report", () => {
  it("counts quarters by month", () => {
    expect(["2026-01-01", "2026-03-31", "2026-04-01", "2026-09-30", "2026-10-01", "2026-12-31"].map(quarterOf)).toEqual([1, 1, 2, 3, 4, 4]);
  });

  it("opens in Italian Excel as columns: semicolons, decimal commas, the partita IVA, cells that cannot run as formulas", () => {
    const csv = dac7Csv([
      {
        legalName: "Rossi; Maria",
        codiceFiscale: "RSSMRA80A01H501U",
        partitaIva: "12345678903",
        dateOfBirth: "1980-01-01",
        address: "Via Roma 1, 00100 Roma, IT",
        accountIdentifier: "=HYPERLINK(1)",
        quarters: [
          { considerationCents: 4250, feesCents: 750, activities: 1 },
          { considerationCents: 0, feesCents: 0, activities: 0 },
          { considerationCents: 0, feesCents: 0, activities: 0 },
          { considerationCents: 123450, feesCents: 1800, activities: 2 },
        ],
      },
    ]);
    const [header, row] = csv.trim().split("\r\n");
    expect(header.split(";")).toEqual(DAC7_HEADER);
    expect(DAC7_HEADER.slice(0, 3)).toEqual(["Nome e cognome", "Codice fiscale", "Partita IVA"]);
    // A semicolon inside a cell is quoted; a comma (the address) needs nothing.
    expect(row).toBe(
      '"Rossi; Maria";RSSMRA80A01H501U;12345678903;1980-01-01;Via Roma 1, 00100 Roma, IT;\'=HYPERLINK(1);42,50;7,50;1;0,00;0,00;0;0,00;0,00;0;1234,50;18,00;2',
    );
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell(-1)).toBe("-1");
  });

  it("leaves the partita IVA empty for a psychic without one", () => {
    const row = dac7Csv([
      {
        legalName: "Maria Rossi",
        codiceFiscale: "RSSMRA80A01H501U",
        partitaIva: "",
        dateOfBirth: "1980-01-01",
        address: "Via Roma 1",
        accountIdentifier: "acct_1",
        quarters: [0, 1, 2, 3].map(() => ({ considerationCents: 0, feesCents: 0, activities: 0 })),
      },
    ]).split("\r\n")[1];
    expect(row.startsWith("Maria Rossi;RSSMRA80A01H501U;;1980-01-01;")).toBe(true);
  });
});

describe("a partita IVA", () => {
  it("is 11 digits with the right check digit, stored without spaces or 'IT'", () => {
    expect(normalisePartitaIva("12345678903")).toBe("12345678903");
    expect(normalisePartitaIva(" IT 123 456 789 03 ")).toBe("12345678903");
    expect(normalisePartitaIva("01234567897")).toBe("01234567897");
    expect(normalisePartitaIva("12345678901")).toBeNull();
    expect(normalisePartitaIva("1234567890")).toBeNull();
    expect(normalisePartitaIva("ABCDEFGHIJK")).toBeNull();
  });
});

describe("a seller's cells in the DAC7 report", () => {
  const fiscal = { legalName: "Maria Rossi", codiceFiscale: "RSSMRA80A01H501U", dateOfBirth: "1980-01-01", street: "Via Roma 1", postalCode: "00100", city: "Roma", country: "IT" };

  it("are their fiscal data, the account by its IBAN or else the Stripe account, complete when nothing is missing", () => {
    expect(dac7SellerCells({ ...fiscal, iban: "IT60X0542811101000000123456" }, { name: "Maria", stripeAccountId: "acct_1" })).toEqual({
      legalName: "Maria Rossi",
      codiceFiscale: "RSSMRA80A01H501U",
      partitaIva: "",
      dateOfBirth: "1980-01-01",
      address: "Via Roma 1, 00100 Roma, IT",
      accountIdentifier: "IT60X0542811101000000123456",
      complete: true,
    });
    expect(dac7SellerCells(fiscal, { name: "Maria", stripeAccountId: "acct_1" })).toMatchObject({ accountIdentifier: "acct_1", complete: true });
  });

  it("name the account and say 'da completare' for each missing part, never complete", () => {
    expect(dac7SellerCells(null, { name: "Aurora", stripeAccountId: null })).toEqual({
      legalName: "Aurora",
      codiceFiscale: "da completare",
      partitaIva: "",
      dateOfBirth: "da completare",
      address: "da completare",
      accountIdentifier: "da completare",
      complete: false,
    });
    expect(dac7SellerCells({ legalName: "Aurora Bianchi" }, { name: "Aurora", stripeAccountId: "acct_2" })).toMatchObject({
      legalName: "Aurora Bianchi",
      codiceFiscale: "da completare",
      complete: false,
    });
  });
});

describe("how long a deleted seller's fiscal data is kept", () => {
  it("until 10 years after the end of the last year reported, midnight in Rome", () => {
    // 1 January 2037, 00:00 in Rome (UTC+1) is 31 December 2036, 23:00 UTC.
    expect(fiscalRecordKeptUntil(2026)).toBe(Date.UTC(2036, 11, 31, 23));
    expect(fiscalRecordKeptUntil(2030)).toBe(Date.UTC(2040, 11, 31, 23));
  });
});
