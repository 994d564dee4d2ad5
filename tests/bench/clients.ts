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
  private readonly waiting = new Map<number, { resolve: (r: { at: bigint; value: unknown }) => void; reject: (e: Error) => void }>();

  private constructor(private readonly ws: WebSocket) {
    ws.on("message", (data) => {
      const at = now();
      const msg = JSON.parse(data.toString()) as { type: string; requestId?: number; success?: boolean; result?: unknown; errorData?: unknown; error?: string };
      if (msg.type === "AuthError") throw new Error(`authentication refused: ${msg.error}`);
      if (msg.type !== "MutationResponse") return;
      const waiter = this.waiting.get(msg.requestId!);
      this.waiting.delete(msg.requestId!);
      if (!msg.success) waiter?.reject(new Error(`mutation failed: ${String(msg.result)} ${JSON.stringify(msg.errorData ?? null)}`));
      else waiter?.resolve({ at, value: msg.result });
    });
  }

  /** `adminKey` authenticates the socket as admin, so internal mutations may run (as `Convex <key>` over HTTP). */
  static open(cloudUrl: string, adminKey?: string): Promise<RawWriter> {
    const ws = new WebSocket(`${cloudUrl.replace(/^http/, "ws")}/api/1.48.0/sync`, { perMessageDeflate: false });
    return new Promise((resolve, reject) => {
      ws.once("open", () => {
        ws.send(JSON.stringify({ type: "Connect", sessionId: randomUUID(), connectionCount: 0, lastCloseReason: null }));
        if (adminKey) ws.send(JSON.stringify({ type: "Authenticate", tokenType: "Admin", value: adminKey, baseVersion: 0 }));
        resolve(new RawWriter(ws));
      });
      ws.once("error", reject);
    });
  }

  /** Sends a mutation; resolves with the hrtime at which its MutationResponse arrived, and its result. */
  call(udfPath: string, args: Record<string, unknown>): Promise<{ at: bigint; value: unknown }> {
    const requestId = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(requestId, { resolve, reject });
      this.ws.send(JSON.stringify({ type: "Mutation", requestId, udfPath, args: [args] }));
    });
  }

  /** Sends a mutation; resolves with the hrtime at which its MutationResponse arrived. */
  async mutation(udfPath: string, args: Record<string, unknown>): Promise<bigint> {
    return (await this.call(udfPath, args)).at;
  }

  close(): void {
    this.ws.close();
  }
}
