// A psychic's fiscal data for the DAC7 report (convex/fiscalData.ts): entered, checked, corrected, theirs only;
// kept apart for the years DAC7 requires when a psychic who was credited money deletes their account.
import { describe, expect, it, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import { fiscalRecordKeptUntil } from "../../convex/model/fiscal";
import { heldConsultation, onboardedWorld } from "./fixtures/payoutWorld";
import { buildWorld, type World } from "./fixtures/world";
import { setupTest, useStripeStandIn, type TestClient } from "./setup";

useStripeStandIn();

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
    await psychic.mutation(api.fiscalData.saveMine, { ...valid, city: "Milano", iban: "IT60X0542811101000000123456", partitaIva: "IT 123 456 789 03", fiscalRegime: "forfettario" });
    expect(await psychic.query(api.fiscalData.getMine, {})).toMatchObject({ city: "Milano", iban: "IT60X0542811101000000123456", partitaIva: "12345678903" });
    // Saved again without it, the partita IVA is removed.
    await psychic.mutation(api.fiscalData.saveMine, valid);
    expect(await psychic.query(api.fiscalData.getMine, {})).toMatchObject({ partitaIva: null });
    expect(await (w.as.psychicB as TestClient).query(api.fiscalData.getMine, {})).toBeNull();
  });

  it("refuses each wrong field with its name and keeps what was there", async () => {
    const w = await buildWorld(setupTest());
    const psychic = w.as.psychicA as TestClient;
    await psychic.mutation(api.fiscalData.saveMine, valid);
    const cases: Array<[string, Partial<typeof valid> & { iban?: string; partitaIva?: string }]> = [
      ["legalName", { legalName: "  " }],
      ["codiceFiscale", { codiceFiscale: "RSSMRA80A01H501X" }],
      ["dateOfBirth", { dateOfBirth: "2020-01-01" }],
      ["street", { street: "x".repeat(151) }],
      ["postalCode", { postalCode: "0010" }],
      ["city", { city: "" }],
      ["iban", { iban: "IT61X0542811101000000123456" }],
      ["partitaIva", { partitaIva: "12345678901" }],
    ];
    for (const [field, change] of cases) {
      const refused = await psychic.mutation(api.fiscalData.saveMine, { ...valid, ...change }).catch((error: { data: unknown }) => error.data);
      expect(refused).toEqual({ code: "INVALID_INPUT", field });
    }
    expect(await psychic.query(api.fiscalData.getMine, {})).toMatchObject({ legalName: "Maria Rossi", city: "Roma" });
  });
});

describe("a paid psychic's deletion keeps what DAC7 needs", () => {
  const thisYear = () => Number(new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(Date.now()).slice(0, 4));
  const report = (w: World) => (w.as.admin as TestClient).query(api.adminPayouts.dac7Report, { year: thisYear() });
  const deleteAccount = async (w: World, who: "psychicA" | "psychicB") => {
    await (w.as[who] as TestClient).mutation(api.users.deleteMyAccount, {});
    await w.t.finishAllScheduledFunctions(vi.runAllTimers);
  };
  const stored = (w: World) =>
    w.t.run(async (ctx) => ({
      retained: await ctx.db.query("retainedFiscalRecords").collect(),
      fiscal: await ctx.db.query("psychicFiscalData").collect(),
      profile: await ctx.db
        .query("psychicProfiles")
        .withIndex("by_userId", (q) => q.eq("userId", w.userIds.psychicA))
        .unique(),
    }));

  it("keeps the fiscal data apart from the profile: the year's report still has their full data, until 10 years after the year's end", async () => {
    const { w } = await onboardedWorld();
    await heldConsultation(w);
    await (w.as.psychicA as TestClient).mutation(api.fiscalData.saveMine, {
      ...valid,
      iban: "IT60X0542811101000000123456",
      partitaIva: "IT 12345678903",
      fiscalRegime: "ordinario",
    });
    await deleteAccount(w, "psychicA");

    const after = await report(w);
    expect(after).toMatchObject({ rows: 1, missingFiscalData: 0, missing: [] });
    const row = after.csv.trim().split("\r\n")[1];
    // Semicolons and decimal commas (Italian Excel), the partita IVA beside the codice fiscale.
    expect(row).toContain("Maria Rossi;RSSMRA80A01H501U;12345678903;1980-01-01;Via Roma 1, 00100 Roma, IT;IT60X0542811101000000123456;");
    expect(row).toContain("42,50;7,50;1");

    const { retained, fiscal, profile } = await stored(w);
    expect(profile).toBeNull();
    expect(fiscal).toEqual([]);
    expect(retained).toMatchObject([
      {
        psychicUserId: w.userIds.psychicA,
        legalName: "Maria Rossi",
        codiceFiscale: "RSSMRA80A01H501U",
        iban: "IT60X0542811101000000123456",
        partitaIva: "12345678903",
      },
    ]);
    expect(retained[0].keepUntil).toBe(fiscalRecordKeptUntil(thisYear()));
  });

  it("names a deleted psychic who never entered their fiscal data, with what is missing to complete", async () => {
    const { w } = await onboardedWorld(false);
    await heldConsultation(w);
    await deleteAccount(w, "psychicA");
    const after = await report(w);
    expect(after).toMatchObject({ rows: 1, missingFiscalData: 1 });
    expect(after.missing).toEqual([{ name: "Persona psychicA", email: null, accountDeleted: true }]);
    expect(after.csv.trim().split("\r\n")[1]).toContain("Persona psychicA;da completare;;da completare");
  });

  it("keeps nothing of a psychic who was never credited anything", async () => {
    const w = await buildWorld(setupTest());
    await (w.as.psychicB as TestClient).mutation(api.fiscalData.saveMine, valid);
    await deleteAccount(w, "psychicB");
    const { retained, fiscal } = await stored(w);
    expect(retained).toEqual([]);
    expect(fiscal).toEqual([]);
  });
});
