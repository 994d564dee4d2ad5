// What survives a dropped connection, `kill -9` and a restart: acknowledged writes, mutation responses
// (a re-sent mutation runs once), and scheduled functions due while the backend was down.
import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { api } from "./fixture/convex/_generated/api";
import type { Id } from "./fixture/convex/_generated/dataModel";
import { Clients, eventually, removeDir, startBackend, type RunningBackend } from "../testing/backend";
import { Durability } from "../src/durability";
import type { Doc } from "../src/internals";

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

type ServerMessage = { type: string; requestId?: number; success?: boolean; result?: unknown; [k: string]: unknown };

/** A raw sync socket: what a Convex client sends, without its retry logic. */
async function rawSocket(sessionId: string, connectionCount: number) {
  const ws = new WebSocket(`${backend.cloudUrl.replace("http", "ws")}/api/1.48.0/sync`);
  const received: ServerMessage[] = [];
  ws.on("message", (d) => received.push(JSON.parse(d.toString()) as ServerMessage));
  await new Promise((r, j) => ws.once("open", r).once("error", j));
  ws.send(JSON.stringify({ type: "Connect", sessionId, connectionCount }));
  const mutation = (requestId: number, body: string) =>
    ws.send(
      JSON.stringify({ type: "Mutation", requestId, udfPath: "messages:send", args: [{ author: "raw", body, channel: "replay" }] }),
    );
  const response = (requestId: number) =>
    eventually(() => received.find((m) => m.type === "MutationResponse" && m.requestId === requestId), `response to ${requestId}`);
  return { ws, received, mutation, response };
}

const bodies = async (channel: string) => (await clients.http().query(api.messages.listChannel, { channel })).map((m) => m.body);

describe("a mutation re-sent after a dropped connection runs once", () => {
  it("when the first answer was received before the drop", async () => {
    const first = await rawSocket("session-a", 0);
    first.mutation(1, "once-a");
    const r1 = await first.response(1);
    expect(r1.success).toBe(true);
    first.ws.terminate();

    const second = await rawSocket("session-a", 1);
    second.mutation(1, "once-a");
    const r2 = await second.response(1);
    expect(r2.result).toEqual(r1.result);
    second.ws.close();
    expect((await bodies("replay")).filter((b) => b === "once-a")).toHaveLength(1);
  });

  it("when the connection dropped before the answer", async () => {
    const first = await rawSocket("session-b", 0);
    first.mutation(7, "once-b");
    first.ws.terminate();

    const second = await rawSocket("session-b", 1);
    second.mutation(7, "once-b");
    const r = await second.response(7);
    expect(r.success).toBe(true);
    second.ws.close();
    expect((await bodies("replay")).filter((b) => b === "once-b")).toHaveLength(1);
  });

  it("even when the backend was killed and restarted in between", async () => {
    const first = await rawSocket("session-c", 0);
    first.mutation(3, "once-c");
    const r1 = await first.response(3);
    await backend.crash();
    backend = await backend.restart();

    const second = await rawSocket("session-c", 1);
    second.mutation(3, "once-c");
    const r2 = await second.response(3);
    expect(r2.result).toEqual(r1.result);
    second.ws.close();
    expect((await bodies("replay")).filter((b) => b === "once-c")).toHaveLength(1);
  });

  it("while the same request from another session is a different mutation", async () => {
    const other = await rawSocket("session-d", 0);
    other.mutation(1, "once-a");
    expect((await other.response(1)).success).toBe(true);
    other.ws.close();
    expect((await bodies("replay")).filter((b) => b === "once-a")).toHaveLength(2);
  });
});

