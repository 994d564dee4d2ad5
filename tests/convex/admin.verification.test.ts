// 'Verificati' is true (docs/product-rules.md, "Contact and admin"): an admin approves a profile, or changes to
// it, only once the verification call with the psychic is recorded as passed; the record says who, when, how it
// went and a note; the home page counts as verified only the listed psychics whose call passed.
import { describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import schema from "../../convex/schema";
import { buildWorld, snapshotAllTables, type World } from "./fixtures/world";
import { errorCodeOf, setupTest } from "./setup";

const tableNames = Object.keys(schema.tables);
const firstPage = { numItems: 100, cursor: null };
const rowOf = async (w: World, id: Id<"psychicProfiles">) =>
  (await w.as.admin.query(api.admin.listPsychics, { paginationOpts: firstPage })).page.find((row) => row.id === id)!;
const approve = async (w: World) =>
  w.as.admin.mutation(api.admin.approvePsychic, { profileId: w.profilePending, reviewVersion: (await rowOf(w, w.profilePending)).reviewVersion });
const verifiedFigure = async (w: World) => (await w.t.query(api.psychics.getTrustFigures, {})).verifiedPsychics;

describe("approval requires the verification call", () => {
  it("approval is refused without a passed verification call, and changes nothing", async () => {
    const w = await buildWorld(setupTest());
    const before = await snapshotAllTables(w.t, tableNames);
    expect(await errorCodeOf(approve(w))).toBe("VERIFICATION_CALL_REQUIRED");
    expect(await snapshotAllTables(w.t, tableNames)).toEqual(before);

    // A failed call is recorded, and approval is still refused.
    await w.as.admin.mutation(api.admin.recordVerificationCall, { profileId: w.profilePending, outcome: "failed", note: "Non ha risposto." });
    expect(await errorCodeOf(approve(w))).toBe("VERIFICATION_CALL_REQUIRED");
    expect(await rowOf(w, w.profilePending)).toMatchObject({ profileStatus: "pending", verificationCallCompleted: false });
  });

  it("changes to an approved profile whose call never passed are refused too", async () => {
    const w = await buildWorld(setupTest());
    await w.t.run((ctx) =>
      ctx.db.patch("psychicProfiles", w.profilePending, {
        profileStatus: "approved",
        pendingChanges: { psychicName: "Nuovo nome", bio: "Nuova biografia." },
        changesSubmittedAt: Date.now(),
      }),
    );
    expect(await errorCodeOf(approve(w))).toBe("VERIFICATION_CALL_REQUIRED");
  });

  it("records who, when, the outcome and the note; a passed call then lets the approval through and is final", async () => {
    const w = await buildWorld(setupTest());
    await w.as.admin.mutation(api.admin.recordVerificationCall, {
      profileId: w.profilePending,
      outcome: "passed",
      note: "  Documento e referenze confermati.  ",
    });
    expect(await rowOf(w, w.profilePending)).toMatchObject({
      verificationCallCompleted: true,
      verificationCall: { recordedAt: Date.now(), outcome: "passed", note: "Documento e referenze confermati." },
    });
    const stored = await w.t.run((ctx) => ctx.db.get("psychicProfiles", w.profilePending));
    expect(stored?.verificationCall?.recordedBy).toBe(w.userIds.admin);

    expect(await approve(w)).toEqual({ profileStatus: "approved" });
    expect(
      await errorCodeOf(w.as.admin.mutation(api.admin.recordVerificationCall, { profileId: w.profilePending, outcome: "failed" })),
    ).toBe("INVALID_STATE");
  });

  it("a note over 500 characters is refused and nothing is recorded", async () => {
    const w = await buildWorld(setupTest());
    const before = await snapshotAllTables(w.t, tableNames);
    const call = w.as.admin.mutation(api.admin.recordVerificationCall, { profileId: w.profilePending, outcome: "passed", note: "x".repeat(501) });
    expect(await errorCodeOf(call)).toBe("INVALID_INPUT");
    expect(await snapshotAllTables(w.t, tableNames)).toEqual(before);
  });

  it("the admin's list shows the prices as the public will see them, for the approval's preview", async () => {
    const w = await buildWorld(setupTest());
    await w.t.run((ctx) =>
      ctx.db.patch("psychicProfiles", w.profilePending, { pricesCents: { "30": 4000, "60": 7000 }, availableDurations: [60, 30] }),
    );
    expect((await rowOf(w, w.profilePending)).prices).toEqual([
      { durationMinutes: 30, priceCents: 4000 },
      { durationMinutes: 60, priceCents: 7000 },
    ]);
  });
});

describe("the home page's 'cartomanti verificati'", () => {
  it("counts a newly approved psychic only once listed, and only because the call passed", async () => {
    const w = await buildWorld(setupTest());
    const before = await verifiedFigure(w);
    await w.t.run((ctx) => ctx.db.patch("psychicProfiles", w.profilePending, { isPubliclyVisible: true }));
    await w.as.admin.mutation(api.admin.recordVerificationCall, { profileId: w.profilePending, outcome: "passed" });
    expect(await verifiedFigure(w)).toBe(before);
    await approve(w);
    expect(await verifiedFigure(w)).toBe(before + 1);
  });
});
