// Search indexes through the backend: queries, pages and live subscriptions answered from the index, kept
// in step with inserts, patches and deletes, a transaction's own writes seen, and rebuilt after kill -9.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "./fixture/convex/_generated/api";
import { Clients, eventually, removeDir, startBackend, type RunningBackend } from "../testing/backend";

let backend: RunningBackend;
const clients = new Clients(() => backend);
beforeAll(async () => {
  backend = await startBackend();
  const http = clients.http();
  for (const body of ["lettura dei tarocchi", "tarocchi e carte, tarocchi di Marsiglia", "oroscopo del giorno", "carte napoletane"])
    await http.mutation(api.messages.send, { author: "seed", body, channel: body.includes("carte") ? "carte" : "altro" });
});
afterAll(async () => {
  clients.closeAll();
  await backend?.stop();
  if (backend) removeDir(backend.dataDir);
});

describe("search indexes on the embedded backend", () => {
  it("answers in relevance order, the last term as a prefix, filtered by a filter field", async () => {
    const http = clients.http();
    expect(await http.query(api.search.bodies, { text: "tarocchi" })).toEqual(["tarocchi e carte, tarocchi di Marsiglia", "lettura dei tarocchi"]);
    expect(await http.query(api.search.bodies, { text: "oros" })).toEqual(["oroscopo del giorno"]);
    expect(await http.query(api.search.bodies, { text: "oros giorno" }), "'oros' not last: a whole word only").toEqual(["oroscopo del giorno"]);
    expect(await http.query(api.search.bodies, { text: "carte", channel: "carte" })).toHaveLength(2);
    expect(await http.query(api.search.bodies, { text: "tarocchi", channel: "altro" })).toEqual(["lettura dei tarocchi"]);
  });

  it("pages through the results", async () => {
    const http = clients.http();
    const first = await http.query(api.search.page, { text: "tarocchi", paginationOpts: { numItems: 1, cursor: null } });
    expect(first).toMatchObject({ page: ["tarocchi e carte, tarocchi di Marsiglia"], isDone: false });
    const second = await http.query(api.search.page, { text: "tarocchi", paginationOpts: { numItems: 1, cursor: first.continueCursor } });
    expect(second.page).toEqual(["lettura dei tarocchi"]);
    const third = await http.query(api.search.page, { text: "tarocchi", paginationOpts: { numItems: 1, cursor: second.continueCursor } });
    expect(third).toMatchObject({ page: [], isDone: true });
  });

  it("sees a transaction's own write", async () => {
    expect(await clients.http().mutation(api.search.sendAndSearch, { body: "pendolo e cristalli", text: "pendol" })).toEqual(["pendolo e cristalli"]);
  });

  it("keeps a live search in step with inserts, patches and deletes", async () => {
    const socket = clients.browser();
    const seen: string[][] = [];
    const stop = socket.onUpdate(api.search.bodies, { text: "rune" }, (bodies) => seen.push(bodies));
    const latest = () => seen.at(-1);
    await eventually(() => (latest()?.length === 0 ? true : undefined), "the first answer");
    const http = clients.http();
    await http.mutation(api.messages.send, { author: "live", body: "rune nordiche", channel: "altro" });
    await eventually(() => (latest()?.[0] === "rune nordiche" ? true : undefined), "the insert");
    await http.mutation(api.search.rewrite, { from: "rune nordiche", to: "rune celtiche e rune nordiche" });
    await eventually(() => (latest()?.[0] === "rune celtiche e rune nordiche" ? true : undefined), "the patch");
    await http.mutation(api.search.rewrite, { from: "rune celtiche e rune nordiche", to: "sogni" });
    await eventually(() => (latest()?.length === 0 ? true : undefined), "the patch that takes it out");
    await http.mutation(api.search.rewrite, { from: "sogni", to: null });
    stop();
  });

  it("builds the index again from the data after kill -9", async () => {
    await backend.crash();
    backend = await backend.restart();
    expect(await clients.http().query(api.search.bodies, { text: "tarocchi" })).toEqual(["tarocchi e carte, tarocchi di Marsiglia", "lettura dei tarocchi"]);
  });
});
