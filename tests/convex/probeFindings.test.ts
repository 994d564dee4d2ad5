// The security probe's findings, one test each: every one of these failed before the access layer.
import { describe, expect, it, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import {
  DEFAULT_TEST_PASSWORD,
  errorCodeOf,
  setupTest,
  signInAs,
  signInWithPassword,
  signUpWithPassword,
  uploadPhotoAs,
  type TestConvex,
} from "./setup";
import { jpegHead } from "./fixtures/photoBytes";

const JPEG = [jpegHead()];
const HOUR_MS = 60 * 60 * 1000;

const fileExists = (t: TestConvex, id: Id<"_storage">) => t.run(async (ctx) => (await ctx.db.system.get("_storage", id)) !== null);
const resetCodesSentTo = (t: TestConvex, email: string) =>
  t.run(async (ctx) =>
    (await ctx.db.query("emailOutbox").withIndex("by_to", (q) => q.eq("to", email)).collect()).filter(
      (message) => message.kind === "password_reset",
    ),
  );

async function psychicWithProfile(t: TestConvex, email: string) {
  const psychic = await signInAs(t, { email, accountType: "psychic", name: email });
  await psychic.as.mutation(api.psychicProfiles.ensureMine, {});
  return psychic;
}

describe("finding 1: a token whose session is gone runs no action", () => {
  it("after signing out, the old token can neither change the password nor set a photo", async () => {
    const t = setupTest();
    const { as, userId } = await signUpWithPassword(t, { email: "marta@esempio.it", accountType: "psychic" });
    await as.mutation(api.psychicProfiles.ensureMine, {});
    await as.action(api.auth.signOut, {});
    const change = as.action(api.users.changePassword, { currentPassword: DEFAULT_TEST_PASSWORD, newPassword: "rubata-123" });
    expect(await errorCodeOf(change)).toBe("NOT_AUTHENTICATED");
    const fileId = await t.run((ctx) => ctx.storage.store(new Blob(JPEG)));
    expect(await errorCodeOf(as.action(api.psychicProfiles.setMyPhoto, { storageId: fileId }))).toBe("NOT_AUTHENTICATED");
    // The password is unchanged: the owner still signs in with it.
    await signInWithPassword(t, "marta@esempio.it");
    expect(await t.run((ctx) => ctx.db.get("users", userId))).not.toBeNull();
  });

  it("after a password reset signs out other sessions, the stolen token runs no action", async () => {
    const t = setupTest();
    const { as: stolen } = await signUpWithPassword(t, { email: "giulia@esempio.it" });
    await t.action(api.auth.signIn, { provider: "password", params: { flow: "reset", email: "giulia@esempio.it" } });
    const code = (await resetCodesSentTo(t, "giulia@esempio.it")).at(-1)!.text.match(/\b(\d{6})\b/)![1];
    await t.action(api.auth.signIn, {
      provider: "password",
      params: { flow: "reset-verification", email: "giulia@esempio.it", code, newPassword: "della-proprietaria" },
    });
    const change = stolen.action(api.users.changePassword, { currentPassword: "della-proprietaria", newPassword: "x-rubata-x" });
    expect(await errorCodeOf(change)).toBe("NOT_AUTHENTICATED");
  });

  it("changing the password needs the current one, and a wrong one changes nothing", async () => {
    const t = setupTest();
    const { as } = await signUpWithPassword(t, { email: "giulia@esempio.it" });
    const wrong = as.action(api.users.changePassword, { currentPassword: "indovinata", newPassword: "nuova-password" });
    expect(await errorCodeOf(wrong)).toBe("WRONG_CURRENT_PASSWORD");
    await signInWithPassword(t, "giulia@esempio.it");
  });

  it("changing the password signs out every other session", async () => {
    const t = setupTest();
    const { as } = await signUpWithPassword(t, { email: "giulia@esempio.it" });
    const other = await signInWithPassword(t, "giulia@esempio.it");
    await as.action(api.users.changePassword, { currentPassword: DEFAULT_TEST_PASSWORD, newPassword: "nuova-password" });
    expect(await other.query(api.users.viewer, {})).toBeNull();
    expect(await as.query(api.users.viewer, {})).not.toBeNull();
  });
});

describe("finding 2: the server deletes no file it did not create for that person", () => {
  it("a psychic cannot attach another psychic's photo, and the other psychic's file survives", async () => {
    const t = setupTest();
    const anna = await psychicWithProfile(t, "anna@esempio.it");
    const bea = await psychicWithProfile(t, "bea@esempio.it");
    const annasPhoto = await uploadPhotoAs(t, anna.as, JPEG);
    await anna.as.action(api.psychicProfiles.setMyPhoto, { storageId: annasPhoto });

    // Bea even holds a live upload URL of her own: it does not make Anna's older file hers.
    await bea.as.mutation(api.psychicProfiles.generatePhotoUploadUrl, {});
    expect(await errorCodeOf(bea.as.action(api.psychicProfiles.setMyPhoto, { storageId: annasPhoto }))).toBe(
      "UPLOAD_NOT_OWNED",
    );
    // Bea changes her own photo and deletes her account: Anna's file is untouched throughout.
    await bea.as.action(api.psychicProfiles.setMyPhoto, { storageId: await uploadPhotoAs(t, bea.as, JPEG) });
    await bea.as.action(api.psychicProfiles.setMyPhoto, { storageId: await uploadPhotoAs(t, bea.as, JPEG) });
    await bea.as.mutation(api.users.deleteMyAccount, {});
    expect(await fileExists(t, annasPhoto)).toBe(true);
    expect((await anna.as.query(api.psychicProfiles.getMine, {}))?.photoUrl).toEqual(expect.any(String));
  });

  it("a client naming someone's non-image file is refused before anything is read or deleted", async () => {
    const t = setupTest();
    const client = await signInAs(t, { email: "giulia@esempio.it", accountType: "client" });
    const anna = await psychicWithProfile(t, "anna@esempio.it");
    const annasUpload = await uploadPhotoAs(t, anna.as, [new Blob(["%PDF-1.7"])]);
    expect(await errorCodeOf(client.as.action(api.psychicProfiles.setMyPhoto, { storageId: annasUpload }))).toBe(
      "PSYCHIC_ONLY",
    );
    expect(await fileExists(t, annasUpload)).toBe(true);
  });

  it("a psychic naming another psychic's unclaimed non-image upload cannot get it deleted", async () => {
    const t = setupTest();
    const anna = await psychicWithProfile(t, "anna@esempio.it");
    const bea = await psychicWithProfile(t, "bea@esempio.it");
    const annasUpload = await uploadPhotoAs(t, anna.as, [new Blob(["%PDF-1.7"])]);
    expect(await errorCodeOf(bea.as.action(api.psychicProfiles.setMyPhoto, { storageId: annasUpload }))).toBe(
      "UPLOAD_NOT_OWNED",
    );
    expect(await fileExists(t, annasUpload)).toBe(true);
  });

  it("a photo stored before uploads had owners is never deleted by a later change", async () => {
    const t = setupTest();
    const anna = await psychicWithProfile(t, "anna@esempio.it");
    const legacy = await t.run(async (ctx) => {
      const id = await ctx.storage.store(new Blob(JPEG));
      const profile = (await ctx.db.query("psychicProfiles").first())!;
      await ctx.db.patch("psychicProfiles", profile._id, { photoStorageId: id });
      return id;
    });
    await anna.as.action(api.psychicProfiles.setMyPhoto, { storageId: await uploadPhotoAs(t, anna.as, JPEG) });
    expect(await fileExists(t, legacy)).toBe(true);
  });

  it("a psychic's own previous photo is deleted when replaced", async () => {
    const t = setupTest();
    const anna = await psychicWithProfile(t, "anna@esempio.it");
    const first = await uploadPhotoAs(t, anna.as, JPEG);
    await anna.as.action(api.psychicProfiles.setMyPhoto, { storageId: first });
    await anna.as.action(api.psychicProfiles.setMyPhoto, { storageId: await uploadPhotoAs(t, anna.as, JPEG) });
    expect(await fileExists(t, first)).toBe(false);
  });

  it("a deleted file is refused with an error code, not an engine error", async () => {
    const t = setupTest();
    const anna = await psychicWithProfile(t, "anna@esempio.it");
    const gone = await uploadPhotoAs(t, anna.as, JPEG);
    await t.run((ctx) => ctx.storage.delete(gone));
    expect(await errorCodeOf(anna.as.action(api.psychicProfiles.setMyPhoto, { storageId: gone }))).toBe("NOT_FOUND");
  });

  it("uploads never attached are removed by the hourly cleanup, attached ones stay", async () => {
    const t = setupTest();
    const anna = await psychicWithProfile(t, "anna@esempio.it");
    const kept = await uploadPhotoAs(t, anna.as, JPEG);
    await anna.as.action(api.psychicProfiles.setMyPhoto, { storageId: kept });
    const abandoned = await uploadPhotoAs(t, anna.as, JPEG);
    // Another URL issued and used, never claimed.
    await anna.as.mutation(api.psychicProfiles.generatePhotoUploadUrl, {});

    expect(await t.mutation(internal.uploads.removeUnattached, {})).toEqual({ records: 0, files: 0 });
    vi.advanceTimersByTime(2 * HOUR_MS + 1000);
    const removed = await t.mutation(internal.uploads.removeUnattached, {});
    expect(removed.files).toBe(1);
    expect(await fileExists(t, abandoned)).toBe(false);
    expect(await fileExists(t, kept)).toBe(true);
    expect(await t.run((ctx) => ctx.db.query("uploads").collect())).toEqual([
      expect.objectContaining({ storageId: kept, status: "attached" }),
    ]);
  });
});

describe("finding 3: limits", () => {
  const longPassword = "x".repeat(129);

  it("a password over 128 characters is refused on sign-up, reset and change", async () => {
    const t = setupTest();
    const signUp = signUpWithPassword(t, { email: "lunga@esempio.it", password: longPassword });
    expect(await errorCodeOf(signUp)).toBe("PASSWORD_TOO_LONG");
    const { as } = await signUpWithPassword(t, { email: "giulia@esempio.it" });
    const change = as.action(api.users.changePassword, { currentPassword: DEFAULT_TEST_PASSWORD, newPassword: longPassword });
    expect(await errorCodeOf(change)).toBe("PASSWORD_TOO_LONG");
    await t.action(api.auth.signIn, { provider: "password", params: { flow: "reset", email: "giulia@esempio.it" } });
    const code = (await resetCodesSentTo(t, "giulia@esempio.it")).at(-1)!.text.match(/\b(\d{6})\b/)![1];
    const reset = t.action(api.auth.signIn, {
      provider: "password",
      params: { flow: "reset-verification", email: "giulia@esempio.it", code, newPassword: longPassword },
    });
    expect(await errorCodeOf(reset)).toBe("PASSWORD_TOO_LONG");
    // 128 is still fine.
    await as.action(api.users.changePassword, { currentPassword: DEFAULT_TEST_PASSWORD, newPassword: "y".repeat(128) });
  });

  it("signing in with a huge password is refused without hashing it", async () => {
    const t = setupTest();
    await signUpWithPassword(t, { email: "giulia@esempio.it" });
    const signIn = t.action(api.auth.signIn, {
      provider: "password",
      params: { flow: "signIn", email: "giulia@esempio.it", password: "z".repeat(1_000_000) },
    });
    expect(await errorCodeOf(signIn)).toBe("INVALID_CREDENTIALS");
  });

  it("at most 5 reset codes an hour per address, with the same answer either way", async () => {
    const t = setupTest();
    await signUpWithPassword(t, { email: "giulia@esempio.it" });
    const answers = [];
    for (let i = 0; i < 7; i++) {
      answers.push(await t.action(api.auth.signIn, { provider: "password", params: { flow: "reset", email: "giulia@esempio.it" } }));
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(await resetCodesSentTo(t, "giulia@esempio.it")).toHaveLength(5);
    vi.advanceTimersByTime(HOUR_MS + 1000);
    await t.action(api.auth.signIn, { provider: "password", params: { flow: "reset", email: "giulia@esempio.it" } });
    expect(await resetCodesSentTo(t, "giulia@esempio.it")).toHaveLength(6);
  });

  it("a far-off or non-finite 'now' is refused with INVALID_INPUT, not a RangeError", async () => {
    const t = setupTest();
    const anna = await psychicWithProfile(t, "anna@esempio.it");
    const id = (await anna.as.query(api.psychicProfiles.getMine, {}))!.id;
    for (const now of [9e15, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(await errorCodeOf(t.query(api.psychics.listNextAvailability, { id, now }))).toBe("INVALID_INPUT");
    }
  });
});
