// Owned uploads (convex/uploads.ts, convex/lib/platform/uploads.ts): a claim is tied to the upload URL the file
// came through, which must be the caller's own.
import { describe, expect, it, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { uploadContentType } from "../../convex/model/uploads";
import { jpegHead } from "./fixtures/photoBytes";
import { buildWorld } from "./fixtures/world";
import { errorCodeOf, setupTest, signInAs, uploadPhotoAs, type TestClient, type TestConvex } from "./setup";

async function psychicWithProfile(t: TestConvex, email: string) {
  const psychic = await signInAs(t, { email, accountType: "psychic", name: email });
  await psychic.as.mutation(api.psychicProfiles.ensureMine, {});
  return psychic;
}

/** What the editor does first: asks for an upload URL, recorded as the psychic's. */
const issueUrl = async (as: TestClient) => (await as.mutation(api.psychicProfiles.generatePhotoUploadUrl, {})).uploadId;

/** What the browser then does: posts the photo through that URL, naming it in the file's Content-Type. */
const uploadThrough = (t: TestConvex, uploadId: Id<"uploads">, type = "image/jpeg") =>
  t.run((ctx) => ctx.storage.store(new Blob([jpegHead()], { type: uploadContentType(type, uploadId) })));

const HOUR_MS = 60 * 60 * 1000;
const uploadRows = (t: TestConvex) => t.run((ctx) => ctx.db.query("uploads").collect());
/** The Content-Type a file was stored with, as the photo action reads it. */
const storedType = (t: TestConvex, id: Id<"_storage">) => t.run(async (ctx) => (await ctx.storage.get(id))!.type);
const fileExists = (t: TestConvex, id: Id<"_storage">) => t.run(async (ctx) => (await ctx.db.system.get("_storage", id)) !== null);

describe("a claim is tied to the upload URL the file came through", () => {
  it("a psychic holding an older live upload URL cannot claim another psychic's fresh upload, and nothing changes", async () => {
    const t = setupTest();
    const anna = await psychicWithProfile(t, "anna@esempio.it");
    const bea = await psychicWithProfile(t, "bea@esempio.it");
    // Bea's URL is issued first and is still live when Anna uploads through her own.
    await issueUrl(bea.as);
    const annasFile = await uploadThrough(t, await issueUrl(anna.as));
    const before = await uploadRows(t);

    expect(await errorCodeOf(bea.as.action(api.psychicProfiles.setMyPhoto, { storageId: annasFile }))).toBe("UPLOAD_NOT_OWNED");
    expect(await uploadRows(t)).toEqual(before);
    expect(await fileExists(t, annasFile)).toBe(true);
    expect((await bea.as.query(api.psychicProfiles.getMine, {}))?.photoUrl).toBeNull();
    // Anna still attaches her own file.
    await anna.as.action(api.psychicProfiles.setMyPhoto, { storageId: annasFile });
    expect((await anna.as.query(api.psychicProfiles.getMine, {}))?.photoUrl).toEqual(expect.any(String));
  });

  it("a file naming another person's upload URL is refused, even when uploaded through the caller's own URL", async () => {
    const t = setupTest();
    const anna = await psychicWithProfile(t, "anna@esempio.it");
    const bea = await psychicWithProfile(t, "bea@esempio.it");
    const annasUrl = await issueUrl(anna.as);
    await issueUrl(bea.as);
    const forged = await uploadThrough(t, annasUrl);
    expect(await errorCodeOf(bea.as.action(api.psychicProfiles.setMyPhoto, { storageId: forged }))).toBe("UPLOAD_NOT_OWNED");
    expect(await fileExists(t, forged)).toBe(true);
  });

  it("a file naming no upload URL is refused and left alone, even to a psychic with a live URL", async () => {
    const t = setupTest();
    const anna = await psychicWithProfile(t, "anna@esempio.it");
    await issueUrl(anna.as);
    const untagged = await t.run((ctx) => ctx.storage.store(new Blob([jpegHead()], { type: "image/jpeg" })));
    expect(await errorCodeOf(anna.as.action(api.psychicProfiles.setMyPhoto, { storageId: untagged }))).toBe("UPLOAD_NOT_OWNED");
    expect(await fileExists(t, untagged)).toBe(true);
  });

  it("a file is claimable only while its URL is live", async () => {
    const t = setupTest();
    const anna = await psychicWithProfile(t, "anna@esempio.it");
    const file = await uploadThrough(t, await issueUrl(anna.as));
    vi.advanceTimersByTime(HOUR_MS + 1);
    expect(await errorCodeOf(anna.as.action(api.psychicProfiles.setMyPhoto, { storageId: file }))).toBe("UPLOAD_NOT_OWNED");
    // Nor is a file uploaded through a URL after it lapsed.
    const url = await issueUrl(anna.as);
    vi.advanceTimersByTime(HOUR_MS + 1);
    const late = await uploadThrough(t, url);
    await issueUrl(anna.as);
    expect(await errorCodeOf(anna.as.action(api.psychicProfiles.setMyPhoto, { storageId: late }))).toBe("UPLOAD_NOT_OWNED");
  });

  it("two upload URLs used out of order leave both files claimable by their owner, in either order", async () => {
    for (const claimSecondFirst of [true, false]) {
      const t = setupTest();
      const anna = await psychicWithProfile(t, "anna@esempio.it");
      // URL 1, its file, URL 2, its file; and URL 3 and 4 issued first, their files uploaded in reverse.
      const first = await uploadThrough(t, await issueUrl(anna.as));
      const second = await uploadThrough(t, await issueUrl(anna.as));
      const [url3, url4] = [await issueUrl(anna.as), await issueUrl(anna.as)];
      const fourth = await uploadThrough(t, url4);
      const third = await uploadThrough(t, url3);
      const order = claimSecondFirst ? [second, first, fourth, third] : [first, second, third, fourth];
      for (const storageId of order) {
        const uploadId = await t.mutation(internal.uploads.claim, {
          ownerId: anna.userId,
          storageId,
          purpose: "psychic_photo",
          uploadedAs: await storedType(t, storageId),
        });
        expect((await t.run((ctx) => ctx.db.get("uploads", uploadId)))?.storageId).toBe(storageId);
      }
      expect((await uploadRows(t)).map((row) => row.status)).toEqual(["claimed", "claimed", "claimed", "claimed"]);
    }
  });

  it("each file attaches through its own URL: the photo set last is the one shown", async () => {
    const t = setupTest();
    const anna = await psychicWithProfile(t, "anna@esempio.it");
    const [url1, url2] = [await issueUrl(anna.as), await issueUrl(anna.as)];
    const viaSecond = await uploadThrough(t, url2);
    await anna.as.action(api.psychicProfiles.setMyPhoto, { storageId: viaSecond });
    const viaFirst = await uploadThrough(t, url1);
    await anna.as.action(api.psychicProfiles.setMyPhoto, { storageId: viaFirst });
    const profile = await t.run((ctx) => ctx.db.query("psychicProfiles").first());
    expect(profile?.photoStorageId).toBe(viaFirst);
  });

  it("a storage id is claimed once; the owner's retry answers the same record", async () => {
    const t = setupTest();
    const anna = await psychicWithProfile(t, "anna@esempio.it");
    const file = await uploadThrough(t, await issueUrl(anna.as));
    const args = { ownerId: anna.userId, storageId: file, purpose: "psychic_photo" as const, uploadedAs: await storedType(t, file) };
    const claimed = await t.mutation(internal.uploads.claim, args);
    expect(await t.mutation(internal.uploads.claim, args)).toBe(claimed);
  });
});

describe("the hourly cleanup", () => {
  it("uploads never attached are removed by the hourly cleanup, attached ones stay", async () => {
    const t = setupTest();
    const anna = await psychicWithProfile(t, "anna@esempio.it");
    const kept = await uploadPhotoAs(t, anna.as, [jpegHead()]);
    await anna.as.action(api.psychicProfiles.setMyPhoto, { storageId: kept });
    const abandoned = await uploadPhotoAs(t, anna.as, [jpegHead()]);
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

describe("the internal steps", () => {
  it("discardClaimed deletes a claimed file with its record, and nothing else", async () => {
    const w = await buildWorld(setupTest());
    const storageId = await w.uploadFor("psychicA");
    const uploadedAs = await w.t.run(async (ctx) => (await ctx.storage.get(storageId))!.type);
    const uploadId = await w.t.mutation(internal.uploads.claim, { ownerId: w.userIds.psychicA, storageId, purpose: "psychic_photo", uploadedAs });
    await w.t.mutation(internal.uploads.discardClaimed, { uploadId });
    await w.t.mutation(internal.uploads.discardClaimed, { uploadId });
    expect(await w.t.run((ctx) => ctx.db.system.get("_storage", storageId))).toBeNull();
    expect(await w.t.run((ctx) => ctx.db.get("uploads", uploadId))).toBeNull();
  });
});
