// Each admin switch changes what the server allows, whatever the screens show: psychic sign-up,
// starting a payment, writes during maintenance, and review of a psychic's profile and later edits.
import { describe, expect, it } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import type { SettingKey } from "../../convex/framework/validators";
import { publishableLuna, acceptConductAs } from "./fixtures/psychics";
import { buildWorld, type World } from "./fixtures/world";
import { signedEvent } from "./fixtures/stripeStandIn";
import { DEFAULT_TEST_PASSWORD, errorCodeOf, originPassFor, setupTest, signInAs, signUpWithPassword, stripe, uploadPhotoAs, useStripeStandIn, type TestConvex } from "./setup";
import { jpegHead } from "./fixtures/photoBytes";

useStripeStandIn();

const signUp = async (t: TestConvex, email: string, accountType: "client" | "psychic") =>
  t.action(api.auth.signIn, {
    provider: "password",
    params: {
      flow: "signUp",
      email,
      password: DEFAULT_TEST_PASSWORD,
      name: "Nuova Persona",
      accountType,
      consent: true,
      originPass: await originPassFor(t, "127.0.0.1"),
    },
  });

const setSwitch = (w: World, key: SettingKey, value: boolean) => w.as.admin.mutation(api.admin.setSetting, { key, value });
const checkout = (w: World) => ({ psychicProfileId: w.profileA, durationMinutes: 30 as const, date: w.monday, time: "09:00", consent: true });

describe("psychic_registration_enabled", () => {
  it("off: a psychic cannot sign up, a client still can; on again: the psychic can", async () => {
    const w = await buildWorld(setupTest());
    await setSwitch(w, "psychic_registration_enabled", false);
    expect(await errorCodeOf(signUp(w.t, "nuova.lettrice@esempio.it", "psychic"))).toBe("PSYCHIC_REGISTRATION_DISABLED");
    await signUpWithPassword(w.t, { email: "nuovo.cliente@esempio.it", accountType: "client" });
    await setSwitch(w, "psychic_registration_enabled", true);
    await signUpWithPassword(w.t, { email: "nuova.lettrice@esempio.it", accountType: "psychic" });
    const psychics = await w.t.run((ctx) => ctx.db.query("users").withIndex("email", (q) => q.eq("email", "nuova.lettrice@esempio.it")).collect());
    expect(psychics).toHaveLength(1);
  });
});

describe("booking_enabled", () => {
  it("off: starting a payment is refused and nothing is held or charged; on again: it works", async () => {
    const w = await buildWorld(setupTest());
    await setSwitch(w, "booking_enabled", false);
    expect(await errorCodeOf(w.as.clientA.action(api.payments.startCheckout, checkout(w)))).toBe("BOOKING_DISABLED");
    expect((await stripe().sessions()).length).toBe(0);
    expect((await w.t.query(api.bookings.listFreeStarts, { psychicProfileId: w.profileA, date: w.monday, durationMinutes: 30, now: Date.now() }))?.times).toContain("09:00");
    await setSwitch(w, "booking_enabled", true);
    expect((await w.as.clientA.action(api.payments.startCheckout, checkout(w))).bookingId).toBeDefined();
  });
});

