// Test-only fault injection: with LOCAL_BACKEND_TEST_FAULTS=1, `POST /debug/faults` (admin key) arms
// failures the backend must survive without losing or duplicating a write. Off, nothing here has any effect.
import { isObject } from "./protocol.ts";

export interface Faults {
  /** Close the client's socket instead of sending the next N mutation responses (after the commit is durable). */
  dropMutationResponses: number;
  /** Fail the next N writes of the durability log (half the batch written, then an I/O error). */
  failLogWrites: number;
  /**
   * Close every sync socket now and refuse new ones for this many milliseconds: the browser's connection
   * drops for real (the offline journeys in tests/e2e), while the backend, its data and its jobs go on.
   */
  refuseSyncMs: number;
}

const armed: Faults = { dropMutationResponses: 0, failLogWrites: 0, refuseSyncMs: 0 };
let syncRefusedUntil = 0;
const syncRefusedListeners = new Set<() => void>();

/** True while the sync sockets are refused (`refuseSyncMs`). */
export function syncRefused(): boolean {
  return Date.now() < syncRefusedUntil;
}

/** Called when sync sockets start being refused: the server closes the open ones. */
export function onSyncRefused(listener: () => void): () => void {
  syncRefusedListeners.add(listener);
  return () => syncRefusedListeners.delete(listener);
}

export function faultsEnabled(): boolean {
  return process.env.LOCAL_BACKEND_TEST_FAULTS === "1";
}

/** True (and one fewer left) when a fault of this kind is armed. */
export function takeFault(kind: keyof Faults): boolean {
  if (armed[kind] <= 0) return false;
  armed[kind]--;
  return true;
}

/** Sets the counts given in `body`; returns what is armed now. */
export function armFaults(body: unknown): Faults {
  if (isObject(body)) {
    for (const k of Object.keys(armed) as (keyof Faults)[]) {
      const n = body[k];
      if (typeof n === "number" && Number.isInteger(n) && n >= 0) armed[k] = n;
    }
    if (typeof body.refuseSyncMs === "number" && armed.refuseSyncMs > 0) {
      syncRefusedUntil = Date.now() + armed.refuseSyncMs;
      armed.refuseSyncMs = 0;
      for (const listener of syncRefusedListeners) listener();
    }
  }
  return { ...armed };
}
