// The catalogue at any size (convex/catalogue.ts): its rows follow profiles and bookings through the triggers, and
// its pages, read from those rows' indexes, list exactly the psychics the whole list (psychics:listPublic) lists,
// in the same order, for every filter and order.
import { describe, expect, it, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { weekFrom } from "../../convex/demo/data";
import { seededRandom } from "../../convex/demo/scale";
import { specializations, specialties, type ConsultationType, type Specialization, type Specialty } from "../../convex/framework/validators";
import { centsPerMinute, listOrders, type ListOrder } from "../../convex/model/catalogueOrder";
import { compareEntries, EVERY_PSYCHIC, NO_FREE_TIME } from "../../convex/model/catalogueEntries";
import { SEARCH_CANDIDATES } from "../../convex/catalogue";
import { insertPsychic, type PsychicProfileFields } from "./fixtures/psychics";
import { installSearchIndexes } from "@arcano/local-backend/testing/search";
import { runWithTriggers, setupTest, type TestConvex } from "./setup";

/** Deterministic draws (the scaled psychics' generator), so a failure can be replayed. */
function random(seed: number) {
  const next = seededRandom(seed);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
  const some = <T,>(xs: readonly T[], most: number) => [...new Set(Array.from({ length: 1 + Math.floor(next() * most) }, () => pick(xs)))];
  return { next, pick, some };
}

/** Searches of every kind: a name's beginning, a technique's, a topic's words and synonyms, two words, nothing found. */
const SEARCHES = ["luna", "ste", "élo", "ORSOLA 1", "taro", "astrologia", "soldi", "amore", "il mio ex", "lavoro", "tarocchi soldi", "vega amore", "luna 12", "zzz", "1"];

const HOURS = ["08:00", "09:00", "10:30", "12:00", "15:00", "17:30", "20:00", "22:00"];

/** A listed profile's varied fields: topics, techniques, types, prices, rating, hours, open or not. */
function variedProfile(r: ReturnType<typeof random>, n: number): PsychicProfileFields {
  const reviewCount = r.next() < 0.3 ? 0 : 1 + Math.floor(r.next() * 40);
  const types: ConsultationType[] = r.pick([["voice"], ["voice", "chat"], ["chat"]] as ConsultationType[][]);
  const price = (minutes: number) => Math.max(1000, Math.round((60 + r.next() * 200) * minutes / 500) * 500);
  const days = r.some(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const, 6);
  return {
    psychicName: `${r.pick(["Luna", "Stella", "Vega", "Élodie", "Orsola"])} ${n}`,
    specializations: r.some(specializations, 3) as Specialization[],
    specialties: r.some(specialties, 3) as Specialty[],
    consultationTypes: types,
    pricesCents: { "15": price(15), "30": price(30) },
    chatPricesCents: types.includes("chat") ? { "15": price(15), "30": price(30) } : undefined,
    availableDurations: [15, 30],
    reviewCount,
    rating: reviewCount === 0 ? undefined : r.pick([3, 3.5, 4, 4.2, 4.5, 5]),
    isAvailable: r.next() < 0.85,
    availability: weekFrom(Object.fromEntries(days.map((day) => [day, r.some(HOURS, 4).sort()]))),
  };
}

async function listed(t: TestConvex, fields: PsychicProfileFields): Promise<Id<"psychicProfiles">> {
  return (await runWithTriggers(t, (ctx) => insertPsychic(ctx, fields))).profileId;
}

async function rowsOf(t: TestConvex, profileId: Id<"psychicProfiles">) {
  return await t.run(async (ctx) => await ctx.db.query("catalogueEntries").withIndex("by_profile", (q) => q.eq("profileId", profileId)).collect());
}

type Asked = {
  search?: string;
  specialty?: Specialty | null;
  specialization?: Specialization | null;
  consultationType?: ConsultationType | null;
  maxCentsPerMinute?: number | null;
  availableToday?: boolean;
  order?: ListOrder;
};

/** Every page of the catalogue for `asked`, `numItems` at a time, as the list's pages would load them. */
async function everyPage(t: TestConvex, asked: Asked, now: number, numItems: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 200; pages++) {
    const result: { page: Array<{ psychicName: string }>; isDone: boolean; continueCursor: string } = await t.query(api.catalogue.listPage, { ...asked, now, paginationOpts: { numItems, cursor } });
    ids.push(...result.page.map((card) => card.psychicName));
    if (result.isDone) return ids;
    cursor = result.continueCursor;
  }
  throw new Error("the catalogue did not end");
}

