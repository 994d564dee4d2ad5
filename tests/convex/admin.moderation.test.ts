// Moderation that holds (docs/product-rules.md, "Psychics", "Contact and admin"): an admin's suspension the
// psychic cannot lift, and approval or rejection bound to the version of the profile the admin reviewed.
import { describe, expect, it } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { weekFrom } from "../../convex/demo/data";
import schema from "../../convex/schema";
import { publishableLuna, acceptConductAs } from "./fixtures/psychics";
import { snapshotAllTables, worldOpenMondayMornings, type World } from "./fixtures/world";
import { errorCodeOf, setupTest, signInAs, uploadPhotoAs, type TestClient } from "./setup";
import { jpegHead } from "./fixtures/photoBytes";

const tableNames = Object.keys(schema.tables);
const NOTE = "Segnalazioni di richieste di pagamento fuori piattaforma: profilo sospeso in attesa di verifica.";
const jpeg = [jpegHead()];

const world = () => worldOpenMondayMornings(setupTest());

const admin = (w: World) => w.as.admin as TestClient;
const profileOf = (w: World, id: Id<"psychicProfiles">) => w.t.run((ctx) => ctx.db.get("psychicProfiles", id));
const rowOf = async (w: World, id: Id<"psychicProfiles">) =>
  (await admin(w).query(api.admin.listPsychics, { paginationOpts: { numItems: 100, cursor: null } })).page.find((row) => row.id === id)!;
const suspendA = (w: World, note = NOTE) => admin(w).mutation(api.admin.suspendPsychic, { profileId: w.profileA, note });

/** The profile's page, card, free times, calendar, next days and reviews, as a visitor reads them. */
async function publicView(w: World, id: Id<"psychicProfiles">) {
  const now = Date.now();
  const listed = (await w.t.query(internal.psychics.listPublic, {})).psychics.some((card) => card.id === id);
  const featured = (await w.t.query(api.psychics.listFeatured, {})).some((card) => card.id === id);
  const page = await w.t.query(api.psychics.getPublicProfile, { id });
  const next = await w.t.query(api.psychics.listNextAvailability, { id, now });
  const times = await w.t.query(api.bookings.listFreeStarts, { psychicProfileId: id, date: w.monday, durationMinutes: 30, now });
  const dates = await w.t.query(api.bookings.listBookableDates, { psychicProfileId: id, from: w.monday, days: 7, durationMinutes: 30, now });
  const reviews = await errorCodeOf(
    w.t.query(api.reviews.listPageForProfile, { psychicProfileId: id, paginationOpts: { numItems: 5, cursor: null } }),
  ).catch(() => "readable");
  return { listed, featured, page: page !== null, next: next.length > 0, times, dates: dates.length > 0, reviews };
}

