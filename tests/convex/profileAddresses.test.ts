// Readable profile addresses (docs/product-rules.md, "Psychics"): the slug given at the first Publish,
// unique, accents folded, kept after a rename; the migration for profiles published before; the profile
// page's queries by slug or id.
import { describe, expect, it } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { acceptConductAs, insertPsychic, publishableLuna } from "./fixtures/psychics";
import { setupTest, signInAs, type TestConvex } from "./setup";

async function publishAs(t: TestConvex, email: string, psychicName: string) {
  const psychic = await signInAs(t, { email, name: "Prova Prova", accountType: "psychic" });
  const profileId = await psychic.as.mutation(api.psychicProfiles.ensureMine, {});
  await acceptConductAs(psychic.as);
  await psychic.as.mutation(api.psychicProfiles.publishMine, { ...publishableLuna(), psychicName });
  return { ...psychic, profileId };
}

const slugOf = (t: TestConvex, profileId: Id<"psychicProfiles">) => t.run(async (ctx) => (await ctx.db.get("psychicProfiles", profileId))?.slug ?? null);

describe("a profile's readable address", () => {
  it("is given at the first Publish from the name, accents folded, and a namesake gets -2 then -3", async () => {
    const t = setupTest();
    const first = await publishAs(t, "a@esempio.it", "Séléne");
    const second = await publishAs(t, "b@esempio.it", "Selène");
    const third = await publishAs(t, "c@esempio.it", "SELENE!");
    expect(await slugOf(t, first.profileId)).toBe("selene");
    expect(await slugOf(t, second.profileId)).toBe("selene-2");
    expect(await slugOf(t, third.profileId)).toBe("selene-3");
  });

  it("is not given to a draft, and stays the same after a rename and a second Publish", async () => {
    const t = setupTest();
    const psychic = await signInAs(t, { email: "luna@esempio.it", name: "Luna Rossi", accountType: "psychic" });
    const profileId = await psychic.as.mutation(api.psychicProfiles.ensureMine, {});
    await acceptConductAs(psychic.as);
    await psychic.as.mutation(api.psychicProfiles.saveMine, { ...publishableLuna(), psychicName: "Bozza" });
    expect(await slugOf(t, profileId)).toBeNull();
    await psychic.as.mutation(api.psychicProfiles.publishMine, { ...publishableLuna(), psychicName: "Luna d'Argento" });
    expect(await slugOf(t, profileId)).toBe("luna-d-argento");
    await psychic.as.mutation(api.psychicProfiles.publishMine, { ...publishableLuna(), psychicName: "Aurora" });
    expect(await slugOf(t, profileId)).toBe("luna-d-argento");
    // A newcomer named as the old name does not take the address.
    const other = await publishAs(t, "b@esempio.it", "Luna d'Argento");
    expect(await slugOf(t, other.profileId)).toBe("luna-d-argento-2");
  });

  it("is given with approval required too, while the profile waits for review", async () => {
    const t = setupTest();
    await t.run((ctx) => ctx.db.insert("systemSettings", { key: "psychic_approval_required", value: true }));
    const { profileId } = await publishAs(t, "a@esempio.it", "Vega");
    expect(await slugOf(t, profileId)).toBe("vega");
  });

  it("is given by the migration to every published profile without one, once, and never to a draft", async () => {
    const t = setupTest();
    const ids = await t.run(async (ctx) => {
      const taken = await insertPsychic(ctx, { psychicName: "Dante", slug: "dante" });
      const old = await insertPsychic(ctx, { psychicName: "Dante" });
      const pending = await insertPsychic(ctx, { psychicName: "Mirò", profileStatus: "pending" });
      const draft = await insertPsychic(ctx, { psychicName: "Bozza", profileStatus: "draft" });
      return { taken: taken.profileId, old: old.profileId, pending: pending.profileId, draft: draft.profileId };
    });
    expect(await t.mutation(internal.profileAddresses.assignMissingSlugs, {})).toEqual({ assigned: 2, done: true });
    expect(await slugOf(t, ids.taken)).toBe("dante");
    expect(await slugOf(t, ids.old)).toBe("dante-2");
    expect(await slugOf(t, ids.pending)).toBe("miro");
    expect(await slugOf(t, ids.draft)).toBeNull();
    expect(await t.mutation(internal.profileAddresses.assignMissingSlugs, {})).toEqual({ assigned: 0, done: true });
  });
});

describe("the profile page's queries", () => {
  it("find a listed profile by its slug or its id, and answer with the slug", async () => {
    const t = setupTest();
    const { profileId } = await publishAs(t, "a@esempio.it", "Selene");
    const bySlug = await t.query(api.psychics.getPublicProfile, { id: "selene" });
    const byId = await t.query(api.psychics.getPublicProfile, { id: profileId });
    expect(bySlug).toMatchObject({ id: profileId, slug: "selene", psychicName: "Selene" });
    expect(byId).toEqual(bySlug);
    const now = Date.now();
    expect(await t.query(api.psychicFigures.getForProfile, { id: "selene", now })).toEqual(
      await t.query(api.psychicFigures.getForProfile, { id: profileId, now }),
    );
    expect(await t.query(api.psychics.listNextAvailability, { id: "selene", now })).toEqual(
      await t.query(api.psychics.listNextAvailability, { id: profileId, now }),
    );
  });

  it("answer nothing for an unknown slug, a malformed address or a hidden profile's slug", async () => {
    const t = setupTest();
    const psychic = await publishAs(t, "a@esempio.it", "Selene");
    for (const address of ["nessuno", "Selene", "selene/../x", "x".repeat(500)]) {
      expect(await t.query(api.psychics.getPublicProfile, { id: address })).toBeNull();
    }
    await psychic.as.mutation(api.psychicProfiles.setPubliclyVisible, { isPubliclyVisible: false });
    expect(await t.query(api.psychics.getPublicProfile, { id: "selene" })).toBeNull();
    expect(await t.query(api.psychicFigures.getForProfile, { id: "selene", now: Date.now() })).toBeNull();
    expect(await t.query(api.psychics.listNextAvailability, { id: "selene", now: Date.now() })).toEqual([]);
  });
});