/** The whole list's answer for the same question (it has no price cap: applied here as the catalogue reads it). */
async function wholeList(t: TestConvex, { maxCentsPerMinute = null, ...asked }: Asked, now: number): Promise<string[]> {
  const { psychics } = await t.query(api.psychics.listPublic, { ...asked, now });
  return psychics.filter((card) => maxCentsPerMinute === null || centsPerMinute(card) <= maxCentsPerMinute).map((card) => card.psychicName);
}

describe("the catalogue's rows", () => {
  it("follow a profile: one per facet while listed, changed with its topics, gone once hidden or suspended", async () => {
    const t = setupTest();
    const id = await listed(t, { psychicName: "Selene", specializations: ["Amore e Relazioni"], specialties: ["Tarocchi", "Astrologia"], consultationTypes: ["voice", "chat"], chatPricesCents: { "30": 4000 } });
    expect((await rowsOf(t, id)).map((row) => row.facet).sort()).toEqual(
      ["tutti", "ambito:Amore e Relazioni", "tecnica:Tarocchi", "tecnica:Astrologia", "tipo:voice", "tipo:chat"].sort(),
    );
    const voice = (await rowsOf(t, id)).find((row) => row.facet === "tipo:voice")!;
    expect(voice).toMatchObject({ centsPerMinute: Math.round(5000 / 30), typeCentsPerMinute: { voice: Math.round(5000 / 30), chat: Math.round(4000 / 30) }, nameKey: "selene", closed: false, ratingKey: 1, reviewsKey: -0 });
    await runWithTriggers(t, (ctx) => ctx.db.patch("psychicProfiles", id, { specializations: ["Futuro e Destino"] }));
    expect((await rowsOf(t, id)).map((row) => row.facet)).toContain("ambito:Futuro e Destino");
    expect((await rowsOf(t, id)).map((row) => row.facet)).not.toContain("ambito:Amore e Relazioni");
    await runWithTriggers(t, (ctx) => ctx.db.patch("psychicProfiles", id, { suspendedAt: Date.now() }));
    expect(await rowsOf(t, id)).toEqual([]);
    await runWithTriggers(t, (ctx) => ctx.db.patch("psychicProfiles", id, { suspendedAt: undefined, isPubliclyVisible: false }));
    expect(await rowsOf(t, id)).toEqual([]);
  });

  it("write nothing for a change the catalogue does not show (an admin's note)", async () => {
    const t = setupTest();
    const id = await listed(t, { psychicName: "Selene" });
    const before = await rowsOf(t, id);
    await runWithTriggers(t, (ctx) => ctx.db.patch("psychicProfiles", id, { adminNotes: "ok" }));
    expect(await rowsOf(t, id)).toEqual(before);
  });

  it("follow the bookings that block time: a hold on the first free half hour moves it, its end moves it back", async () => {
    const t = setupTest();
    const id = await listed(t, { psychicName: "Selene", availability: weekFrom(Object.fromEntries(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((d) => [d, ["10:00", "10:30", "11:00"]]))) });
    const every = async () => (await rowsOf(t, id)).find((row) => row.facet === EVERY_PSYCHIC)!;
    const first = await every();
    expect(first.freeAt).toBeLessThan(NO_FREE_TIME);
    const holdId = await runWithTriggers(t, async (ctx) => {
      const profile = (await ctx.db.get("psychicProfiles", id))!;
      const clientId = await ctx.db.insert("users", { email: "c@esempio.it", accountType: "client" });
      return await ctx.db.insert("bookings", {
        clientId,
        psychicUserId: profile.userId,
        psychicProfileId: id,
        psychicName: profile.psychicName,
        consultationType: "voice",
        scheduledDate: new Date(first.freeAt).toISOString().slice(0, 10),
        scheduledTime: "10:00",
        startsAt: first.freeAt,
        endsAt: first.freeAt + 30 * 60_000,
        durationMinutes: 30,
        priceCents: 5000,
        status: "pending_payment",
        holdExpiresAt: Date.now() + 15 * 60_000,
      });
    });
    expect((await every()).freeAt).toBeGreaterThan(first.freeAt);
    await runWithTriggers(t, (ctx) => ctx.db.patch("bookings", holdId, { status: "expired" }));
    expect((await every()).freeAt).toBe(first.freeAt);
  });

  it("are computed again by the free-time job once their first free half hour is no longer bookable, and only then", async () => {
    const t = setupTest();
    const everyDay = Object.fromEntries(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((d) => [d, ["10:00", "15:00"]]));
    const id = await listed(t, { psychicName: "Selene", availability: weekFrom(everyDay) });
    const every = async () => (await rowsOf(t, id)).find((row) => row.facet === EVERY_PSYCHIC)!;
    const before = await every();
    expect(before.recheckAt).toBeLessThan(before.freeAt);
    expect(await t.mutation(internal.catalogue.refreshFreeTimes, {})).toEqual({ refreshed: 0 });
    vi.setSystemTime(before.recheckAt + 1);
    // Due now: Selene's half hour is within the booking notice (or her day turned).
    expect(await t.mutation(internal.catalogue.refreshFreeTimes, {})).toEqual({ refreshed: 1 });
    const after = await every();
    // Due for its half hour: the next one is later; due for the day turning: the same half hour, looked at again later.
    if (before.recheckAt === before.freeAt - 60 * 60_000) expect(after.freeAt).toBeGreaterThan(before.freeAt);
    else expect(after.freeAt).toBe(before.freeAt);
    expect(after.recheckAt).toBeGreaterThan(Date.now());
    expect(await t.mutation(internal.catalogue.refreshFreeTimes, {})).toEqual({ refreshed: 0 });
  });

  it("are given to profiles kept from before them by the migration, a page at a time", async () => {
    const t = setupTest();
    for (let n = 0; n < 3; n++) await t.run((ctx) => insertPsychic(ctx, { psychicName: `Vecchia ${n}` }));
    expect(await t.query(internal.migrations.catalogueMissing, {})).toBe(true);
    const page = await t.mutation(internal.migrations.fillCatalogue, { cursor: null });
    expect(page).toMatchObject({ converted: 3, isDone: true });
    expect(await t.query(internal.migrations.catalogueMissing, {})).toBe(false);
    const { page: cards } = await t.query(api.catalogue.listPage, { now: Date.now(), paginationOpts: { numItems: 10, cursor: null } });
    expect(cards.map((card) => card.psychicName).sort()).toEqual(["Vecchia 0", "Vecchia 1", "Vecchia 2"]);
  });
});