describe("an admin's suspension of a psychic", () => {
  it("needs a note of 1–500 characters after trimming, records who suspended and when, and changes nothing when refused", async () => {
    const w = await world();
    const before = await snapshotAllTables(w.t, tableNames);
    for (const note of ["", "   ", "x".repeat(501)]) expect(await errorCodeOf(suspendA(w, note))).toBe("INVALID_INPUT");
    expect(await snapshotAllTables(w.t, tableNames)).toEqual(before);

    await suspendA(w, `  ${"x".repeat(500)}  `);
    expect(await profileOf(w, w.profileA)).toMatchObject({
      suspendedAt: Date.now(),
      suspendedBy: w.userIds.admin,
      suspensionNote: "x".repeat(500),
    });
  });

  it("takes the psychic off everything public: list, home page, profile, free times, calendar, next days and reviews look not found", async () => {
    const w = await world();
    expect(await publicView(w, w.profileA)).toMatchObject({ listed: true, featured: true, page: true, dates: true, reviews: "readable" });
    await suspendA(w);
    expect(await publicView(w, w.profileA)).toEqual({
      listed: false,
      featured: false,
      page: false,
      next: false,
      times: null,
      dates: false,
      reviews: "NOT_FOUND",
    });
    // Exactly like a hidden psychic.
    const hidden = await world();
    await hidden.t.run((ctx) => ctx.db.patch("psychicProfiles", hidden.profileA, { isPubliclyVisible: false }));
    expect(await publicView(hidden, hidden.profileA)).toEqual(await publicView(w, w.profileA));
  });

  it("a suspended psychic cannot be booked: a new checkout and a move to another of their times are refused", async () => {
    const w = await world();
    await suspendA(w);
    const checkout = { psychicProfileId: w.profileA, durationMinutes: 30 as const, date: w.monday, time: "10:00", consent: true };
    expect(await errorCodeOf(w.as.clientB.action(api.payments.startCheckout, checkout))).toBe("NOT_FOUND");
    const move = { bookingId: w.bookingA, date: w.monday, time: "11:00" };
    expect(await errorCodeOf(w.as.clientA.mutation(api.bookings.rescheduleByClient, move))).toBe("PSYCHIC_UNAVAILABLE");
    expect(await w.t.run((ctx) => ctx.db.query("bookings").collect())).toHaveLength(3);
  });

  it("confirmed bookings stay as they are: the client and the psychic still see them confirmed", async () => {
    const w = await world();
    await suspendA(w);
    expect(await w.as.clientA.query(api.bookings.getMine, { bookingId: w.bookingA })).toMatchObject({ status: "confirmed" });
    const forPsychic = await w.as.psychicA.query(api.bookings.listForPsychic, { now: Date.now() });
    expect(forPsychic.upcoming.map((booking) => booking.id)).toContain(w.bookingA);
  });

  it("the psychic cannot lift it: making the profile public or publishing is refused and changes nothing; hiding it is allowed", async () => {
    const w = await world();
    await suspendA(w);
    const psychic = w.as.psychicA as TestClient;
    await psychic.mutation(api.psychicProfiles.setPubliclyVisible, { isPubliclyVisible: false });
    const before = await snapshotAllTables(w.t, tableNames);
    expect(await errorCodeOf(psychic.mutation(api.psychicProfiles.setPubliclyVisible, { isPubliclyVisible: true }))).toBe("PROFILE_SUSPENDED");
    const mine = (await psychic.query(api.psychicProfiles.getMine, {}))!;
    const fields = {
      psychicName: mine.psychicName,
      bio: "Una biografia tutta nuova.",
      specialties: mine.specialties,
      specializations: mine.specializations,
      yearsExperience: mine.yearsExperience,
      availableDurations: mine.availableDurations,
      pricesCents: mine.pricesCents,
      availability: mine.availability,
    };
    expect(await errorCodeOf(psychic.mutation(api.psychicProfiles.publishMine, fields))).toBe("PROFILE_SUSPENDED");
    expect(await snapshotAllTables(w.t, tableNames)).toEqual(before);
    expect((await publicView(w, w.profileA)).page).toBe(false);
  });

  it("the psychic reads the admin's note and when it was given, never who gave it", async () => {
    const w = await world();
    await suspendA(w);
    const mine = await (w.as.psychicA as TestClient).query(api.psychicProfiles.getMine, {});
    expect(mine?.suspension).toEqual({ note: NOTE, suspendedAt: Date.now() });
    expect(JSON.stringify(mine)).not.toContain(w.userIds.admin);
    expect((await (w.as.psychicB as TestClient).query(api.psychicProfiles.getMine, {}))?.suspension).toBeNull();
  });

  it("the admin's list shows the suspension; lifting it lists the psychic again as they had chosen; both act only once", async () => {
    const w = await world();
    await suspendA(w);
    expect((await rowOf(w, w.profileA)).suspension).toEqual({ note: NOTE, suspendedAt: Date.now() });
    expect(await errorCodeOf(suspendA(w, "Di nuovo."))).toBe("INVALID_STATE");

    await admin(w).mutation(api.admin.liftSuspension, { profileId: w.profileA });
    expect((await rowOf(w, w.profileA)).suspension).toBeNull();
    expect(await profileOf(w, w.profileA)).toMatchObject({ isPubliclyVisible: true, profileStatus: "approved" });
    expect(await profileOf(w, w.profileA)).not.toHaveProperty("suspendedAt");
    expect((await publicView(w, w.profileA)).page).toBe(true);
    expect(await errorCodeOf(admin(w).mutation(api.admin.liftSuspension, { profileId: w.profileA }))).toBe("INVALID_STATE");
  });

  it("leaves the admin's figures alone: a suspended psychic is still a psychic account", async () => {
    const w = await world();
    const overview = () => admin(w).query(api.admin.getOverview, { now: Date.now() });
    const before = await overview();
    await suspendA(w);
    expect(await overview()).toEqual(before);
  });
});

