import { describe, expect, it } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { defaultAvailability } from "../../convex/model/profileRules";
import { readUploadContentType, uploadContentType } from "../../convex/model/uploads";
import { insertPsychic, acceptConductAs } from "./fixtures/psychics";
import { errorCodeOf, setupTest, signInAs, uploadPhotoAs, type TestConvex } from "./setup";
import { jpegHead, pngHead, webpHead } from "./fixtures/photoBytes";

const complete = {
  psychicName: "Luna",
  bio: "Leggo i Tarocchi con calma e chiarezza.",
  specialties: ["Tarocchi", "Rune"] as ("Tarocchi" | "Rune")[],
  specializations: ["Amore e Relazioni"] as "Amore e Relazioni"[],
  yearsExperience: 7,
  availableDurations: [30, 15] as (15 | 30)[],
  pricesCents: { "15": 2000, "30": 3500 },
  availability: defaultAvailability(),
};

const JPEG_HEAD = jpegHead();

async function newPsychic(t: TestConvex, email = "luna@esempio.it") {
  const psychic = await signInAs(t, { email, name: "Luna Rossi", accountType: "psychic" });
  await psychic.as.mutation(api.psychicProfiles.ensureMine, {});
  await acceptConductAs(psychic.as);
  return psychic;
}

/** The psychic's profile as stored, old fields included. */
const storedProfileOf = (t: TestConvex, userId: Id<"users">) =>
  t.run(async (ctx) => (await ctx.db.query("psychicProfiles").withIndex("by_userId", (q) => q.eq("userId", userId)).unique())!);