describe("kill -9", () => {
  it("every write acknowledged just before kill -9 is there after the restart", async () => {
    const c = clients.browser();
    const ids = await Promise.all(
      Array.from({ length: 40 }, (_, i) => c.mutation(api.messages.send, { author: "k", body: `acked-${i}`, channel: "kill" })),
    );
    await backend.crash();
    backend = await backend.restart();
    const rows = await clients.http().query(api.messages.listChannel, { channel: "kill" });
    expect(rows.map((r) => r._id).sort()).toEqual([...ids].sort());
    // New ids never reuse old ones after a restart.
    const next = await clients.http().mutation(api.messages.send, { author: "k", body: "after", channel: "kill" });
    expect(ids).not.toContain(next);
  });

  it("a burst of writes cut by kill -9 lands exactly once: acknowledged ones kept, the rest re-sent by the client", async () => {
    const c = clients.browser();
    let resolved = 0;
    let crashed: Promise<void> | undefined;
    const all: Promise<string>[] = [];
    for (let i = 0; i < 150; i++) {
      const write = c.mutation(api.messages.send, { author: "b", body: `burst-${i}`, channel: "burst" });
      all.push(
        write.then((id) => {
          // SIGKILL as soon as the tenth write is acknowledged, while the others are in flight.
          if (++resolved === 10) crashed = backend.crash();
          return id;
        }),
      );
      // Spread over time, so acknowledgements come in many Transitions rather than one.
      await new Promise((r) => setTimeout(r, 1));
    }
    await eventually(() => (crashed ? true : undefined), "the crash");
    await crashed;
    expect(resolved).toBeLessThan(150);
    backend = await backend.restart();
    const ids = await Promise.all(all);
    const rows = await clients.http().query(api.messages.listChannel, { channel: "burst" });
    expect(rows).toHaveLength(150);
    expect(new Set(rows.map((r) => r.body)).size).toBe(150);
    expect(rows.map((r) => r._id).sort()).toEqual([...ids].sort());
  });

  it("an uploaded file survives kill -9", async () => {
    const http = clients.http();
    const url = await http.mutation(api.files.generateUploadUrl, {});
    const up = await fetch(url, { method: "POST", headers: { "content-type": "text/plain" }, body: "durevole" });
    const { storageId } = (await up.json()) as { storageId: string };
    await backend.crash();
    backend = await backend.restart();
    const served = await clients.http().query(api.files.getUrl, { storageId: storageId as never });
    expect(await (await fetch(served!)).text()).toBe("durevole");
  });

  it("a client reconnects to the restarted backend and its subscription resumes", async () => {
    const c = clients.browser();
    let latest: string[] = [];
    c.onUpdate(api.messages.listChannel, { channel: "resume" }, (rows) => (latest = rows.map((r) => r.body)));
    await c.mutation(api.messages.send, { author: "r", body: "before", channel: "resume" });
    await backend.crash();
    backend = await backend.restart();
    await c.mutation(api.messages.send, { author: "r", body: "after", channel: "resume" });
    await eventually(() => (latest.includes("after") ? true : undefined), "the resumed subscription");
    expect(latest).toEqual(["before", "after"]);
  });
});

describe("start-up refusals", () => {
  it("a second backend on the same data folder is refused, with a sentence saying why", async () => {
    await expect(startBackend({ dataDir: backend.dataDir })).rejects.toThrow(/is in use by another backend \(process \d+\)/);
  });

  it("a port already in use is reported as such", async () => {
    const port = Number(new URL(backend.cloudUrl).port);
    await expect(startBackend({ port })).rejects.toThrow(new RegExp(`Port ${port} is already in use`));
  });
});

describe("pagination across a restart", () => {
  it("a paginated subscription keeps its page boundary after the backend restarts", async () => {
    const http = clients.http();
    for (const body of ["b", "d", "f", "h"]) await http.mutation(api.messages.send, { author: "p", body, channel: "restart-pages" });
    const c = clients.browser();
    let first: { page: { body: string }[]; continueCursor: string } | undefined;
    const args = { channel: "restart-pages", paginationOpts: { numItems: 2, cursor: null } };
    c.onUpdate(api.messages.pageByBody, args, (p) => (first = p));
    const p1 = await eventually(() => first, "the first page");
    expect(p1.page.map((m) => m.body)).toEqual(["b", "d"]);

    await backend.crash();
    backend = await backend.restart();
    // The client re-subscribes with the page's journal: new rows inside the page join it, the end stays put.
    await clients.http().mutation(api.messages.send, { author: "p", body: "c", channel: "restart-pages" });
    await eventually(() => (first?.page.map((m) => m.body).join("") === "bcd" ? true : undefined), "b c d after the restart");
    expect(first!.continueCursor).toBe(p1.continueCursor);
  });
});

