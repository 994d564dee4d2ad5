// What a psychic offers (docs/product-rules.md, "Chat consultations"): voice, chat or both, each with its price
// per length, saved by the psychic, and shown to the public on the cards, the list (with its filter) and the profile.
import { describe, expect, it } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { defaultAvailability } from "../../convex/model/profileRules";
import { acceptConductAs } from "./fixtures/psychics";
import { errorCodeOf, setupTest, signInAs, type TestClient, type TestConvex } from "./setup";

const complete = {
  psychicName: "Luna",
  bio: "Leggo i Tarocchi con calma e chiarezza.",
  specialties: ["Tarocchi"] as "Tarocchi"[],
  specializations: ["Amore e Relazioni"] as "Amore e Relazioni"[],
  yearsExperience: 7,
  availableDurations: [15, 30] as (15 | 30)[],
  pricesCents: { "15": 2000, "30": 3500 },
  availability: defaultAvailability(),
};

async function publishedPsychic(t: TestConvex, email: string, offer: { consultationTypes?: ("voice" | "chat")[]; chatPricesCents?: Record<string, number> }) {
  const psychic = await signInAs(t, { email, name: email.split("@")[0], accountType: "psychic" });
  await psychic.as.mutation(api.psychicProfiles.ensureMine, {});
  await acceptConductAs(psychic.as);
  await psychic.as.mutation(api.psychicProfiles.publishMine, { ...complete, psychicName: email.split("@")[0], ...offer });
  const mine = await psychic.as.query(api.psychicProfiles.getMine, {});
  return { as: psychic.as as TestClient, id: mine!.id as Id<"psychicProfiles"> };
}

describe("the psychic's offer", () => {
  it("a new profile offers calls; the psychic adds chat with its own prices and reads both back", async () => {
    const t = setupTest();
    const psychic = await signInAs(t, { email: "luna@esempio.it", accountType: "psychic" });
    await psychic.as.mutation(api.psychicProfiles.ensureMine, {});
    expect(await psychic.as.query(api.psychicProfiles.getMine, {})).toMatchObject({ consultationTypes: ["voice"], chatPricesCents: {} });
    await psychic.as.mutation(api.psychicProfiles.saveMine, { ...complete, consultationTypes: ["chat", "voice"], chatPricesCents: { "15": 1500, "30": 2500 } });
    expect(await psychic.as.query(api.psychicProfiles.getMine, {})).toMatchObject({
      consultationTypes: ["voice", "chat"],
      pricesCents: { "15": 2000, "30": 3500 },
      chatPricesCents: { "15": 1500, "30": 2500 },
    });
  });

  it("refuses, saving nothing, a profile offering no type or a chat length without its price", async () => {
    const t = setupTest();
    const psychic = await signInAs(t, { email: "luna@esempio.it", accountType: "psychic" });
    await psychic.as.mutation(api.psychicProfiles.ensureMine, {});
    const before = await psychic.as.query(api.psychicProfiles.getMine, {});
    expect(await errorCodeOf(psychic.as.mutation(api.psychicProfiles.saveMine, { ...complete, consultationTypes: [] }))).toBe("CONSULTATION_TYPE_REQUIRED");
    const missing = psychic.as.mutation(api.psychicProfiles.saveMine, { ...complete, consultationTypes: ["voice", "chat"], chatPricesCents: { "30": 2500 } });
    await expect(missing).rejects.toMatchObject({ data: { code: "INVALID_INPUT", field: "chatPricesCents.15" } });
    expect(await psychic.as.query(api.psychicProfiles.getMine, {})).toEqual(before);
  });

  it("a screen that does not send the types keeps them, and prices of lengths no longer offered go", async () => {
    const t = setupTest();
    const luna = await publishedPsychic(t, "luna@esempio.it", { consultationTypes: ["voice", "chat"], chatPricesCents: { "15": 1500, "30": 2500 } });
    await luna.as.mutation(api.psychicProfiles.saveMine, { ...complete, availableDurations: [30], pricesCents: { "30": 3500 } });
    expect(await luna.as.query(api.psychicProfiles.getMine, {})).toMatchObject({ consultationTypes: ["voice", "chat"], chatPricesCents: { "30": 2500 } });
  });

  it("chat only: the call's prices are not needed", async () => {
    const t = setupTest();
    const luna = await publishedPsychic(t, "luna@esempio.it", { consultationTypes: ["chat"], chatPricesCents: { "15": 1500, "30": 2500 } });
    expect(await t.query(api.psychics.getPublicProfile, { id: luna.id })).toMatchObject({
      consultationTypes: ["chat"],
      prices: [
        { type: "chat", minutes: 15, priceCents: 1500 },
        { type: "chat", minutes: 30, priceCents: 2500 },
      ],
      minPriceCents: 1500,
    });
  });
});

describe("what the public sees", () => {
  it("the profile lists each type's prices, voice first, and the card starts from the lowest", async () => {
    const t = setupTest();
    const luna = await publishedPsychic(t, "luna@esempio.it", { consultationTypes: ["voice", "chat"], chatPricesCents: { "15": 1000, "30": 2500 } });
    expect(await t.query(api.psychics.getPublicProfile, { id: luna.id })).toMatchObject({
      consultationTypes: ["voice", "chat"],
      prices: [
        { type: "voice", minutes: 15, priceCents: 2000 },
        { type: "voice", minutes: 30, priceCents: 3500 },
        { type: "chat", minutes: 15, priceCents: 1000 },
        { type: "chat", minutes: 30, priceCents: 2500 },
      ],
      minPriceCents: 1000,
    });
  });

  it("the list filters by type, and then starts each card from that type's price", async () => {
    const t = setupTest();
    const both = await publishedPsychic(t, "luna@esempio.it", { consultationTypes: ["voice", "chat"], chatPricesCents: { "15": 1500, "30": 2500 } });
    const voiceOnly = await publishedPsychic(t, "orione@esempio.it", {});
    const all = await t.query(internal.psychics.listPublic, {});
    expect(all.psychics.map((card) => [card.id, card.consultationTypes]).sort()).toEqual(
      [
        [both.id, ["voice", "chat"]],
        [voiceOnly.id, ["voice"]],
      ].sort(),
    );
    const chats = await t.query(internal.psychics.listPublic, { consultationType: "chat" });
    expect(chats.psychics.map((card) => [card.id, card.minPriceCents])).toEqual([[both.id, 1500]]);
    const calls = await t.query(internal.psychics.listPublic, { consultationType: "voice" });
    expect(calls.psychics.map((card) => card.minPriceCents).sort()).toEqual([2000, 2000]);
    expect((await t.query(internal.psychics.listPublic, { consultationType: null })).psychics).toHaveLength(2);
  });
});