describe("approval bound to the version the admin reviewed", () => {
  /** A psychic who published with the approval switch on, waiting for review. */
  async function pendingWorld(approved = false) {
    const w = await world();
    await w.t.run((ctx) => ctx.db.insert("systemSettings", { key: "psychic_approval_required", value: true }));
    const psychic = await signInAs(w.t, { email: "luna@esempio.it", name: "Luna Rossi", accountType: "psychic" });
    await psychic.as.mutation(api.psychicProfiles.ensureMine, {});
    await acceptConductAs(psychic.as);
    await psychic.as.mutation(api.psychicProfiles.publishMine, fields);
    const profileId = (await psychic.as.query(api.psychicProfiles.getMine, {}))!.id;
    // Approval needs the verification call passed (admin.verification.test.ts); it does not change the version read.
    await admin(w).mutation(api.admin.recordVerificationCall, { profileId, outcome: "passed" });
    if (approved) await admin(w).mutation(api.admin.approvePsychic, { profileId, reviewVersion: (await rowOf(w, profileId)).reviewVersion });
    return { w, psychic: psychic.as, profileId };
  }
  const fields = publishableLuna(weekFrom({ monday: ["09:00"] }));

  it("the review list names each profile's version; it rises with every change to name, bio or photo, not with other edits", async () => {
    const { w, psychic, profileId } = await pendingWorld();
    const version = async () => (await rowOf(w, profileId)).reviewVersion;
    const first = await version();
    await psychic.mutation(api.psychicProfiles.saveMine, { ...fields, pricesCents: { "30": 4000 }, yearsExperience: 8 });
    expect(await version()).toBe(first);
    await psychic.mutation(api.psychicProfiles.saveMine, { ...fields, bio: "Un'altra biografia." });
    const afterBio = await version();
    expect(afterBio).toBeGreaterThan(first);
    await psychic.mutation(api.psychicProfiles.saveMine, { ...fields, bio: "Un'altra biografia.", psychicName: "Luna Nuova" });
    const afterName = await version();
    expect(afterName).toBeGreaterThan(afterBio);
    await psychic.action(api.psychicProfiles.setMyPhoto, { storageId: await uploadPhotoAs(w.t, psychic, jpeg) });
    expect(await version()).toBeGreaterThan(afterName);
  });

  it("approving a new profile changed since the admin read it is refused and changes nothing; the version read approves", async () => {
    const { w, psychic, profileId } = await pendingWorld();
    const seen = (await rowOf(w, profileId)).reviewVersion;
    await psychic.mutation(api.psychicProfiles.saveMine, { ...fields, psychicName: "Chiamami al 333 1234567" });
    const before = await snapshotAllTables(w.t, tableNames);
    expect(await errorCodeOf(admin(w).mutation(api.admin.approvePsychic, { profileId, reviewVersion: seen }))).toBe("PROFILE_CHANGED");
    expect(await snapshotAllTables(w.t, tableNames)).toEqual(before);
    expect(await w.t.query(api.psychics.getPublicProfile, { id: profileId })).toBeNull();

    const reread = await rowOf(w, profileId);
    expect(reread.psychicName).toBe("Chiamami al 333 1234567");
    await admin(w).mutation(api.admin.approvePsychic, { profileId, reviewVersion: reread.reviewVersion });
    expect(await w.t.query(api.psychics.getPublicProfile, { id: profileId })).toMatchObject({ psychicName: "Chiamami al 333 1234567" });
  });

  it("rejecting a new profile changed since the admin read it is refused the same way", async () => {
    const { w, psychic, profileId } = await pendingWorld();
    const seen = (await rowOf(w, profileId)).reviewVersion;
    await psychic.mutation(api.psychicProfiles.saveMine, { ...fields, bio: "Tutta un'altra storia." });
    const reject = (reviewVersion: number) => admin(w).mutation(api.admin.rejectPsychic, { profileId, reviewVersion, note: "Manca la foto." });
    expect(await errorCodeOf(reject(seen))).toBe("PROFILE_CHANGED");
    expect(await profileOf(w, profileId)).toMatchObject({ profileStatus: "pending" });
    await reject((await rowOf(w, profileId)).reviewVersion);
    expect(await profileOf(w, profileId)).toMatchObject({ profileStatus: "rejected", adminNotes: "Manca la foto." });
  });

  it("an approved psychic's pending changes swapped after the admin read them are neither approved nor dropped; the public keeps the approved version", async () => {
    const { w, psychic, profileId } = await pendingWorld(true);
    await psychic.mutation(api.psychicProfiles.saveMine, { ...fields, bio: "Una biografia rivista." });
    const seen = await rowOf(w, profileId);
    expect(seen).toMatchObject({ inReview: "changes", pendingChanges: { bio: "Una biografia rivista." } });
    await psychic.mutation(api.psychicProfiles.saveMine, { ...fields, bio: "Scrivimi su WhatsApp: 333 1234567." });
    const before = await snapshotAllTables(w.t, tableNames);
    expect(await errorCodeOf(admin(w).mutation(api.admin.approvePsychic, { profileId, reviewVersion: seen.reviewVersion }))).toBe("PROFILE_CHANGED");
    const drop = { profileId, reviewVersion: seen.reviewVersion, note: "No." };
    expect(await errorCodeOf(admin(w).mutation(api.admin.rejectPsychic, drop))).toBe("PROFILE_CHANGED");
    expect(await snapshotAllTables(w.t, tableNames)).toEqual(before);
    expect(await w.t.query(api.psychics.getPublicProfile, { id: profileId })).toMatchObject({ bio: fields.bio });

    // A photo swapped after the admin read the changes is refused too.
    const reread = (await rowOf(w, profileId)).reviewVersion;
    await psychic.action(api.psychicProfiles.setMyPhoto, { storageId: await uploadPhotoAs(w.t, psychic, jpeg) });
    expect(await errorCodeOf(admin(w).mutation(api.admin.approvePsychic, { profileId, reviewVersion: reread }))).toBe("PROFILE_CHANGED");
  });

  it("after approval, a later change goes back to review under a new version", async () => {
    const { w, psychic, profileId } = await pendingWorld(true);
    const approvedVersion = (await rowOf(w, profileId)).reviewVersion;
    await psychic.mutation(api.psychicProfiles.saveMine, { ...fields, psychicName: "Luna Stellare" });
    const row = await rowOf(w, profileId);
    expect(row).toMatchObject({ inReview: "changes", pendingChanges: { psychicName: "Luna Stellare" } });
    expect(row.reviewVersion).toBeGreaterThan(approvedVersion);
    expect(await errorCodeOf(admin(w).mutation(api.admin.approvePsychic, { profileId, reviewVersion: approvedVersion }))).toBe("PROFILE_CHANGED");
    await admin(w).mutation(api.admin.approvePsychic, { profileId, reviewVersion: row.reviewVersion });
    expect(await w.t.query(api.psychics.getPublicProfile, { id: profileId })).toMatchObject({ psychicName: "Luna Stellare" });
  });
});