describe("maintenance_mode", () => {
  it("on: visitors, clients and psychics cannot write through mutations or actions; reading still works", async () => {
    const w = await buildWorld(setupTest());
    await setSwitch(w, "maintenance_mode", true);
    const contact = { name: "Mario", email: "mario@esempio.it", userType: "client" as const, subject: "Ciao", message: "Una domanda" };
    expect(await errorCodeOf(w.t.mutation(api.contact.send, contact))).toBe("MAINTENANCE_MODE");
    expect(await errorCodeOf(w.as.clientA.mutation(api.users.updateFullName, { fullName: "Altro Nome" }))).toBe("MAINTENANCE_MODE");
    expect(await errorCodeOf(w.as.clientA.action(api.payments.startCheckout, checkout(w)))).toBe("MAINTENANCE_MODE");
    expect(await errorCodeOf(w.as.psychicA.mutation(api.psychicProfiles.setAvailable, { isAvailable: false }))).toBe("MAINTENANCE_MODE");
    const photo = await w.uploadFor("psychicA");
    expect(await errorCodeOf(w.as.psychicA.action(api.psychicProfiles.setMyPhoto, { storageId: photo }))).toBe("MAINTENANCE_MODE");
    // Nobody new signs up while the platform is closed for maintenance.
    const signUp = w.t.action(api.auth.signIn, {
      provider: "password",
      params: { flow: "signUp", email: "nuova@esempio.it", password: "segreta123", name: "Nuova", accountType: "client", consent: true },
    });
    expect(await errorCodeOf(signUp)).toBe("MAINTENANCE_MODE");
    // An admin-domain account without a grant is not an admin.
    expect(await errorCodeOf(w.as.adminNoGrant.mutation(api.users.updateFullName, { fullName: "Altro" }))).toBe("MAINTENANCE_MODE");
    expect(await w.t.run((ctx) => ctx.db.query("contactMessages").collect())).toHaveLength(3);

    // Reading is not writing: the public pages and the dashboards still load.
    expect((await w.t.query(internal.psychics.listPublic, {})).psychics).toHaveLength(2);
    expect(await w.as.clientA.query(api.bookings.listMine, { now: Date.now() })).toBeDefined();
    expect((await w.t.query(api.settings.getPublic, {})).maintenance_mode).toBe(true);

    await setSwitch(w, "maintenance_mode", false);
    await w.as.clientA.mutation(api.users.updateFullName, { fullName: "Altro Nome" });
  });

  it("admins still sign in and write, and the server's own work (a paid webhook) goes on", async () => {
    const t = setupTest();
    const w = await buildWorld(t);
    const { bookingId } = await w.as.clientA.action(api.payments.startCheckout, checkout(w));
    await setSwitch(w, "maintenance_mode", true);

    await t.action(internal.users.createAdminAccount, { email: "capo@arcano.it", password: "segreta-admin", fullName: "Capo" });
    const signedIn = await t.action(api.auth.signIn, {
      provider: "password",
      params: { flow: "signIn", email: "capo@arcano.it", password: "segreta-admin", adminLogin: true },
    });
    expect(signedIn.tokens?.token).toEqual(expect.any(String));
    await w.as.admin.mutation(api.admin.markMessageRead, { messageId: w.messages.unread });

    const session = await stripe().pay((await stripe().lastSession()).id);
    const { body, header } = await signedEvent("checkout.session.completed", session);
    await t.fetch("/stripe/webhook", { method: "POST", body, headers: { "stripe-signature": header } });
    expect((await t.run((ctx) => ctx.db.get("bookings", bookingId)))?.status).toBe("confirmed");
  });
});

