// The code of conduct: publishing is refused until the psychic has accepted the current version; a
// newer version asks again before the next publish and leaves a published profile as it is.
import { describe, expect, it } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import { CONDUCT_VERSION } from "../../convex/model/conduct";
import { defaultAvailability } from "../../convex/model/profileRules";
import schema from "../../convex/schema";
import { snapshotAllTables } from "./fixtures/world";
import { errorCodeOf, setupTest, signInAs, type TestConvex } from "./setup";

const tableNames = Object.keys(schema.tables);

const complete = {
  psychicName: "Luna",
  bio: "Leggo i Tarocchi con calma e chiarezza.",
  specialties: ["Tarocchi"] as "Tarocchi"[],
  specializations: [] as never[],
  yearsExperience: 7,
  availableDurations: [30] as 30[],
  pricesCents: { "30": 3500 },
  availability: defaultAvailability(),
};

async function newPsychic(t: TestConvex) {
  const psychic = await signInAs(t, { email: "luna@esempio.it", name: "Luna Rossi", accountType: "psychic" });
  await psychic.as.mutation(api.psychicProfiles.ensureMine, {});
  return psychic;
}

const profileOf = (t: TestConvex) => t.run(async (ctx) => (await ctx.db.query("psychicProfiles").collect())[0]);

describe("the code of conduct before publishing", () => {
  it("a psychic who has not accepted it cannot publish, and nothing changes", async () => {
    const t = setupTest();
    const { as } = await newPsychic(t);
    expect(await as.query(api.conduct.getMine, {})).toEqual({ currentVersion: CONDUCT_VERSION, accepted: null });
    const before = await snapshotAllTables(t, tableNames);
    expect(await errorCodeOf(as.mutation(api.psychicProfiles.publishMine, complete))).toBe("CONDUCT_NOT_ACCEPTED");
    expect(await snapshotAllTables(t, tableNames)).toEqual(before);
    expect((await as.query(api.psychicProfiles.getMine, {}))?.profileStatus).toBe("draft");
  });

  it("accepting the current version stores it with its time, and then publishing works", async () => {
    const t = setupTest();
    const { as } = await newPsychic(t);
    const startedAt = Date.now();
    const acceptance = await as.mutation(api.conduct.acceptMine, { version: CONDUCT_VERSION });
    expect(acceptance.version).toBe(CONDUCT_VERSION);
    expect(acceptance.acceptedAt).toBeGreaterThanOrEqual(startedAt);
    expect((await profileOf(t)).conductAcceptance).toEqual(acceptance);
    expect(await as.query(api.conduct.getMine, {})).toEqual({ currentVersion: CONDUCT_VERSION, accepted: acceptance });
    expect(await as.mutation(api.psychicProfiles.publishMine, complete)).toEqual({ profileStatus: "approved" });
  });

  it("accepting again keeps the first time", async () => {
    const t = setupTest();
    const { as } = await newPsychic(t);
    const first = await as.mutation(api.conduct.acceptMine, { version: CONDUCT_VERSION });
    expect(await as.mutation(api.conduct.acceptMine, { version: CONDUCT_VERSION })).toEqual(first);
  });

  it("a version other than the current one is refused and nothing is stored", async () => {
    const t = setupTest();
    const { as } = await newPsychic(t);
    for (const version of [CONDUCT_VERSION - 1, CONDUCT_VERSION + 1, 0.5]) {
      expect(await errorCodeOf(as.mutation(api.conduct.acceptMine, { version }))).toBe("CONDUCT_OUTDATED");
    }
    expect((await profileOf(t)).conductAcceptance).toBeUndefined();
  });

  it("after a new version, an old acceptance no longer publishes, while the published profile stays listed", async () => {
    const t = setupTest();
    const { as } = await newPsychic(t);
    await as.mutation(api.conduct.acceptMine, { version: CONDUCT_VERSION });
    await as.mutation(api.psychicProfiles.publishMine, complete);
    // The psychic accepted the version before the current one (as if the code changed since).
    const profile = await profileOf(t);
    await t.run((ctx) => ctx.db.patch("psychicProfiles", profile._id, { conductAcceptance: { version: CONDUCT_VERSION - 1, acceptedAt: 1 } }));
    expect((await t.query(internal.psychics.listPublic, {})).psychics.map((card) => card.psychicName)).toEqual(["Luna"]);
    expect(await errorCodeOf(as.mutation(api.psychicProfiles.publishMine, { ...complete, bio: "Una biografia nuova e diversa." }))).toBe(
      "CONDUCT_NOT_ACCEPTED",
    );
    expect((await profileOf(t)).bio).toBe(complete.bio);
    await as.mutation(api.conduct.acceptMine, { version: CONDUCT_VERSION });
    expect(await as.mutation(api.psychicProfiles.publishMine, complete)).toEqual({ profileStatus: "approved" });
  });

  it("only psychics read or accept it", async () => {
    const t = setupTest();
    const client = await signInAs(t, { email: "giulia@esempio.it", accountType: "client" });
    expect(await errorCodeOf(client.as.query(api.conduct.getMine, {}))).toBe("PSYCHIC_ONLY");
    expect(await errorCodeOf(client.as.mutation(api.conduct.acceptMine, { version: CONDUCT_VERSION }))).toBe("PSYCHIC_ONLY");
    expect(await errorCodeOf(t.mutation(api.conduct.acceptMine, { version: CONDUCT_VERSION }))).toBe("NOT_AUTHENTICATED");
  });
});
