// A mutation may be retried on a transient failure without a duplicate write: a response lost with the
// connection is answered again from the stored response when the real ConvexClient re-sends it, a failed
// log write is written again, and a disk that keeps failing stops the backend before anything unwritten is
// acknowledged, so the client's re-sent mutation runs once after the restart.
import { ConvexClient } from "convex/browser";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { api } from "./fixture/convex/_generated/api";
import { Clients, eventually, removeDir, startBackend, type RunningBackend } from "../testing/backend";

let backend: RunningBackend;
const clients = new Clients(() => backend);
beforeAll(async () => {
  backend = await startBackend({ env: { LOCAL_BACKEND_TEST_FAULTS: "1" } });
});
afterEach(() => clients.closeAll());
afterAll(async () => {
  await backend?.stop();
  if (backend) removeDir(backend.dataDir);
});

/** Arms test-only faults (LOCAL_BACKEND_TEST_FAULTS=1) with the admin key. */
async function arm(faults: { dropMutationResponses?: number; failLogWrites?: number; refuseSyncMs?: number; refuseSyncTag?: string }): Promise<void> {
  const r = await fetch(`${backend.cloudUrl}/debug/faults`, {
    method: "POST",
    headers: { authorization: `Convex ${backend.adminKey}`, "content-type": "application/json" },
    body: JSON.stringify(faults),
  });
  expect(r.status).toBe(200);
}

const rowsIn = (channel: string) => clients.http().query(api.messages.listChannel, { channel });

describe("retries without duplicate writes", () => {
  it("a response lost with the connection is replayed when the ConvexClient re-sends the mutation", async () => {
    const c = clients.browser();
    await c.query(api.messages.list, {}); // connected and authenticated before the fault
    await arm({ dropMutationResponses: 1 });
    const id = await c.mutation(api.messages.send, { author: "r", body: "dropped", channel: "retry-drop" });
    await expect.poll(() => backend.output()).toContain("test fault: connection");
    const rows = await rowsIn("retry-drop");
    expect(rows.map((r) => r._id)).toEqual([id]);
  });

  it("a failed log write is written again: the mutation is acknowledged once and survives kill -9 once", async () => {
    const c = clients.browser();
    await arm({ failLogWrites: 2 });
    const id = await c.mutation(api.messages.send, { author: "r", body: "rewritten", channel: "retry-fsync" });
    await expect.poll(() => backend.output()).toContain("durability log write failed");
    await backend.crash();
    backend = await backend.restart();
    const rows = await rowsIn("retry-fsync");
    expect(rows.map((r) => r._id)).toEqual([id]);
  });

  it("a disk that keeps failing stops the backend; the client re-sends after the restart and the mutation runs once", async () => {
    const c = clients.browser();
    await c.query(api.messages.list, {});
    await arm({ failLogWrites: 1000 });
    const pending = c.mutation(api.messages.send, { author: "r", body: "after-restart", channel: "retry-stop" });
    await backend.waitForOutput("stopping so that nothing unwritten is acknowledged", 20_000);
    backend = await backend.restart();
    const id = await pending;
    const rows = await rowsIn("retry-stop");
    expect(rows.map((r) => r._id)).toEqual([id]);
  }, 40_000);

  it("sync sockets refused for a while: the client is told it is offline, its mutation waits and lands once when they are back", async () => {
    const c = clients.browser();
    await c.query(api.messages.list, {});
    expect(c.connectionState().isWebSocketConnected).toBe(true);
    await arm({ refuseSyncMs: 1_500 });
    await eventually(() => (c.connectionState().isWebSocketConnected ? undefined : true), "the socket closed");
    const sent = c.mutation(api.messages.send, { author: "r", body: "queued", channel: "retry-refused" });
    // Still refused: nothing has reached the server yet.
    expect(await rowsIn("retry-refused")).toEqual([]);
    const id = await sent;
    expect(c.connectionState().isWebSocketConnected).toBe(true);
    expect((await rowsIn("retry-refused")).map((r) => r._id)).toEqual([id]);
  }, 30_000);

  it("refused for one tag: only the sockets opened with that test's cookie drop, the others stay connected", async () => {
    // A browser of one test: its sync socket carries the cut cookie, as the e2e pages do.
    class TaggedSocket extends WebSocket {
      constructor(url: string, protocols?: string | string[]) {
        super(url, protocols, { headers: { cookie: "other=1; arcano-test-cut=test-a" } });
      }
    }
    const tagged = new ConvexClient(backend.cloudUrl, { webSocketConstructor: TaggedSocket as unknown as typeof globalThis.WebSocket, logger: false });
    const other = clients.browser();
    try {
      await tagged.query(api.messages.list, {});
      await other.query(api.messages.list, {});
      await arm({ refuseSyncMs: 1_500, refuseSyncTag: "test-a" });
      await eventually(() => (tagged.connectionState().isWebSocketConnected ? undefined : true), "the tagged socket closed");
      expect(other.connectionState().isWebSocketConnected).toBe(true);
      const id = await other.mutation(api.messages.send, { author: "r", body: "untouched", channel: "retry-tagged" });
      expect((await rowsIn("retry-tagged")).map((r) => r._id)).toEqual([id]);
      await eventually(() => (tagged.connectionState().isWebSocketConnected ? true : undefined), "the tagged socket back", 15_000);
    } finally {
      await tagged.close();
    }
  }, 30_000);
});
