// `consistentQuery` (POST /api/query_ts, then /api/query_at_ts) reads the database as it was at the
// timestamp the client took first, as on Convex; a timestamp older than the retention window is refused
// with Convex's OutOfRetention answer (503, InternalServerError).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "./fixture/convex/_generated/api";
import { Clients, removeDir, startBackend, type RunningBackend } from "../testing/backend";

const WINDOW_MS = 4000;
let backend: RunningBackend;
const clients = new Clients(() => backend);
beforeAll(async () => {
  backend = await startBackend({ env: { LOCAL_BACKEND_HISTORY_MS: String(WINDOW_MS) } });
});
afterAll(async () => {
  await backend?.stop();
  if (backend) removeDir(backend.dataDir);
});

const bodiesIn = (rows: { body: string }[]) => rows.map((r) => r.body);

describe("consistentQuery reads at the timestamp asked", () => {
  it("sees the first value after later inserts, edits and deletes", async () => {
    const writer = clients.http();
    const channel = "at-ts";
    const first = await writer.mutation(api.messages.send, { author: "w", body: "one", channel });
    const gone = await writer.mutation(api.messages.send, { author: "w", body: "two", channel });

    const reader = clients.http();
    // The first consistent query takes the timestamp every later one on this client reads at.
    expect(bodiesIn(await reader.consistentQuery(api.messages.listChannel, { channel }))).toEqual(["one", "two"]);

    await writer.mutation(api.messages.edit, { id: first, body: "one, edited" });
    await writer.mutation(api.messages.remove, { id: gone });
    await writer.mutation(api.messages.send, { author: "w", body: "three", channel });

    expect(bodiesIn(await reader.consistentQuery(api.messages.listChannel, { channel }))).toEqual(["one", "two"]);
    expect(bodiesIn(await reader.query(api.messages.listChannel, { channel }))).toEqual(["one, edited", "three"]);
    // A new client takes a new timestamp.
    expect(bodiesIn(await clients.http().consistentQuery(api.messages.listChannel, { channel }))).toEqual(["one, edited", "three"]);
  });

  it("keeps pages of one paginated read consistent across calls, whatever is written between them", async () => {
    const writer = clients.http();
    const channel = "at-ts-pages";
    const ids: Record<string, string> = {};
    for (const body of ["a", "c", "e", "g"]) ids[body] = await writer.mutation(api.messages.send, { author: "w", body, channel });

    const reader = clients.http();
    const opts = (cursor: string | null) => ({ channel, paginationOpts: { numItems: 2, cursor } });
    const page1 = await reader.consistentQuery(api.messages.pageByBody, opts(null));
    expect(bodiesIn(page1.page)).toEqual(["a", "c"]);

    // Rows that would move the boundary of the second page if it read the current state.
    await writer.mutation(api.messages.send, { author: "w", body: "d", channel });
    await writer.mutation(api.messages.remove, { id: ids.e as never });

    const page2 = await reader.consistentQuery(api.messages.pageByBody, opts(page1.continueCursor));
    expect(bodiesIn(page2.page)).toEqual(["e", "g"]);
    // The same cursor read now (no timestamp) sees the new rows.
    const now = await clients.http().query(api.messages.pageByBody, opts(page1.continueCursor));
    expect(bodiesIn(now.page)).toEqual(["d", "g"]);
  });

  it("refuses a timestamp older than the retention window as Convex does", async () => {
    const writer = clients.http();
    const channel = "at-ts-old";
    await writer.mutation(api.messages.send, { author: "w", body: "before", channel });
    const reader = clients.http();
    expect(bodiesIn(await reader.consistentQuery(api.messages.listChannel, { channel }))).toEqual(["before"]);
    await writer.mutation(api.messages.send, { author: "w", body: "after", channel });
    // Once the write after the reader's timestamp leaves the window, the state before it is gone.
    await new Promise((r) => setTimeout(r, WINDOW_MS + 300));
    await writer.mutation(api.messages.send, { author: "w", body: "later", channel });
    const err = await reader.consistentQuery(api.messages.listChannel, { channel }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect(JSON.parse((err as Error).message)).toEqual({
      code: "InternalServerError",
      message: "Your request couldn't be completed. Try again later.",
    });
  }, 15_000);
});
