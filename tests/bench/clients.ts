// Clients for the backend scenarios: the real ConvexClient, and a bare sync-protocol writer whose
// MutationResponse frame marks the exact moment a write is acknowledged.
import { randomUUID } from "node:crypto";
import WebSocket from "ws";
import { ConvexClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import { now } from "./stats.ts";

export function convexClient(cloudUrl: string): ConvexClient {
  return new ConvexClient(cloudUrl, {
    webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket,
    unsavedChangesWarning: false,
    skipConvexDeploymentUrlCheck: true,
    logger: false,
  });
}

export const ref = (path: string) => makeFunctionReference<"query" | "mutation">(path) as never;

/**
 * Subscribes client i to `query(i)`; resolves once every client has its first value. `onValue` sees
 * every later value. Returns the unsubscribe-all function.
 */
export async function subscribeAll(
  clients: ConvexClient[],
  query: (i: number) => [string, Record<string, unknown>],
  onValue: (i: number, value: unknown) => void = () => {},
): Promise<() => void> {
  const unsubs: Array<() => void> = [];
  await Promise.all(
    clients.map(
      (c, i) =>
        new Promise<void>((resolve) => {
          const [path, args] = query(i);
          let first = true;
          unsubs.push(
            c.onUpdate(ref(path), args as never, (value: unknown) => {
              if (!first) return onValue(i, value);
              first = false;
              resolve();
            }),
          );
        }),
    ),
  );
  return () => unsubs.forEach((u) => u());
}

export class RawWriter {
  private nextId = 0;
  private readonly waiting = new Map<number, (at: bigint) => void>();

  private constructor(private readonly ws: WebSocket) {
    ws.on("message", (data) => {
      const at = now();
      const msg = JSON.parse(data.toString()) as { type: string; requestId?: number; success?: boolean; result?: unknown };
      if (msg.type !== "MutationResponse") return;
      if (!msg.success) throw new Error(`mutation failed: ${String(msg.result)}`);
      this.waiting.get(msg.requestId!)?.(at);
      this.waiting.delete(msg.requestId!);
    });
  }

  static open(cloudUrl: string): Promise<RawWriter> {
    const ws = new WebSocket(`${cloudUrl.replace(/^http/, "ws")}/api/1.48.0/sync`, { perMessageDeflate: false });
    return new Promise((resolve, reject) => {
      ws.once("open", () => {
        ws.send(JSON.stringify({ type: "Connect", sessionId: randomUUID(), connectionCount: 0, lastCloseReason: null }));
        resolve(new RawWriter(ws));
      });
      ws.once("error", reject);
    });
  }

  /** Sends a mutation; resolves with the hrtime at which its MutationResponse arrived. */
  mutation(udfPath: string, args: Record<string, unknown>): Promise<bigint> {
    const requestId = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(requestId, resolve);
      this.ws.send(JSON.stringify({ type: "Mutation", requestId, udfPath, args: [args] }));
    });
  }

  close(): void {
    this.ws.close();
  }
}
