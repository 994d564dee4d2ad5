// Pagination that stays stable while rows are added, crons, and file storage served over HTTP.
import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { PaginationResult } from "convex/server";
import type { Id } from "./fixture/convex/_generated/dataModel";
import { api } from "./fixture/convex/_generated/api";
import { nextCron, nextRun } from "../src/crons";
import { Clients, eventually, removeDir, startBackend, type RunningBackend } from "../testing/backend";

let backend: RunningBackend;
const clients = new Clients(() => backend);
beforeAll(async () => {
  backend = await startBackend();
});
afterEach(() => clients.closeAll());
afterAll(async () => {
  await backend?.stop();
  if (backend) removeDir(backend.dataDir);
});

type Page = PaginationResult<{ body: string }>;
/** What the client's paginated query reports (convex/browser does not export the type). */
type PaginatedQueryResult<T> = { results: T[]; status: string; loadMore(numItems: number): boolean };

describe("a paginated list", () => {
  it("stays stable while rows are added: page boundaries don't shift", async () => {
    const channel = "pages";
    const http = clients.http();
    const add = (body: string) => http.mutation(api.messages.send, { author: "p", body, channel });
    for (const body of ["b", "d", "f", "h", "j"]) await add(body);

    // As usePaginatedQuery does: the first page from the start, the next from the first page's cursor.
    const c = clients.browser();
    let first: Page | undefined;
    let second: Page | undefined;
    c.onUpdate(api.messages.pageByBody, { channel, paginationOpts: { numItems: 3, cursor: null } }, (p) => (first = p));
    const p1 = await eventually(() => first, "the first page");
    expect(p1.page.map((m) => m.body)).toEqual(["b", "d", "f"]);
    expect(p1.isDone).toBe(false);
    c.onUpdate(api.messages.pageByBody, { channel, paginationOpts: { numItems: 3, cursor: p1.continueCursor } }, (p) => (second = p));
    const p2 = await eventually(() => second, "the second page");
    expect(p2.page.map((m) => m.body)).toEqual(["h", "j"]);
    const bodies = (p: Page | undefined) => p?.page.map((m) => m.body).join("");

    await add("c"); // inside the first page
    await eventually(() => (bodies(first) === "bcdf" ? true : undefined), "the first page to grow to b c d f");
    expect(first!.continueCursor).toBe(p1.continueCursor);
    expect(bodies(second)).toBe("hj");

    await add("i"); // inside the second page
    await add("a"); // before the first row
    await add("k"); // after the last row: the last page takes it
    await eventually(() => (bodies(second) === "hijk" ? true : undefined), "the second page to grow to h i j k");
    await eventually(() => (bodies(first) === "abcdf" ? true : undefined), "the first page to grow to a b c d f");
    expect(first!.continueCursor).toBe(p1.continueCursor);

    // A fresh subscription has no journal: its first page is the first three rows now.
    const fresh = await clients.http().query(api.messages.pageByBody, { channel, paginationOpts: { numItems: 3, cursor: null } });
    expect(fresh.page.map((m) => m.body)).toEqual(["a", "b", "c"]);
  });

  it("keeps its rows when one of them is deleted or changed", async () => {
    const channel = "pages-2";
    const http = clients.http();
    for (const body of ["a", "b", "c", "d"]) await http.mutation(api.messages.send, { author: "p", body, channel });
    const c = clients.react();
    const watch = c.watchQuery(api.messages.pageByBody, { channel, paginationOpts: { numItems: 2, cursor: null } });
    let latest: Page | undefined;
    watch.onUpdate(() => (latest = watch.localQueryResult()));
    const p1 = await eventually(() => latest, "the first page");
    expect(p1.page.map((m) => m.body)).toEqual(["a", "b"]);
    await http.mutation(api.messages.send, { author: "p", body: "b2", channel });
    // "b2" sorts after "b", past the page's end cursor: the page stays a, b.
    await http.mutation(api.messages.send, { author: "p", body: "aa", channel });
    await eventually(() => (latest?.page.map((m) => m.body).join(",") === "a,aa,b" ? true : undefined), "a, aa, b");
    expect(latest!.continueCursor).toBe(p1.continueCursor);
  });
});

describe("the client's paginated queries (as usePaginatedQuery)", () => {
  it("load more, and split a page that grew, without losing or repeating a row", async () => {
    const channel = "paginated-client";
    const http = clients.http();
    const add = (body: string) => http.mutation(api.messages.send, { author: "p", body, channel });
    for (const body of ["b", "d", "f", "h", "j"]) await add(body);
    const c = clients.browser();
    let latest: PaginatedQueryResult<{ body: string }> | undefined;
    const sub = c.onPaginatedUpdate_experimental(
      api.messages.pageByBody,
      // The client adds paginationOpts itself.
      { channel } as { channel: string; paginationOpts: never },
      { initialNumItems: 2 },
      (r) => (latest = r as unknown as PaginatedQueryResult<{ body: string }>),
    );
    const shown = () => latest?.results.map((m) => m.body).join(",");
    await eventually(() => (shown() === "b,d" ? true : undefined), "the first page");
    expect(latest!.status).toBe("CanLoadMore");
    const current = () => sub.getCurrentValue() as unknown as PaginatedQueryResult<{ body: string }>;
    current().loadMore(2);
    await eventually(() => (shown() === "b,d,f,h" ? true : undefined), "the second page");

    // The first page grows past twice its size: the client splits it in two queries.
    for (const body of ["c", "c1", "c2", "c3"]) await add(body);
    await eventually(() => (shown() === "b,c,c1,c2,c3,d,f,h" ? true : undefined), "rows added inside the first page");
    await add("a");
    await add("g");
    await eventually(() => (shown() === "a,b,c,c1,c2,c3,d,f,g,h" ? true : undefined), "rows at the start and in the second page");
    current().loadMore(10);
    await eventually(() => (latest?.status === "Exhausted" ? true : undefined), "the end of the list");
    expect(shown()).toBe("a,b,c,c1,c2,c3,d,f,g,h,j");
  });
});