describe("catalogue:listPage", () => {
  it("pages through exactly the psychics the whole list shows, in its order, for every search, filter and order", async () => {
    const t = await installSearchIndexes(setupTest());
    const r = random(40);
    for (let n = 1; n <= 45; n++) await listed(t, variedProfile(r, n));
    await listed(t, { psychicName: "Nascosta", isPubliclyVisible: false });
    const now = Date.now();
    for (let i = 0; i < 40; i++) {
      const asked: Asked = {
        search: r.next() < 0.5 ? r.pick(SEARCHES) : undefined,
        specialization: r.next() < 0.3 ? r.pick(specializations) : null,
        specialty: r.next() < 0.3 ? r.pick(specialties) : null,
        consultationType: r.next() < 0.3 ? r.pick(["voice", "chat"] as const) : null,
        maxCentsPerMinute: r.next() < 0.3 ? r.pick([100, 150, 200, 300]) : null,
        availableToday: r.next() < 0.25,
        order: r.pick(listOrders),
      };
      const numItems = r.pick([3, 10, 48]);
      expect(await everyPage(t, asked, now, numItems), JSON.stringify({ asked, numItems })).toEqual(await wholeList(t, asked, now));
    }
  }, 120_000);

  it("pages through a search most psychics match in the order asked, reading their rows in order", async () => {
    const t = await installSearchIndexes(setupTest());
    const r = random(9);
    const count = SEARCH_CANDIDATES + 5;
    for (let n = 1; n <= count; n++) await listed(t, { ...variedProfile(r, n), specialties: ["Tarocchi", ...(n % 3 === 0 ? (["Astrologia"] as const) : [])] });
    const now = Date.now();
    const rows = await t.run(async (ctx) => await ctx.db.query("catalogueEntries").withIndex("by_facet_rating", (q) => q.eq("facet", EVERY_PSYCHIC)).collect());
    for (const order of listOrders) {
      const expected = [...rows].sort(compareEntries(order)).map((row) => row.nameKey);
      const names = (await everyPage(t, { search: "tarocchi", order }, now, 48)).map((name) => name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase());
      expect(names, order).toEqual(expected);
    }
    const astrologers = await everyPage(t, { search: "taro astro" }, now, 48);
    expect(astrologers).toHaveLength(Math.floor(count / 3));
  }, 120_000);

  it("gives each card its first free half hour at the page's clock, and the type's starting price", async () => {
    const t = setupTest();
    await listed(t, { psychicName: "Selene", consultationTypes: ["voice", "chat"], chatPricesCents: { "30": 3000 } });
    const now = Date.now();
    const [card] = (await t.query(api.catalogue.listPage, { now, consultationType: "chat", paginationOpts: { numItems: 5, cursor: null } })).page;
    const [whole] = (await t.query(api.psychics.listPublic, { now, consultationType: "chat" })).psychics;
    expect(card).toEqual({ ...whole, matchedTopic: null });
    expect(card).toMatchObject({ minPriceCents: 3000 });
  });

  it("refuses a page too large, a price cap that is not whole cents and a clock that is not an instant, in Italian", async () => {
    const t = setupTest();
    const ask = (extra: Record<string, unknown>) => t.query(api.catalogue.listPage, { now: Date.now(), paginationOpts: { numItems: 10, cursor: null }, ...extra });
    await expect(ask({ paginationOpts: { numItems: 500, cursor: null } })).rejects.toThrow(/paginationOpts/);
    await expect(ask({ maxCentsPerMinute: 1.5 })).rejects.toThrow(/maxCentsPerMinute/);
    await expect(ask({ now: -1 })).rejects.toThrow();
  });
});

