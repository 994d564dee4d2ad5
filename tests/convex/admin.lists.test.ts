// The admin's lists reach every row at any size, a page at a time: the user search finds an account by
// its email, name or surname whatever its age, and the psychics' list pages past its first 200.
import { describe, expect, it, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { searchKeysOf } from "../../convex/model/admin";
import { buildWorld, type World } from "./fixtures/world";
import { runWithTriggers, setupTest, signInAs, type TestClient } from "./setup";

const admin = (w: World) => w.as.admin as TestClient;
const firstPage = { numItems: 100, cursor: null };

/** Every email a search finds, page after page of `numItems`. */
async function everyFound(w: World, search: string, numItems = 100) {
  const emails: Array<string | null> = [];
  let cursor: string | null = null;
  for (;;) {
    const result: { page: Array<{ email: string | null }>; isDone: boolean; continueCursor: string } = await admin(w).query(api.admin.listUsers, {
      search,
      paginationOpts: { numItems, cursor },
    });
    emails.push(...result.page.map((user) => user.email));
    if (result.isDone) return emails;
    cursor = result.continueCursor;
  }
}

describe("the user search at any age", () => {
  it("finds an account made before 2 100 others by its name, its surname and its email", async () => {
    const w = await buildWorld(setupTest());
    await runWithTriggers(w.t, (ctx) => ctx.db.insert("users", { email: "vecchia@esempio.it", name: "Nicolò Bellàvista", accountType: "client" }));
    // The newer ones with the keys the accounts' trigger would write, without its counters (quicker).
    await w.t.run(async (ctx) => {
      for (let i = 0; i < 2100; i++) {
        const user = { email: `n${i}@esempio.it`, name: `Nicola Bellini ${i}`, accountType: "client" as const };
        const userId = await ctx.db.insert("users", user);
        for (const key of searchKeysOf(user)) await ctx.db.insert("userSearchKeys", { userId, key });
      }
    });
    expect(await everyFound(w, "nicolo")).toEqual(["vecchia@esempio.it"]);
    expect(await everyFound(w, "  BELLAVISTA")).toEqual(["vecchia@esempio.it"]);
    expect(await everyFound(w, "Nicolò Bell")).toEqual(["vecchia@esempio.it"]);
    expect(await everyFound(w, "vecchia@")).toEqual(["vecchia@esempio.it"]);
    // A fragment inside a word is not a prefix of any key.
    expect(await everyFound(w, "avista")).toEqual([]);
    // The newer namesakes are there too, page after page.
    expect(await everyFound(w, "nicol")).toHaveLength(2101);
  }, 120_000);

  it("pages through a search with many matches, each person once", async () => {
    const w = await buildWorld(setupTest());
    await runWithTriggers(w.t, async (ctx) => {
      // Found by "mar" through both the name and the surname, and for some also the email.
      for (let i = 0; i < 30; i++) await ctx.db.insert("users", { email: `mar${i}@esempio.it`, name: `Mario Marini ${i}`, accountType: "client" });
      for (let i = 0; i < 30; i++) await ctx.db.insert("users", { email: `altro${i}@esempio.it`, name: `Marta Rossi ${i}`, accountType: "client" });
    });
    const found = await everyFound(w, "mar", 7);
    expect(found).toHaveLength(60);
    expect(new Set(found).size).toBe(60);
  });

  it("follows a change of name, and forgets a deleted account", async () => {
    const t = setupTest();
    const { as: adminAs } = await signInAs(t, { email: "direzione@arcano.it", name: "Direzione", admin: true });
    const client = await signInAs(t, { email: "giulia@esempio.it", name: "Giulia Bianchi", accountType: "client" });
    const found = async (search: string) =>
      (await adminAs.query(api.admin.listUsers, { search, paginationOpts: firstPage })).page.map((user) => user.fullName);
    expect(await found("bianchi")).toEqual(["Giulia Bianchi"]);

    await client.as.mutation(api.users.updateFullName, { fullName: "Giulia Verdi" });
    expect(await found("bianchi")).toEqual([]);
    expect(await found("verdi")).toEqual(["Giulia Verdi"]);

    await client.as.mutation(api.users.deleteMyAccount, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await found("verdi")).toEqual([]);
    expect(await found("giulia")).toEqual([]);
    const keysLeft = await t.run((ctx) =>
      ctx.db
        .query("userSearchKeys")
        .withIndex("by_userId", (q) => q.eq("userId", client.userId))
        .collect(),
    );
    expect(keysLeft).toEqual([]);
  });

  it("the backfill writes the keys of accounts made before them, and changes nothing when run again", async () => {
    const t = setupTest();
    const { as: adminAs } = await signInAs(t, { email: "direzione@arcano.it", name: "Direzione", admin: true });
    // Written past the triggers, as accounts were before the keys existed.
    await t.run(async (ctx) => {
      for (let i = 0; i < 250; i++)
        await ctx.db.insert("users", { email: `prima${i}@esempio.it`, name: `Persona Storica ${i}`, accountType: "client" });
    });
    const found = async () => (await adminAs.query(api.admin.listUsers, { search: "storica 249", paginationOpts: firstPage })).page.length;
    expect(await found()).toBe(0);

    // The admin's own account has its keys already.
    expect(await t.mutation(internal.users.backfillSearchKeys, {})).toEqual({ accounts: 200, changed: 199, isDone: false });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await found()).toBe(1);
    expect(await t.mutation(internal.users.backfillSearchKeys, {})).toEqual({ accounts: 200, changed: 0, isDone: false });
  });
});

describe("the psychics' list", () => {
  it("opens with the whole review queue, then pages through every other psychic, newest first", async () => {
    const w = await buildWorld(setupTest());
    const ids = await runWithTriggers(w.t, async (ctx) => {
      const profiles: Id<"psychicProfiles">[] = [];
      const base = await ctx.db.get("psychicProfiles", w.profileA);
      for (let i = 0; i < 230; i++) {
        const userId = await ctx.db.insert("users", { email: `lettrice${i}@esempio.it`, name: `Lettrice ${i}`, accountType: "psychic" });
        const { _id, _creationTime, ...fields } = base!;
        profiles.push(await ctx.db.insert("psychicProfiles", { ...fields, userId, psychicName: `Lettrice ${i}` }));
      }
      return profiles;
    });
    const pages = [];
    let cursor: string | null = null;
    for (;;) {
      const result: { page: Array<{ id: Id<"psychicProfiles">; inReview: string | null }>; isDone: boolean; continueCursor: string } = await admin(
        w,
      ).query(api.admin.listPsychics, { paginationOpts: { numItems: 100, cursor } });
      pages.push(result.page);
      if (result.isDone) break;
      cursor = result.continueCursor;
    }
    // The pending profile leads the first page and is not listed again among the rest.
    expect(pages[0][0]).toMatchObject({ id: w.profilePending, inReview: "profile" });
    const listed = pages.flat().map((row) => row.id);
    expect(listed.filter((id) => id === w.profilePending)).toHaveLength(1);
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed).toHaveLength(233);
    // Newest first after the queue: the last one made comes right after it, the first one made near the end.
    expect(listed[1]).toBe(ids[229]);
    expect(listed.indexOf(ids[0])).toBeGreaterThan(listed.indexOf(ids[1]));
    expect(pages.length).toBeGreaterThanOrEqual(3);
  });
});
