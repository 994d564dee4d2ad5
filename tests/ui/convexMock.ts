// A stand-in for the Convex and auth React hooks, so pages render without a backend. Tests set
// what each query answers and what each mutation or action does, by function name ("users:viewer").
import { useSyncExternalStore } from "react";
import { getFunctionName, type FunctionReference } from "convex/server";
import { vi } from "vitest";

type Handler = (args: Record<string, unknown>) => unknown;

// Set in a test's setup, the answers are simply read on render; `convexMock.changed()` re-renders
// the mounted hooks, as a live subscription does when the server's answer changes.
let version = 0;
const listeners = new Set<() => void>();
function useAnswersVersion() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => version,
  );
}

// The client's connection state (src/lib/browser/connection.ts reads it): connected unless a test cuts it.
const connectionListeners = new Set<(state: ReturnType<typeof connectionState>) => void>();
let connection = { connected: true, hasEverConnected: true, connectionRetries: 0 };
function connectionState() {
  return {
    hasInflightRequests: false,
    isWebSocketConnected: connection.connected,
    timeOfOldestInflightRequest: null,
    hasEverConnected: connection.hasEverConnected,
    connectionCount: connection.hasEverConnected ? 1 : 0,
    connectionRetries: connection.connectionRetries,
    inflightMutations: 0,
    inflightActions: 0,
  };
}

export const convexMock = {
  auth: { isLoading: false, isAuthenticated: false },
  /** The auth token the auth library holds (useAuthToken): null unless a test sets one. */
  token: null as string | null,
  queries: new Map<string, unknown>(),
  handlers: new Map<string, Handler>(),
  calls: [] as Array<{ name: string; args: unknown }>,
  /** Paginated queries whose server has more than the answer set here ('Carica altri' shows; a click is a call). */
  morePages: new Set<string>(),
  signIn: vi.fn(async (_provider: string, _params?: unknown) => ({ signingIn: true })),
  signOut: vi.fn(async () => {}),
  /** The socket to the backend opened or closed (the page says it is offline a second later). */
  setConnected(value: boolean) {
    this.setConnection({ connected: value, hasEverConnected: connection.hasEverConnected || value });
  },
  /** Any part of the connection state (a first connection under way, failed attempts). */
  setConnection(change: Partial<typeof connection>) {
    connection = { ...connection, ...change };
    for (const listener of connectionListeners) listener(connectionState());
  },
  reset() {
    this.setConnection({ connected: true, hasEverConnected: true, connectionRetries: 0 });
    this.auth = { isLoading: false, isAuthenticated: false };
    this.token = null;
    this.queries.clear();
    this.handlers.clear();
    this.calls = [];
    this.morePages.clear();
    this.signIn.mockReset();
    this.signIn.mockImplementation(async () => ({ signingIn: true }));
    this.signOut.mockReset();
    this.signOut.mockImplementation(async () => {});
  },
  /** Signed in as `viewer` (the `users.viewer` answer). */
  signedInAs(viewer: Record<string, unknown>) {
    this.auth = { isLoading: false, isAuthenticated: true };
    this.queries.set("users:viewer", viewer);
    this.queries.set("users:isAdmin", viewer.isAdmin === true);
  },
  /** The session ended on the server (sign-out, deletion, reset elsewhere): signed out from now on. */
  signedOut() {
    this.auth = { isLoading: false, isAuthenticated: false };
    this.queries.delete("users:viewer");
    this.queries.set("users:isAdmin", false);
  },
  /** Pushes the current answers to every mounted hook. */
  changed() {
    version += 1;
    for (const listener of listeners) listener();
  },
};

const nameOf = (ref: FunctionReference<"query" | "mutation" | "action">) => getFunctionName(ref);

// One function per name, as Convex's hooks keep theirs from render to render (effects may depend on it).
const callables = new Map<string, ((args?: Record<string, unknown>) => Promise<unknown>) & { withOptimisticUpdate: () => unknown }>();
function callable(ref: FunctionReference<"mutation" | "action">) {
  const name = nameOf(ref);
  const known = callables.get(name);
  if (known) return known;
  const run = async (args: Record<string, unknown> = {}) => {
    convexMock.calls.push({ name, args });
    const handler = convexMock.handlers.get(name);
    return handler ? handler(args) : null;
  };
  const made = Object.assign(run, { withOptimisticUpdate: () => run });
  callables.set(name, made);
  return made;
}

// `useConvex().query(...)`, a one-off read: recorded like a call; a handler answers it, else the query's answer.
const client = {
  connectionState,
  subscribeToConnectionState: (listener: (state: ReturnType<typeof connectionState>) => void) => {
    connectionListeners.add(listener);
    return () => connectionListeners.delete(listener);
  },
  query: async (ref: FunctionReference<"query">, args: Record<string, unknown> = {}) => {
    const name = nameOf(ref);
    convexMock.calls.push({ name, args });
    const handler = convexMock.handlers.get(name);
    if (handler) return handler(args);
    const value = convexMock.queries.get(name);
    if (value instanceof Error) throw value;
    return typeof value === "function" ? (value as Handler)(args) : value;
  },
};

export const convexReactMock = {
  useConvexAuth: () => {
    useAnswersVersion();
    return convexMock.auth;
  },
  useQuery: (ref: FunctionReference<"query">, args?: unknown) => {
    useAnswersVersion();
    if (args === "skip") return undefined;
    const value = convexMock.queries.get(nameOf(ref));
    if (value instanceof Error) throw value;
    // A function answers by the query's arguments (a day's free times, say); it must return the
    // same object for the same answer, as Convex does.
    if (typeof value === "function") return (value as Handler)((args ?? {}) as Record<string, unknown>);
    return value;
  },
  useQueries: (requests: Record<string, { query: FunctionReference<"query"> }>) => {
    useAnswersVersion();
    return Object.fromEntries(Object.entries(requests).map(([key, { query }]) => [key, convexMock.queries.get(nameOf(query))]));
  },
  // A paginated query answers its whole list as one exhausted page (or throws a set Error), or as the
  // pages loaded so far when its name is in `morePages`.
  usePaginatedQuery: (ref: FunctionReference<"query">, args: unknown) => {
    useAnswersVersion();
    let value = convexMock.queries.get(nameOf(ref));
    if (value instanceof Error) throw value;
    if (typeof value === "function") value = (value as Handler)((args ?? {}) as Record<string, unknown>);
    if (value === undefined) return { results: [], status: "LoadingFirstPage", isLoading: true, loadMore: () => {} };
    const name = nameOf(ref);
    if (!convexMock.morePages.has(name)) return { results: value, status: "Exhausted", isLoading: false, loadMore: () => {} };
    const loadMore = (numItems: number) => convexMock.calls.push({ name, args: { ...(args as object), loadMore: numItems } });
    return { results: value, status: "CanLoadMore", isLoading: false, loadMore };
  },
  optimisticallyUpdateValueInPaginatedQuery: () => {},
  useMutation: callable,
  useAction: callable,
  useConvex: () => client,
};

export const authReactMock = {
  useAuthActions: () => ({ signIn: convexMock.signIn, signOut: convexMock.signOut }),
  useAuthToken: () => {
    useAnswersVersion();
    return convexMock.token;
  },
};
