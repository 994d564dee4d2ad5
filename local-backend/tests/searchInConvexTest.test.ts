/// <reference types="vite/client" />
// A project's own convex-test suite given the backend's search indexes (`@arcano/local-backend/testing/search`):
// its searches answer as the embedded backend's, where convex-test alone matches every word by prefix, unranked.
import { convexTest } from "convex-test";
import { describe, expect, it } from "vitest";
import schema from "./fixture/convex/schema";
import { api } from "./fixture/convex/_generated/api";
import { installSearchIndexes } from "../testing/search";

const modules = import.meta.glob("./fixture/convex/**/*.ts");
const bodies = ["lettura dei tarocchi", "tarocchi e carte, tarocchi di Marsiglia", "oroscopo del giorno"];

async function seeded(t: ReturnType<typeof convexTest>) {
  await t.run(async (ctx) => {
    for (const body of bodies) await ctx.db.insert("messages", { author: "seed", body, channel: "altro" });
  });
  return t;
}

describe("search indexes in convex-test", () => {
  it("rank by relevance and match whole words but the last", async () => {
    const t = await seeded(await installSearchIndexes(convexTest(schema, modules)));
    expect(await t.query(api.search.bodies, { text: "tarocchi" })).toEqual([bodies[1], bodies[0]]);
    expect(await t.query(api.search.bodies, { text: "tarocc dei" }), "'tarocc' not last: no whole word").toEqual([bodies[0]]);
    expect(await t.mutation(api.search.sendAndSearch, { body: "pendolo", text: "pend" })).toEqual(["pendolo"]);
  });

  it("differ from convex-test's own scan (which is why they are installed)", async () => {
    const t = await seeded(convexTest(schema, modules));
    expect(await t.query(api.search.bodies, { text: "tarocchi" }), "creation order").toEqual([bodies[0], bodies[1]]);
    expect(await t.query(api.search.bodies, { text: "tarocc dei" }), "every word a prefix").toEqual([bodies[0], bodies[1]]);
  });
});
