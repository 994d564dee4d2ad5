// Whether the app can reach its backend, from the Convex client's own connection state: the one place the
// banner, the pending marks and the actions that need the server read it from.
import { useSyncExternalStore } from "react";
import { useConvex } from "convex/react";
import type { ConnectionState } from "convex/browser";

/** A socket down for less than this is a reconnect in passing, not "offline": nothing flickers. */
export const OFFLINE_AFTER_MS = 1_000;

type ConnectionSource = {
  connectionState(): ConnectionState;
  subscribeToConnectionState(cb: (state: ConnectionState) => void): () => void;
};

/** The offline flag of one client, shared by every component that reads it. */
class ConnectionWatch {
  private offline = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly source: ConnectionSource) {
    source.subscribeToConnectionState((state) => this.update(state));
    if (typeof window !== "undefined") {
      // The browser knows at once when the device has no network; the socket notices later.
      window.addEventListener("offline", () => this.update(source.connectionState()));
      window.addEventListener("online", () => this.update(source.connectionState()));
    }
    this.update(source.connectionState());
  }

  readonly get = (): boolean => this.offline;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private update(state: ConnectionState) {
    if (state.isWebSocketConnected) {
      this.clearTimer();
      this.set(false);
      return;
    }
    // A first connection still under way is not "offline" (a slow network or a busy server): only a socket
    // that was open and dropped, or an attempt that failed, is. Even when the browser says it has no network:
    // a page drawn from its kept views before its socket is open (a machine that reaches the backend over
    // loopback only counts as offline to the browser) would flash the banner; without a network the first
    // attempt fails at once, and then the banner comes.
    if (!state.hasEverConnected && state.connectionRetries === 0) return;
    if (typeof navigator !== "undefined" && navigator.onLine === false) {
      this.clearTimer();
      this.set(true);
      return;
    }
    if (this.offline || this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.set(!this.source.connectionState().isWebSocketConnected);
    }, OFFLINE_AFTER_MS);
  }

  private clearTimer() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private set(offline: boolean) {
    if (offline === this.offline) return;
    this.offline = offline;
    for (const listener of this.listeners) listener();
  }
}

const watches = new WeakMap<object, ConnectionWatch>();

function watchOf(client: ConnectionSource): ConnectionWatch {
  let watch = watches.get(client);
  if (!watch) {
    watch = new ConnectionWatch(client);
    watches.set(client, watch);
  }
  return watch;
}

const noWatch = { subscribe: () => () => {}, get: () => false };

/** True while the backend cannot be reached (the socket down for a second, or the device offline). */
export function useIsOffline(): boolean {
  // A component rendered outside the Convex provider (a form on its own in a test) has no connection to watch,
  // nor has the server's render of a page (src/app/server.tsx): watching would open the client's socket there.
  const client = useConvex() as ConnectionSource | undefined;
  const watch = client && typeof window !== "undefined" ? watchOf(client) : noWatch;
  return useSyncExternalStore(watch.subscribe, watch.get, () => false);
}

/** Why an action that needs the server is disabled offline (payments, cancellations, moves, calls). */
export const NEEDS_CONNECTION = "Serve la connessione: potrai farlo appena sarai di nuovo online.";

/** The words of the connection banner and of the marks on writes not yet acknowledged. */
export const connectionWords = {
  offline: "Sei offline: le modifiche verranno inviate appena torna la connessione",
  backOnline: "Di nuovo online",
  saving: "Salvataggio…",
  waiting: "In attesa di connessione",
} as const;