describe("a psychic's own profile", () => {
  it("is created on first visit with the spec's defaults, as a draft nobody else sees", async () => {
    const t = setupTest();
    const { as } = await newPsychic(t);
    const mine = await as.query(api.psychicProfiles.getMine, {});
    expect(mine).toMatchObject({
      psychicName: "Luna Rossi",
      specialties: ["Tarocchi"],
      yearsExperience: 1,
      availableDurations: [30],
      profileStatus: "draft",
      isPubliclyVisible: false,
      rating: null,
    });
    expect(mine?.availability.monday.availableHours).toEqual([
      "09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "14:00", "14:30", "15:00", "15:30", "16:00", "16:30",
    ]);
    expect(mine?.availability.tuesday.enabled).toBe(false);
    expect(await t.query(api.psychics.getPublicProfile, { id: mine!.id })).toBeNull();
    // A second visit changes nothing.
    expect(await as.mutation(api.psychicProfiles.ensureMine, {})).toBe(mine!.id);
  });

  it("is for psychics only: a client cannot create, read or edit one", async () => {
    const t = setupTest();
    const client = await signInAs(t, { email: "giulia@esempio.it", accountType: "client" });
    expect(await errorCodeOf(client.as.mutation(api.psychicProfiles.ensureMine, {}))).toBe("PSYCHIC_ONLY");
    expect(await errorCodeOf(client.as.mutation(api.psychicProfiles.saveMine, complete))).toBe("PSYCHIC_ONLY");
    expect(await errorCodeOf(t.mutation(api.psychicProfiles.saveMine, complete))).toBe("NOT_AUTHENTICATED");
  });

  it("a psychic edits only their own profile, never another's", async () => {
    const t = setupTest();
    const luna = await newPsychic(t, "luna@esempio.it");
    const sole = await newPsychic(t, "sole@esempio.it");
    await sole.as.mutation(api.psychicProfiles.saveMine, { ...complete, psychicName: "Sole" });
    const lunaProfile = await luna.as.query(api.psychicProfiles.getMine, {});
    const soleProfile = await sole.as.query(api.psychicProfiles.getMine, {});
    expect(lunaProfile?.psychicName).toBe("Luna Rossi");
    expect(soleProfile?.psychicName).toBe("Sole");
  });

  it("saves valid edits, keeping prices only for the offered durations", async () => {
    const t = setupTest();
    const { as } = await newPsychic(t);
    await as.mutation(api.psychicProfiles.saveMine, { ...complete, pricesCents: { "15": 2000, "30": 3500, "60": 9000 } });
    const mine = await as.query(api.psychicProfiles.getMine, {});
    expect(mine).toMatchObject({ availableDurations: [15, 30], pricesCents: { "15": 2000, "30": 3500 }, profileStatus: "draft" });
  });

  it("keeps the hourly rate in cents: 50 € on a new profile, the hour's price once offered, and a rate stored in euros converted", async () => {
    const t = setupTest();
    const { as, userId } = await newPsychic(t);
    const rate = async () => {
      const { hourlyRateCents, hourlyRateEuros } = await storedProfileOf(t, userId);
      return { hourlyRateCents, hourlyRateEuros };
    };
    expect(await rate()).toEqual({ hourlyRateCents: 5000, hourlyRateEuros: undefined });
    await as.mutation(api.psychicProfiles.saveMine, { ...complete, availableDurations: [30, 60], pricesCents: { "30": 3500, "60": 6500 } });
    expect(await rate()).toEqual({ hourlyRateCents: 6500, hourlyRateEuros: undefined });
    // As a profile stored before rates were cents: saving without a 60-minute price converts the old euros.
    const { _id } = await storedProfileOf(t, userId);
    await t.run((ctx) => ctx.db.patch("psychicProfiles", _id, { hourlyRateCents: undefined, hourlyRateEuros: 45 }));
    await as.mutation(api.psychicProfiles.saveMine, complete);
    expect(await rate()).toEqual({ hourlyRateCents: 4500, hourlyRateEuros: undefined });
  });

  it("shows prices stored in whole euros as cents, and saving stores cents without the old field", async () => {
    const t = setupTest();
    const { as, userId } = await newPsychic(t);
    const stored = async () => {
      const { _id: id, pricesCents, pricing } = await storedProfileOf(t, userId);
      return { id, pricesCents, pricing };
    };
    const { id, ...created } = await stored();
    expect(created).toEqual({ pricesCents: { "30": 5000 }, pricing: undefined });
    await t.run((ctx) => ctx.db.patch("psychicProfiles", id, { pricesCents: undefined, pricing: { "30": 45 } }));
    expect((await as.query(api.psychicProfiles.getMine, {}))?.pricesCents).toEqual({ "30": 4500 });
    await as.mutation(api.psychicProfiles.saveMine, complete);
    const { id: _id, ...saved } = await stored();
    expect(saved).toEqual({ pricesCents: { "15": 2000, "30": 3500 }, pricing: undefined });
  });

  it("accepts half hours until 23:30, so a day stays open until midnight", async () => {
    const t = setupTest();
    const { as } = await newPsychic(t);
    const availability = defaultAvailability();
    availability.saturday = { enabled: true, availableHours: ["23:30", "22:00", "22:30", "23:00"] };
    await as.mutation(api.psychicProfiles.saveMine, { ...complete, availability });
    expect((await as.query(api.psychicProfiles.getMine, {}))?.availability.saturday).toEqual({
      enabled: true,
      availableHours: ["22:00", "22:30", "23:00", "23:30"],
    });
  });

  it("refuses a photo smaller than 200×200 pixels (a 1×1 too), deleting it and keeping the old one", async () => {
    const t = setupTest();
    const { as } = await newPsychic(t);
    const kept = await uploadPhotoAs(t, as, [pngHead(200, 200)]);
    await as.action(api.psychicProfiles.setMyPhoto, { storageId: kept });
    const before = (await as.query(api.psychicProfiles.getMine, {}))?.photoUrl;
    expect(before).toEqual(expect.any(String));
    for (const bytes of [pngHead(1, 1), jpegHead(199, 400), jpegHead(400, 199), webpHead(120, 120)]) {
      const small = await uploadPhotoAs(t, as, [bytes]);
      expect(await errorCodeOf(as.action(api.psychicProfiles.setMyPhoto, { storageId: small }))).toBe("PHOTO_TOO_SMALL");
      expect(await t.run((ctx) => ctx.storage.getUrl(small))).toBeNull();
    }
    expect((await as.query(api.psychicProfiles.getMine, {}))?.photoUrl).toBe(before);
    // A header cut before its dimensions is no image.
    const cut = await uploadPhotoAs(t, as, [new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])]);
    expect(await errorCodeOf(as.action(api.psychicProfiles.setMyPhoto, { storageId: cut }))).toBe("INVALID_PHOTO");
    const webp = await uploadPhotoAs(t, as, [webpHead(800, 600)]);
    await as.action(api.psychicProfiles.setMyPhoto, { storageId: webp });
    expect((await as.query(api.psychicProfiles.getMine, {}))?.photoUrl).not.toBe(before);
  });

  it("refuses out-of-range prices, years, durations and hours, changing nothing", async () => {
    const t = setupTest();
    const { as } = await newPsychic(t);
    const save = (edits: Record<string, unknown>) =>
      errorCodeOf(as.mutation(api.psychicProfiles.saveMine, { ...complete, ...edits } as unknown as typeof complete));
    expect(await save({ pricesCents: { "15": 500, "30": 3500 } })).toBe("INVALID_INPUT");
    expect(await save({ pricesCents: { "15": 20500, "30": 3500 } })).toBe("INVALID_INPUT");
    expect(await save({ pricesCents: { "15": 2200, "30": 3500 } })).toBe("INVALID_INPUT");
    expect(await save({ yearsExperience: 51 })).toBe("INVALID_INPUT");
    expect(await save({ yearsExperience: -1 })).toBe("INVALID_INPUT");
    expect(await save({ yearsExperience: 2.5 })).toBe("INVALID_INPUT");
    expect(await save({ pricesCents: { "15": 2000 } })).toBe("INVALID_INPUT");
    // Whole euros sent as cents are below the minimum (20 cents), never taken as 20 €.
    expect(await save({ pricesCents: { "15": 20, "30": 35 } })).toBe("INVALID_INPUT");
    const availability = defaultAvailability();
    availability.friday = { enabled: true, availableHours: ["07:30"] };
    expect(await save({ availability })).toBe("INVALID_INPUT");
    availability.friday = { enabled: true, availableHours: ["10:15"] };
    expect(await save({ availability })).toBe("INVALID_INPUT");
    // The day may stay open until midnight: 23:30 is the last start, nothing later exists on the grid.
    for (const late of ["24:00", "23:45", "23:59"]) {
      availability.friday = { enabled: true, availableHours: ["23:00", late] };
      expect(await save({ availability }), late).toBe("INVALID_INPUT");
    }
    await expect(
      as.mutation(api.psychicProfiles.saveMine, { ...complete, availableDurations: [20] } as unknown as typeof complete),
    ).rejects.toThrow(/ArgumentValidationError|Validator error/);
    // A client still sending prices in euros under the old name fails loudly.
    const { pricesCents: _cents, ...withoutCents } = complete;
    for (const publish of [false, true]) {
      await expect(
        as.mutation(publish ? api.psychicProfiles.publishMine : api.psychicProfiles.saveMine, {
          ...withoutCents,
          pricing: { "15": 20, "30": 35 },
        } as unknown as typeof complete),
      ).rejects.toThrow(/ArgumentValidationError|Validator error/);
    }
    expect((await as.query(api.psychicProfiles.getMine, {}))?.yearsExperience).toBe(1);
  });

  it("refuses to save or publish without name, bio, a specialty or a duration", async () => {
    const t = setupTest();
    const { as } = await newPsychic(t);
    expect(await errorCodeOf(as.mutation(api.psychicProfiles.publishMine, { ...complete, bio: "  " }))).toBe("PROFILE_INCOMPLETE");
    expect(await errorCodeOf(as.mutation(api.psychicProfiles.publishMine, { ...complete, psychicName: "" }))).toBe("PROFILE_INCOMPLETE");
    expect(await errorCodeOf(as.mutation(api.psychicProfiles.publishMine, { ...complete, specialties: [] }))).toBe("PROFILE_INCOMPLETE");
    expect(await errorCodeOf(as.mutation(api.psychicProfiles.publishMine, { ...complete, availableDurations: [] }))).toBe(
      "DURATION_REQUIRED",
    );
    expect((await as.query(api.psychicProfiles.getMine, {}))?.profileStatus).toBe("draft");
  });

  it("publishing makes it approved and public at once, listed and loadable", async () => {
    const t = setupTest();
    const { as } = await newPsychic(t);
    expect(await as.mutation(api.psychicProfiles.publishMine, complete)).toEqual({ profileStatus: "approved" });
    const { psychics } = await t.query(internal.psychics.listPublic, {});
    expect(psychics.map((card) => card.psychicName)).toEqual(["Luna"]);
    const profile = await t.query(api.psychics.getPublicProfile, { id: psychics[0].id });
    expect(profile).toMatchObject({ psychicName: "Luna", prices: [{ minutes: 15, priceCents: 2000 }, { minutes: 30, priceCents: 3500 }] });
  });

  it("publishing waits for an admin when approval is required", async () => {
    const t = setupTest();
    await t.run((ctx) => ctx.db.insert("systemSettings", { key: "psychic_approval_required", value: true, description: "" }));
    const { as } = await newPsychic(t);
    expect(await as.mutation(api.psychicProfiles.publishMine, complete)).toEqual({ profileStatus: "pending" });
    expect((await t.query(internal.psychics.listPublic, {})).psychics).toEqual([]);
  });

  it("hiding the profile takes it off the public list and page; showing it brings it back", async () => {
    const t = setupTest();
    const { as } = await newPsychic(t);
    await as.mutation(api.psychicProfiles.publishMine, complete);
    const id = (await as.query(api.psychicProfiles.getMine, {}))!.id;
    await as.mutation(api.psychicProfiles.setPubliclyVisible, { isPubliclyVisible: false });
    expect((await t.query(internal.psychics.listPublic, {})).psychics).toEqual([]);
    expect(await t.query(api.psychics.getPublicProfile, { id })).toBeNull();
    await as.mutation(api.psychicProfiles.setPubliclyVisible, { isPubliclyVisible: true });
    expect((await t.query(internal.psychics.listPublic, {})).psychics).toHaveLength(1);
    await as.mutation(api.psychicProfiles.setAvailable, { isAvailable: false });
    expect((await as.query(api.psychicProfiles.getMine, {}))?.isAvailable).toBe(false);
  });

  it("takes a JPEG photo by its bytes and refuses other files, deleting them", async () => {
    const t = setupTest();
    const { as } = await newPsychic(t);
    const jpeg = await uploadPhotoAs(t, as, [JPEG_HEAD]);
    await as.action(api.psychicProfiles.setMyPhoto, { storageId: jpeg });
    expect((await as.query(api.psychicProfiles.getMine, {}))?.photoUrl).toEqual(expect.any(String));

    // A PDF renamed to .jpg and sent as image/jpeg is still a PDF.
    const pdf = await uploadPhotoAs(t, as, ["%PDF-1.7"], "image/jpeg");
    expect(await errorCodeOf(as.action(api.psychicProfiles.setMyPhoto, { storageId: pdf }))).toBe("INVALID_PHOTO");
    expect(await t.run((ctx) => ctx.storage.getUrl(pdf))).toBeNull();
    const huge = await uploadPhotoAs(t, as, [
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      new Uint8Array(5 * 1024 * 1024),
    ]);
    expect(await errorCodeOf(as.action(api.psychicProfiles.setMyPhoto, { storageId: huge }))).toBe("INVALID_PHOTO");
  });

  it("refuses a photo carrying HTML or script (a polyglot), whatever type it was uploaded as, and deletes it", async () => {
    const t = setupTest();
    const { as } = await newPsychic(t);
    const polyglot = [JPEG_HEAD, "<html><body><script>fetch('/steal?c='+document.cookie)</script></body></html>"];
    for (const type of ["text/html", "image/jpeg"]) {
      const file = await uploadPhotoAs(t, as, polyglot, type);
      expect(await errorCodeOf(as.action(api.psychicProfiles.setMyPhoto, { storageId: file }))).toBe("PHOTO_HAS_MARKUP");
      expect(await t.run((ctx) => ctx.storage.getUrl(file))).toBeNull();
    }
    // A tag far into a large file counts as much as one at the start.
    const deep = await uploadPhotoAs(t, as, [JPEG_HEAD, new Uint8Array(4 * 1024 * 1024), "<SVG onload=alert(1)>"]);
    expect(await errorCodeOf(as.action(api.psychicProfiles.setMyPhoto, { storageId: deep }))).toBe("PHOTO_HAS_MARKUP");
    expect(await t.run((ctx) => ctx.storage.getUrl(deep))).toBeNull();
    expect((await as.query(api.psychicProfiles.getMine, {}))?.photoUrl).toBeNull();
    // No record of a refused file is left either.
    expect((await t.run((ctx) => ctx.db.query("uploads").collect())).filter((row) => row.storageId !== undefined)).toEqual([]);
  });

  it("refuses a photo uploaded as another type than its bytes prove, and stores a kept one as the proven type", async () => {
    const t = setupTest();
    const { as } = await newPsychic(t);
    const png = [pngHead()];
    for (const [bytes, type] of [[[JPEG_HEAD], "text/html"], [png, "image/jpeg"], [[JPEG_HEAD], ""]] as const) {
      const file = await uploadPhotoAs(t, as, [...bytes], type);
      expect(await errorCodeOf(as.action(api.psychicProfiles.setMyPhoto, { storageId: file }))).toBe("PHOTO_TYPE_MISMATCH");
      expect(await t.run((ctx) => ctx.storage.getUrl(file))).toBeNull();
    }
    expect((await as.query(api.psychicProfiles.getMine, {}))?.photoUrl).toBeNull();

    const kept = await uploadPhotoAs(t, as, png, "image/png");
    await as.action(api.psychicProfiles.setMyPhoto, { storageId: kept });
    const stored = await t.run(async (ctx) => {
      const profile = await ctx.db.query("psychicProfiles").first();
      return { id: profile?.photoStorageId, type: readUploadContentType((await ctx.storage.get(kept))!.type).mediaType };
    });
    expect(stored).toEqual({ id: kept, type: "image/png" });
  });

  it("one upload URL attaches one file: a second file uploaded while it was live is refused and left alone", async () => {
    const t = setupTest();
    const { as } = await newPsychic(t);
    const { uploadId } = await as.mutation(api.psychicProfiles.generatePhotoUploadUrl, {});
    const type = uploadContentType("image/jpeg", uploadId);
    const upload = () => t.run((ctx) => ctx.storage.store(new Blob([JPEG_HEAD], { type })));
    const [first, second] = [await upload(), await upload()];
    await as.action(api.psychicProfiles.setMyPhoto, { storageId: first });
    expect(await errorCodeOf(as.action(api.psychicProfiles.setMyPhoto, { storageId: second }))).toBe("UPLOAD_NOT_OWNED");
    expect(await t.run((ctx) => ctx.storage.getUrl(second))).not.toBeNull();
  });

  it("gives psychics, and only psychics, a photo upload URL", async () => {
    const t = setupTest();
    const { as } = await newPsychic(t);
    expect(await as.mutation(api.psychicProfiles.generatePhotoUploadUrl, {})).toEqual({
      uploadUrl: expect.any(String),
      uploadId: expect.any(String),
    });
    const client = await signInAs(t, { email: "giulia@esempio.it", accountType: "client" });
    expect(await errorCodeOf(client.as.mutation(api.psychicProfiles.generatePhotoUploadUrl, {}))).toBe("PSYCHIC_ONLY");
    expect(await errorCodeOf(t.mutation(api.psychicProfiles.generatePhotoUploadUrl, {}))).toBe("NOT_AUTHENTICATED");
  });

  it("a client cannot attach a photo to anything", async () => {
    const t = setupTest();
    const client = await signInAs(t, { email: "giulia@esempio.it", accountType: "client" });
    const jpeg = await t.run((ctx) => ctx.storage.store(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])])));
    expect(await errorCodeOf(client.as.action(api.psychicProfiles.setMyPhoto, { storageId: jpeg }))).toBe("PSYCHIC_ONLY");
  });
});

