// A psychic's fiscal data for the DAC7 report (convex/fiscalData.ts): entered, checked, corrected, theirs only.
import { describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import { buildWorld } from "./fixtures/world";
import { setupTest, type TestClient } from "./setup";

const valid = {
  legalName: "  Maria   Rossi ",
  codiceFiscale: "rssmra80a01h501u",
  dateOfBirth: "1980-01-01",
  street: "Via Roma 1",
  postalCode: "00100",
  city: "Roma",
};

describe("a psychic's fiscal data", () => {
  it("is stored checked and tidy, read back by its owner only, and corrected by saving again", async () => {
    const w = await buildWorld(setupTest());
    const psychic = w.as.psychicA as TestClient;
    expect(await psychic.query(api.fiscalData.getMine, {})).toBeNull();
    await psychic.mutation(api.fiscalData.saveMine, valid);
    expect(await psychic.query(api.fiscalData.getMine, {})).toMatchObject({ legalName: "Maria Rossi", codiceFiscale: "RSSMRA80A01H501U", iban: null });
    await psychic.mutation(api.fiscalData.saveMine, { ...valid, city: "Milano", iban: "IT60X0542811101000000123456" });
    expect(await psychic.query(api.fiscalData.getMine, {})).toMatchObject({ city: "Milano", iban: "IT60X0542811101000000123456" });
    expect(await (w.as.psychicB as TestClient).query(api.fiscalData.getMine, {})).toBeNull();
  });

  it("refuses each wrong field with its name and keeps what was there", async () => {
    const w = await buildWorld(setupTest());
    const psychic = w.as.psychicA as TestClient;
    await psychic.mutation(api.fiscalData.saveMine, valid);
    const cases: Array<[string, Partial<typeof valid> & { iban?: string }]> = [
      ["legalName", { legalName: "  " }],
      ["codiceFiscale", { codiceFiscale: "RSSMRA80A01H501X" }],
      ["dateOfBirth", { dateOfBirth: "2020-01-01" }],
      ["street", { street: "x".repeat(151) }],
      ["postalCode", { postalCode: "0010" }],
      ["city", { city: "" }],
      ["iban", { iban: "IT61X0542811101000000123456" }],
    ];
    for (const [field, change] of cases) {
      const refused = await psychic.mutation(api.fiscalData.saveMine, { ...valid, ...change }).catch((error: { data: unknown }) => error.data);
      expect(refused).toEqual({ code: "INVALID_INPUT", field });
    }
    expect(await psychic.query(api.fiscalData.getMine, {})).toMatchObject({ legalName: "Maria Rossi", city: "Roma" });
  });
});