describe("scheduled functions", () => {
  it("a scheduled function due during a restart runs after it, once", async () => {
    await clients.http().mutation(api.messages.sendLater, { body: "scheduled-during-restart", delayMs: 400 });
    await backend.crash();
    const dueAt = Date.now() + 400;
    backend = await backend.restart();
    expect(Date.now()).toBeGreaterThan(dueAt);
    const found = await eventually(async () => {
      const rows = (await clients.http().query(api.messages.list, {})).filter((m) => m.body === "scheduled-during-restart");
      return rows.length ? rows : undefined;
    }, "the scheduled message");
    expect(found).toHaveLength(1);
    expect(found[0].author).toBe("scheduler");
  });

  it("a failing scheduled function is recorded as failed and the backend keeps serving", async () => {
    const http = clients.http();
    const jobId = await http.mutation(api.messages.scheduleFailure, {});
    await eventually(async () => ((await http.query(api.messages.jobState, { id: jobId })) === "failed" ? true : undefined), "the failed state");
    const pending = (await http.mutation(api.messages.sendLater, { body: "after-failure", delayMs: 0 })) as Id<"_scheduled_functions">;
    await eventually(async () => ((await http.query(api.messages.jobState, { id: pending })) === "success" ? true : undefined), "the next job");
  });

  it("a scheduled action cut by kill -9 is marked failed after the restart, not run again", async () => {
    const jobId = await clients.http().mutation(api.messages.scheduleSlow, {});
    await eventually(async () => ((await clients.http().query(api.messages.jobState, { id: jobId })) === "inProgress" ? true : undefined), "the running state");
    await backend.crash();
    backend = await backend.restart();
    await eventually(async () => ((await clients.http().query(api.messages.jobState, { id: jobId })) === "failed" ? true : undefined), "the failed state");
  });

  it("a scheduled mutation cut by a crash (left inProgress, never committed) runs again after the restart, once", async () => {
    const jobId = (await clients.http().mutation(api.messages.sendLater, { body: "interrupted-mutation", delayMs: 600_000 })) as Id<"_scheduled_functions">;
    await backend.stop();
    // A mutation cannot be caught mid-flight, so the state a crash would leave is written into the data folder:
    // the job marked inProgress, due in the past, and its write absent.
    const durability = new Durability(backend.dataDir, (fn) => fn(), () => {});
    const state = durability.load();
    const job = state.docs[jobId] as Doc & { state: { kind: string }; scheduledTime: number };
    expect(job.state.kind).toBe("pending");
    state.docs[jobId] = { ...job, state: { kind: "inProgress" }, scheduledTime: Date.now() - 1000 };
    durability.compact(state);
    durability.close();

    backend = await backend.restart();
    const http = clients.http();
    await eventually(async () => ((await http.query(api.messages.jobState, { id: jobId })) === "success" ? true : undefined), "the success state");
    const rows = (await http.query(api.messages.list, {})).filter((m) => m.body === "interrupted-mutation");
    expect(rows).toHaveLength(1);
    expect(rows[0].author).toBe("scheduler");
  });

  it("a scheduled mutation whose commit was logged before a crash (job still inProgress) is not run again", async () => {
    const jobId = (await clients.http().mutation(api.messages.sendLater, { body: "committed-then-crash", delayMs: 50 })) as string;
    const http = clients.http();
    await eventually(async () => ((await http.query(api.messages.jobState, { id: jobId as Id<"_scheduled_functions"> })) === "success" ? true : undefined), "the job to run");
    await backend.crash();
    // The crash a moment later: the log ends with the mutation's own commit, before the scheduler's
    // separate transaction marked the job done. That commit record itself must carry the job as done.
    const logs = fs.readdirSync(backend.dataDir).filter((f) => /^log\.\d+\.jsonl$/.test(f));
    const file = path.join(backend.dataDir, logs.sort((a, b) => Number(a.split(".")[1]) - Number(b.split(".")[1])).at(-1)!);
    const lines = fs.readFileSync(file, "utf8").split("\n").filter(Boolean);
    type Written = { body?: string; state?: { kind: string } } | null;
    const records = lines.map((l) => JSON.parse(l) as { w?: Array<[string, Written]> });
    const commit = records.findIndex((r) => r.w?.some(([, doc]) => doc?.body === "committed-then-crash"));
    expect(commit).toBeGreaterThanOrEqual(0);
    const record = records[commit] as { w: Array<[string, Written]> };
    expect(record.w.find(([id]) => id === jobId)?.[1]?.state?.kind).toBe("success");
    fs.writeFileSync(file, lines.slice(0, commit + 1).join("\n") + "\n");

    backend = await backend.restart();
    const after = clients.http();
    expect(await after.query(api.messages.jobState, { id: jobId as Id<"_scheduled_functions"> })).toBe("success");
    await new Promise((r) => setTimeout(r, 500));
    expect((await after.query(api.messages.list, {})).filter((m) => m.body === "committed-then-crash")).toHaveLength(1);
  });

  it("a scheduled function runs on time while the backend is up", async () => {
    const c = clients.browser();
    let latest: string[] = [];
    c.onUpdate(api.messages.list, {}, (rows) => (latest = rows.map((r) => r.body)));
    await c.mutation(api.messages.sendLater, { body: "scheduled-live", delayMs: 100 });
    await eventually(() => (latest.includes("scheduled-live") ? true : undefined), "the scheduled write to reach subscribers");
  });
});