describe("the public list", () => {
  it("searches name or specialty case-insensitively, not the bio, and filters by exact specialty", async () => {
    const t = setupTest();
    const luna = await newPsychic(t, "luna@esempio.it");
    await luna.as.mutation(api.psychicProfiles.publishMine, complete);
    const sole = await newPsychic(t, "sole@esempio.it");
    await sole.as.mutation(api.psychicProfiles.publishMine, {
      ...complete,
      psychicName: "Sole",
      bio: "Astrologa del tema natale.",
      specialties: ["Astrologia"] as unknown as typeof complete.specialties,
      specializations: ["Carriera e Lavoro"] as unknown as typeof complete.specializations,
    });
    const names = async (args: { search?: string; specialty?: "Rune" | "Astrologia" | null; specialization?: "Amore e Relazioni" | null }) =>
      (await t.query(internal.psychics.listPublic, args)).psychics.map((card) => card.psychicName).sort();
    expect(await names({})).toEqual(["Luna", "Sole"]);
    expect(await names({ search: "SOLE" })).toEqual(["Sole"]);
    expect(await names({ search: "rUnE" })).toEqual(["Luna"]);
    // The bio is not searched (docs/product-rules.md, "Catalogue and search").
    expect(await names({ search: "tema natale" })).toEqual([]);
    expect(await names({ specialty: "Astrologia" })).toEqual(["Sole"]);
    expect(await names({ specialty: "Rune", search: "sole" })).toEqual([]);
    expect((await t.query(internal.psychics.listPublic, { search: "zzz" })).specialties).toEqual(["Astrologia", "Rune", "Tarocchi"]);
  });

  it("finds psychics by their topics and filters by one, offering only the topics of listed psychics", async () => {
    const t = setupTest();
    const luna = await newPsychic(t, "luna@esempio.it");
    await luna.as.mutation(api.psychicProfiles.publishMine, complete);
    await t.run(async (ctx) => {
      await insertPsychic(ctx, { psychicName: "Sole", specializations: ["Carriera e Lavoro"] });
      // Not listed: neither found nor offering its topic.
      await insertPsychic(ctx, { psychicName: "Nascosta", specializations: ["Amore e Relazioni", "Futuro e Destino"], isPubliclyVisible: false });
      await insertPsychic(ctx, { psychicName: "In attesa", specializations: ["Futuro e Destino"], profileStatus: "pending" });
    });
    const names = async (args: { search?: string; specialization?: "Amore e Relazioni" | "Futuro e Destino" | null }) =>
      (await t.query(internal.psychics.listPublic, args)).psychics.map((card) => card.psychicName).sort();
    expect(await names({ search: "amore" })).toEqual(["Luna"]);
    expect(await names({ search: "RELAZIONI" })).toEqual(["Luna"]);
    expect(await names({ search: "futuro" })).toEqual([]);
    expect(await names({ specialization: "Amore e Relazioni" })).toEqual(["Luna"]);
    expect(await names({ specialization: "Futuro e Destino" })).toEqual([]);
    const { specializations, psychics } = await t.query(internal.psychics.listPublic, {});
    expect(specializations).toEqual(["Amore e Relazioni", "Carriera e Lavoro"]);
    expect(psychics.find((card) => card.psychicName === "Luna")?.specializations).toEqual(["Amore e Relazioni"]);
  });

  it("reads a bounded number of profiles however many psychics exist", async () => {
    const t = setupTest();
    await t.run(async (ctx) => {
      for (let index = 0; index < 230; index++) {
        await insertPsychic(ctx, { psychicName: `Lettrice ${index}`, availability: defaultAvailability(), rating: (index % 50) / 10 });
      }
    });
    const { psychics } = await t.query(internal.psychics.listPublic, {});
    expect(psychics).toHaveLength(200);
    expect(psychics[0].rating).toBe(4.9);
  });

  it("answers an unknown or malformed id with not found", async () => {
    const t = setupTest();
    expect(await t.query(api.psychics.getPublicProfile, { id: "non-un-id" })).toBeNull();
    expect(
      await errorCodeOf(t.query(api.reviews.listPageForProfile, { psychicProfileId: "non-un-id", paginationOpts: { numItems: 5, cursor: null } })),
    ).toBe("NOT_FOUND");
  });
});