describe("crons", () => {
  it("a cron from convex/crons.ts fires on its schedule", async () => {
    const c = clients.browser();
    const counts: number[] = [];
    c.onUpdate(api.ticks.count, {}, (n) => counts.push(n));
    await eventually(() => counts[0], "the first count");
    // The fixture's cron runs every second.
    await eventually(() => (counts.at(-1)! >= counts[0] + 2 ? true : undefined), "two more ticks", 5_000);
    await backend.waitForOutput("1 cron job(s) scheduled");
  });

  it("schedules are computed in UTC", () => {
    const at = Date.UTC(2026, 0, 5, 10, 7, 30); // Monday 10:07:30
    expect(nextCron("*/15 * * * *", at)).toBe(Date.UTC(2026, 0, 5, 10, 15));
    expect(nextRun({ type: "daily", hourUTC: 3, minuteUTC: 30 }, undefined, at)).toBe(Date.UTC(2026, 0, 6, 3, 30));
    expect(nextRun({ type: "weekly", dayOfWeek: "sunday", hourUTC: 0 }, undefined, at)).toBe(Date.UTC(2026, 0, 11, 0, 0));
    expect(nextRun({ type: "monthly", day: 1, hourUTC: 8 }, undefined, at)).toBe(Date.UTC(2026, 1, 1, 8, 0));
    expect(nextRun({ type: "interval", minutes: 5 }, at - 60_000, at)).toBe(at + 4 * 60_000);
  });
});

describe("file storage", () => {
  const bytes = new Uint8Array(Array.from({ length: 64 }, (_, i) => i));

  it("an uploaded file is served back, whole and by Range", async () => {
    const c = clients.browser();
    const uploadUrl = await c.mutation(api.files.generateUploadUrl, {});
    expect(uploadUrl.startsWith(backend.cloudUrl)).toBe(true);
    const up = await fetch(uploadUrl, { method: "POST", headers: { "content-type": "image/png" }, body: bytes });
    expect(up.status).toBe(200);
    const { storageId } = (await up.json()) as { storageId: Id<"_storage"> };
    await c.mutation(api.files.save, { storageId, name: "foto.png" });

    const url = await c.query(api.files.getUrl, { storageId });
    expect(url).toEqual(expect.stringContaining(backend.cloudUrl));
    const whole = await fetch(url!);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(bytes);

    const part = await fetch(url!, { headers: { range: "bytes=2-5" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 2-5/64");
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([2, 3, 4, 5]);
    const tail = await fetch(url!, { headers: { range: "bytes=-3" } });
    expect([...new Uint8Array(await tail.arrayBuffer())]).toEqual([61, 62, 63]);
    expect((await fetch(url!, { headers: { range: "bytes=100-" } })).status).toBe(416);

    const meta = await c.query(api.files.storageMetadata, { storageId });
    expect(meta).toMatchObject({ storageId, size: 64, contentType: "image/png", sha256: expect.any(String) });
    const doc = await c.query(api.files.metadata, { storageId });
    expect(doc).toMatchObject({ _id: storageId, size: 64 });
  });

  it("a deleted file is no longer served, also after a restart", async () => {
    const http = clients.http();
    const up = await fetch(await http.mutation(api.files.generateUploadUrl, {}), { method: "POST", body: bytes });
    const { storageId } = (await up.json()) as { storageId: Id<"_storage"> };
    const url = (await http.query(api.files.getUrl, { storageId }))!;
    expect((await fetch(url)).status).toBe(200);
    await http.mutation(api.files.remove, { storageId });
    expect(await http.query(api.files.getUrl, { storageId })).toBeNull();
    expect((await fetch(url)).status).toBe(404);
    backend = await backend.restart();
    expect((await fetch(url)).status).toBe(404);
    // Its bytes are gone from disk too.
    expect(fs.existsSync(path.join(backend.dataDir, "files", storageId))).toBe(false);
  });

  it("refuses an upload without a valid token, and a storage id is not a table id", async () => {
    const r = await fetch(`${backend.cloudUrl}/api/storage/upload?token=123.abc`, { method: "POST", body: bytes });
    expect(r.status).toBe(401);
    const messageId = await clients.http().mutation(api.messages.send, { author: "s", body: "not a file" });
    const err = (await clients
      .http()
      .query(api.files.getUrl, { storageId: messageId as unknown as Id<"_storage"> })
      .catch((e: unknown) => e)) as Error;
    expect(err.message).toContain("ArgumentValidationError");
    expect((await fetch(`${backend.cloudUrl}/api/storage/999_storage`)).status).toBe(404);
  });
});
