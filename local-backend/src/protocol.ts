// Wire format of the Convex sync protocol (convex 1.48 client) and small helpers around it.
import type { JSONValue } from "convex/values";

export type Json = JSONValue;
export type Identity = Record<string, Json>;
export type FunctionKind = "query" | "mutation" | "action";

export type QuerySetModification =
  | { type: "Add"; queryId: number; udfPath: string; args: Json[]; journal?: string | null; componentPath?: string }
  | { type: "Remove"; queryId: number };

export type ClientMessage =
  | { type: "Connect"; sessionId: string; connectionCount: number; maxObservedTimestamp?: string }
  | { type: "ModifyQuerySet"; baseVersion: number; newVersion: number; modifications: QuerySetModification[] }
  | { type: "Authenticate"; tokenType: "User" | "Admin" | "None"; value?: string; baseVersion: number; impersonating?: Identity }
  | { type: "Mutation"; requestId: number; udfPath: string; args: Json[]; componentPath?: string }
  | { type: "Action"; requestId: number; udfPath: string; args: Json[]; componentPath?: string }
  | { type: "Event"; eventType: string; event: Json };

/** Encodes a u64 timestamp the way the client decodes it: 8 bytes little-endian, base64. */
export function encodeTs(ts: bigint): string {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(ts);
  return b.toString("base64");
}

export function decodeTs(s: string): bigint {
  return Buffer.from(s, "base64").readBigUInt64LE();
}

/** `"messages"` is `messages:default`; `.js` suffixes are dropped, like the real backend does. */
export function canonicalizeUdfPath(udfPath: string): string {
  const pieces = udfPath.split(":");
  let mod = pieces.length === 1 ? pieces[0] : pieces.slice(0, -1).join(":");
  const fn = pieces.length === 1 ? "default" : pieces[pieces.length - 1];
  if (mod.endsWith(".js")) mod = mod.slice(0, -3);
  return `${mod}:${fn}`;
}

/** Monotonic nanosecond clock; `observe` keeps it ahead of timestamps restored from disk or sent by clients. */
export class TsClock {
  private last = 0n;
  next(): bigint {
    const now = BigInt(Date.now()) * 1_000_000n;
    this.last = now > this.last ? now : this.last + 1n;
    return this.last;
  }
  observe(ts: bigint): void {
    if (ts > this.last) this.last = ts;
  }
  get current(): bigint {
    return this.last;
  }
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