describe("psychic_approval_required", () => {
  const fields = publishableLuna();
  const jpeg = [jpegHead()];

  /** An approved, public psychic, then the switch turned on. */
  async function approvedPsychic() {
    const w = await buildWorld(setupTest());
    const psychic = await signInAs(w.t, { email: "luna@esempio.it", name: "Luna Rossi", accountType: "psychic" });
    await psychic.as.mutation(api.psychicProfiles.ensureMine, {});
    await acceptConductAs(psychic.as);
    expect(await psychic.as.mutation(api.psychicProfiles.publishMine, fields)).toEqual({ profileStatus: "approved" });
    const profileId = (await psychic.as.query(api.psychicProfiles.getMine, {}))!.id;
    await setSwitch(w, "psychic_approval_required", true);
    // Approving changes, like a new profile, needs the verification call passed.
    await w.as.admin.mutation(api.admin.recordVerificationCall, { profileId, outcome: "passed" });
    return { w, psychic, profileId };
  }
  const publicPage = (w: World, id: string) => w.t.query(api.psychics.getPublicProfile, { id });
  /** The review version the admin's list shows now (the version an approval or rejection names). */
  const reviewVersionOf = async (w: World, id: string) =>
    (await w.as.admin.query(api.admin.listPsychics, { paginationOpts: { numItems: 100, cursor: null } })).page.find((row) => row.id === id)!.reviewVersion;

  it("off: an approved psychic's new name and bio are public at once", async () => {
    const { w, psychic, profileId } = await approvedPsychic();
    await setSwitch(w, "psychic_approval_required", false);
    await psychic.as.mutation(api.psychicProfiles.saveMine, { ...fields, psychicName: "Luna Nuova" });
    expect(await publicPage(w, profileId)).toMatchObject({ psychicName: "Luna Nuova" });
  });

  it("on: Publish sends a new profile to review", async () => {
    const w = await buildWorld(setupTest());
    await setSwitch(w, "psychic_approval_required", true);
    const psychic = await signInAs(w.t, { email: "sole@esempio.it", accountType: "psychic" });
    await psychic.as.mutation(api.psychicProfiles.ensureMine, {});
    await acceptConductAs(psychic.as);
    expect(await psychic.as.mutation(api.psychicProfiles.publishMine, fields)).toEqual({ profileStatus: "pending" });
  });

  it("on: name, bio and photo changes wait for review while the public keeps the approved version; approving publishes them", async () => {
    const { w, psychic, profileId } = await approvedPsychic();
    await psychic.as.mutation(api.psychicProfiles.saveMine, {
      ...fields,
      psychicName: "Luna Stellare",
      bio: "Una nuova biografia.",
      yearsExperience: 8,
    });
    const photo = await uploadPhotoAs(w.t, psychic.as, jpeg);
    await psychic.as.action(api.psychicProfiles.setMyPhoto, { storageId: photo });

    // The public sees the approved name, bio and (no) photo; other fields change at once.
    expect(await publicPage(w, profileId)).toMatchObject({ psychicName: "Luna", bio: fields.bio, photoUrl: null, yearsExperience: 8 });
    expect((await w.t.query(internal.psychics.listPublic, { search: "Stellare" })).psychics).toEqual([]);
    // The psychic sees their own latest version, marked as in review.
    expect(await psychic.as.query(api.psychicProfiles.getMine, {})).toMatchObject({
      psychicName: "Luna Stellare",
      bio: "Una nuova biografia.",
      photoUrl: expect.any(String),
      profileStatus: "approved",
      changesInReview: true,
    });
    // In the admin's review queue, after the new profile that waited first.
    const queue = (await w.as.admin.query(api.admin.listPsychics, { paginationOpts: { numItems: 100, cursor: null } })).page.map((psychic) => [psychic.id, psychic.inReview]);
    expect(queue.slice(0, 2)).toEqual([
      [w.profilePending, "profile"],
      [profileId, "changes"],
    ]);
    const row = (await w.as.admin.query(api.admin.listPsychics, { paginationOpts: { numItems: 100, cursor: null } })).page[1];
    expect(row.psychicName).toBe("Luna");
    expect(row.pendingChanges).toMatchObject({ psychicName: "Luna Stellare", photoUrl: expect.any(String) });

    await w.as.admin.mutation(api.admin.approvePsychic, { profileId, reviewVersion: await reviewVersionOf(w, profileId) });
    expect(await publicPage(w, profileId)).toMatchObject({ psychicName: "Luna Stellare", bio: "Una nuova biografia.", photoUrl: expect.any(String) });
    expect((await psychic.as.query(api.psychicProfiles.getMine, {}))?.changesInReview).toBe(false);
  });

  it("on: rejected changes are dropped with a note, the refused photo deleted, the approved version kept", async () => {
    const { w, psychic, profileId } = await approvedPsychic();
    await psychic.as.mutation(api.psychicProfiles.saveMine, { ...fields, psychicName: "Nome Scorretto" });
    const photo = await uploadPhotoAs(w.t, psychic.as, jpeg);
    await psychic.as.action(api.psychicProfiles.setMyPhoto, { storageId: photo });
    const reviewVersion = await reviewVersionOf(w, profileId);
    await w.as.admin.mutation(api.admin.rejectPsychic, { profileId, reviewVersion, note: "Il nome non può contenere recapiti." });

    expect(await publicPage(w, profileId)).toMatchObject({ psychicName: "Luna", photoUrl: null });
    expect(await psychic.as.query(api.psychicProfiles.getMine, {})).toMatchObject({
      psychicName: "Luna",
      profileStatus: "approved",
      changesInReview: false,
      adminNotes: "Il nome non può contenere recapiti.",
    });
    expect(await w.t.run((ctx) => ctx.db.system.get("_storage", photo))).toBeNull();
  });

  it("on: saving the approved name and bio again leaves nothing in review", async () => {
    const { w, psychic, profileId } = await approvedPsychic();
    await psychic.as.mutation(api.psychicProfiles.saveMine, { ...fields, bio: "Cambiata." });
    await psychic.as.mutation(api.psychicProfiles.saveMine, fields);
    expect((await psychic.as.query(api.psychicProfiles.getMine, {}))?.changesInReview).toBe(false);
    const reviewVersion = await reviewVersionOf(w, profileId);
    expect(await errorCodeOf(w.as.admin.mutation(api.admin.approvePsychic, { profileId, reviewVersion }))).toBe("INVALID_STATE");
  });
});
