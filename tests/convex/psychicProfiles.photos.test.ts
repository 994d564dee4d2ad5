// A profile's photo: the server deletes no file it did not create for that person.
import { describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { errorCodeOf, setupTest, signInAs, uploadPhotoAs, type TestConvex } from "./setup";
import { jpegHead } from "./fixtures/photoBytes";

const JPEG = [jpegHead()];

const fileExists = (t: TestConvex, id: Id<"_storage">) => t.run(async (ctx) => (await ctx.db.system.get("_storage", id)) !== null);

async function psychicWithProfile(t: TestConvex, email: string) {
  const psychic = await signInAs(t, { email, accountType: "psychic", name: email });
  await psychic.as.mutation(api.psychicProfiles.ensureMine, {});
  return psychic;
}

describe("the server deletes no file it did not create for that person", () => {
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
});