describe("catalogue:listFacets", () => {
  it("offers the topics (the product's order) and techniques (alphabetical) some listed psychic has, with how many have each", async () => {
    const t = setupTest();
    await listed(t, { specializations: ["Futuro e Destino", "Amore e Relazioni"], specialties: ["Tarocchi", "Astrologia"] });
    await listed(t, { specializations: ["Salute e Benessere"], specialties: ["Numerologia"], isPubliclyVisible: false });
    await listed(t, { specializations: ["Amore e Relazioni"], specialties: ["Tarocchi"] });
    expect(await t.query(api.catalogue.listFacets, {})).toEqual({
      specializations: ["Amore e Relazioni", "Futuro e Destino"],
      specialties: ["Astrologia", "Tarocchi"],
      psychicsByTopic: { "Amore e Relazioni": 2, "Futuro e Destino": 1 },
      psychicsByTechnique: { Astrologia: 1, Tarocchi: 2 },
    });
    // A psychic no longer listed is no longer counted.
    const first = await t.run(async (ctx) => (await ctx.db.query("psychicProfiles").first())!._id);
    await runWithTriggers(t, (ctx) => ctx.db.patch("psychicProfiles", first, { isPubliclyVisible: false }));
    expect((await t.query(api.catalogue.listFacets, {})).psychicsByTopic).toEqual({ "Amore e Relazioni": 1 });
  });
});
