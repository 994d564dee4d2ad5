import { act, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "@convex/_generated/api";
import { accountOfToken, authTokenStorageKey } from "@/lib/offline/account";
import { CachedAt, cachedAtText } from "@/lib/offline/CachedAt";
import {
  allowAccountsAgain,
  cacheKey,
  flushCache,
  forgetAccount,
  keepPageAnswers,
  loadCache,
  peekCached,
  preloadCache,
  PUBLIC_ACCOUNT,
  rememberAnswer,
  resetCacheForTests,
  type CacheStorage,
  type CachedEntry,
} from "@/lib/offline/queryCache";
import { useCachedFirstPage } from "@/lib/offline/useCachedFirstPage";
import { useCachedQuery, viewKeyOf } from "@/lib/offline/useCachedQuery";
import { useCheckedViewer, useSignOut, VIEWER_VIEW } from "@/lib/account/session";
import { useNow } from "@/lib/time/useNow";
import { convexMock } from "./convexMock";

/** IndexedDB's part played by a Map: what idb-keyval would hold. */
function mapStorage(initial: Array<[string, CachedEntry]> = []) {
  const map = new Map(initial);
  const storage: CacheStorage = {
    entries: async () => [...map],
    keys: async () => [...map.keys()],
    setMany: async (items) => items.forEach(([key, entry]) => map.set(key, entry)),
    delMany: async (keys) => keys.forEach((key) => map.delete(key)),
  };
  return { map, storage };
}

const base64Url = (text: string) => btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
/** An auth token as @convex-dev/auth makes them: the subject is `userId|sessionId` (not signed here). */
const tokenFor = (userId: string) => `${base64Url('{"alg":"RS256"}')}.${base64Url(JSON.stringify({ sub: `${userId}|s1` }))}.firma`;

// 10:15 in Rome on 26 November 2026 (UTC+1).
const SAVED_AT = Date.UTC(2026, 10, 26, 9, 15);
const listMineKey = (account: string) => cacheKey(account, viewKeyOf(api.bookings.listMine, { now: 0 }));
const keptBookings = { bookings: [{ id: "b1", psychicName: "Marta" }], counts: { total: 1, today: 0, upcoming: 1 } };
const liveBookings = {
  bookings: [
    { id: "b1", psychicName: "Marta" },
    { id: "b2", psychicName: "Sara" },
  ],
  counts: { total: 2, today: 0, upcoming: 2 },
};

beforeEach(() => {
  resetCacheForTests(null);
});
afterEach(() => vi.useRealTimers());

describe("the account a stored token names", () => {
  it("is the user id of the token's subject, decoded without verifying", () => {
    expect(accountOfToken(tokenFor("k17abc"))).toBe("k17abc");
  });

  it("is nobody for no token or one that cannot be read", () => {
    expect(accountOfToken(null)).toBeNull();
    expect(accountOfToken("senza-punti")).toBeNull();
    expect(accountOfToken(`a.${base64Url('{"sub":"../x|s"}')}.c`)).toBeNull();
    expect(accountOfToken(`a.${base64Url("non json")}.c`)).toBeNull();
  });

  it("is read where @convex-dev/auth keeps it: its key and the deployment's address without punctuation", () => {
    expect(authTokenStorageKey("http://127.0.0.1:3210")).toBe("__convexAuthJWT_http1270013210");
  });
});

describe("the cache of last-known answers", () => {
  it("writes answers to the device together, a moment after they come", async () => {
    vi.useFakeTimers();
    const { map, storage } = mapStorage();
    resetCacheForTests(storage);
    rememberAnswer("u1|a", 1, SAVED_AT);
    rememberAnswer("u1|b", 2, SAVED_AT);
    expect(peekCached("u1|a")).toEqual({ value: 1, savedAt: SAVED_AT });
    expect(map.size).toBe(0);
    await vi.advanceTimersByTimeAsync(500);
    expect([...map.keys()]).toEqual(["u1|a", "u1|b"]);
  });

  it("writes at once when the tab is hidden or closed, so a view seen for a moment is kept", async () => {
    vi.useFakeTimers();
    const { map, storage } = mapStorage();
    resetCacheForTests(storage);
    rememberAnswer("u1|a", 1, SAVED_AT);
    const visibility = vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    document.dispatchEvent(new Event("visibilitychange"));
    await vi.advanceTimersByTimeAsync(0);
    expect([...map.keys()]).toEqual(["u1|a"]);
    visibility.mockRestore();
  });

  it("reads at startup only the signed-in account's entries and the public ones", async () => {
    const entry = { value: "x", savedAt: SAVED_AT };
    const { storage } = mapStorage([
      ["u1|mine", entry],
      ["u2|theirs", entry],
      ["public|list", entry],
    ]);
    resetCacheForTests(storage);
    await loadCache("u1");
    expect(peekCached("u1|mine")).toEqual(entry);
    expect(peekCached("public|list")).toEqual(entry);
    expect(peekCached("u2|theirs")).toBeUndefined();
  });

  it("reads nothing personal for a visitor", async () => {
    const { storage } = mapStorage([["u1|mine", { value: "x", savedAt: SAVED_AT }]]);
    resetCacheForTests(storage);
    await loadCache(null);
    expect(peekCached("u1|mine")).toBeUndefined();
  });

  it("does not hold the first render longer than its bound when the disk is slow", async () => {
    vi.useFakeTimers();
    const slow: CacheStorage = { ...mapStorage().storage, entries: () => new Promise(() => undefined) };
    resetCacheForTests(slow);
    let done = false;
    void preloadCache("u1", 150).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(149);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it("forgets every entry of an account, in memory, waiting and on the device, and no other", async () => {
    const entry = { value: "x", savedAt: SAVED_AT };
    const { map, storage } = mapStorage([
      ["u1|old", entry],
      ["u2|theirs", entry],
      ["public|list", entry],
    ]);
    resetCacheForTests(storage);
    await loadCache("u1");
    rememberAnswer("u1|new", 1);
    await forgetAccount("u1");
    await flushCache();
    expect(peekCached("u1|old")).toBeUndefined();
    expect(peekCached("u1|new")).toBeUndefined();
    expect([...map.keys()].sort()).toEqual(["public|list", "u2|theirs"]);
  });

  it("keeps nothing more of a forgotten account, not even a write under way, until nobody is signed in", async () => {
    const entry = { value: "x", savedAt: SAVED_AT };
    const { map, storage } = mapStorage();
    // A write that lands only after the account has been forgotten (IndexedDB is slow at times).
    let release: () => void = () => undefined;
    const slowFirstWrite: CacheStorage = {
      ...storage,
      setMany: async (items) => {
        await new Promise<void>((resolve) => (release = resolve));
        await storage.setMany(items);
        slowFirstWrite.setMany = storage.setMany;
      },
    };
    resetCacheForTests(slowFirstWrite);
    rememberAnswer("u1|users:viewer:{}", entry.value);
    const writing = flushCache();
    await forgetAccount("u1");
    release();
    await writing;
    // The viewer's answer sent again while the sign-out waits for the server is not kept either.
    rememberAnswer("u1|users:viewer:{}", entry.value);
    await flushCache();
    expect(peekCached("u1|users:viewer:{}")).toBeUndefined();
    expect([...map.keys()]).toEqual([]);
    // Signed out for good, then back in: kept again.
    allowAccountsAgain();
    rememberAnswer("u1|users:viewer:{}", entry.value);
    await flushCache();
    expect([...map.keys()]).toEqual(["u1|users:viewer:{}"]);
  });

  it("names a view without its clock, so the answer kept at one minute is found the next", () => {
    expect(viewKeyOf(api.bookings.listMine, { now: 60_000 })).toBe(viewKeyOf(api.bookings.listMine, { now: 120_000 }));
    expect(viewKeyOf(api.bookings.listMine, { now: 60_000 })).toBe("bookings:listMine:{}");
  });
});

describe("'Aggiornato alle'", () => {
  it("says the Rome time of today's answer, and the date of an older one", () => {
    expect(cachedAtText(SAVED_AT, SAVED_AT + 3_600_000)).toBe("Aggiornato alle 10:15");
    expect(cachedAtText(SAVED_AT, SAVED_AT + 2 * 86_400_000)).toBe("Aggiornato il 26/11/2026 alle 10:15");
  });

  it("is not shown for a live answer", () => {
    render(<CachedAt savedAt={null} />);
    expect(screen.queryByRole("status")).toBeNull();
  });
});

function Bookings() {
  const { data, savedAt } = useCachedQuery(api.bookings.listMine, { now: useNow() });
  return (
    <>
      <CachedAt savedAt={savedAt} />
      <p>{data === undefined ? "Caricamento" : `${data.bookings.length} consulti`}</p>
    </>
  );
}

describe("a view read through the cache", () => {
  it("shows the kept answer at once with 'Aggiornato alle', then the live one without it", async () => {
    convexMock.token = tokenFor("u1");
    convexMock.auth = { isLoading: true, isAuthenticated: false };
    rememberAnswer(listMineKey("u1"), keptBookings, SAVED_AT);
    render(<Bookings />);
    expect(screen.getByText("1 consulti")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(/^Aggiornato (alle|il) .*10:15$/);

    convexMock.auth = { isLoading: false, isAuthenticated: true };
    convexMock.queries.set("bookings:listMine", liveBookings);
    act(() => convexMock.changed());
    expect(screen.getByText("2 consulti")).toBeInTheDocument();
    expect(screen.queryByRole("status")).toBeNull();
    // The live answer is what the next open shows.
    await waitFor(() => expect(peekCached(listMineKey("u1"))?.value).toBe(liveBookings));
  });

  it("does not ask the server for an account's view while the session is being checked", () => {
    convexMock.token = tokenFor("u1");
    convexMock.auth = { isLoading: true, isAuthenticated: false };
    convexMock.queries.set("bookings:listMine", liveBookings);
    render(<Bookings />);
    expect(screen.getByText("Caricamento")).toBeInTheDocument();
  });

  it("shows nothing of another account: the key is the stored token's account", () => {
    convexMock.token = tokenFor("u2");
    convexMock.auth = { isLoading: true, isAuthenticated: false };
    rememberAnswer(listMineKey("u1"), keptBookings, SAVED_AT);
    render(<Bookings />);
    expect(screen.getByText("Caricamento")).toBeInTheDocument();
  });

  it("keeps nothing personal for a visitor", async () => {
    convexMock.queries.set("bookings:listMine", liveBookings);
    render(<Bookings />);
    expect(screen.getByText("2 consulti")).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(peekCached(listMineKey("public"))).toBeUndefined();
  });
});

const FIRST_PAGE_VIEW = "catalogue:listPage:first:{}";

function FirstPage() {
  const { results, savedAt } = useCachedFirstPage(api.catalogue.listPage, { now: 0 }, { initialNumItems: 24, scope: "public", viewKey: FIRST_PAGE_VIEW });
  return (
    <>
      <CachedAt savedAt={savedAt} />
      <p>{`${results.length} cartomanti`}</p>
    </>
  );
}

describe("a list's first page read through the cache", () => {
  it("kept on the device, says when it was read; sent with the page (as current as the page), it does not", () => {
    rememberAnswer(cacheKey(PUBLIC_ACCOUNT, FIRST_PAGE_VIEW), [{ id: "p1" }], SAVED_AT);
    const kept = render(<FirstPage />);
    expect(screen.getByText("1 cartomanti")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(/^Aggiornato (alle|il) .*10:15$/);
    kept.unmount();

    keepPageAnswers([[cacheKey(PUBLIC_ACCOUNT, FIRST_PAGE_VIEW), { value: [{ id: "p1" }, { id: "p2" }], savedAt: SAVED_AT }]]);
    render(<FirstPage />);
    expect(screen.getByText("2 cartomanti")).toBeInTheDocument();
    expect(screen.queryByRole("status")).toBeNull();
  });
});

const client = { id: "u1", fullName: "Giulia Verdi", email: "giulia@esempio.it", accountType: "client", memberSince: 0, isAdmin: false };

function ViewerProbe() {
  const viewer = useCheckedViewer();
  return <p>{viewer === undefined ? "in verifica" : viewer === null ? "ospite" : viewer instanceof Error ? "errore" : viewer.fullName}</p>;
}

describe("the session from the cache", () => {
  it("stands in with the stored token's kept viewer until the server answers", () => {
    convexMock.token = tokenFor("u1");
    convexMock.auth = { isLoading: true, isAuthenticated: false };
    rememberAnswer(cacheKey("u1", VIEWER_VIEW), client, SAVED_AT);
    render(<ViewerProbe />);
    expect(screen.getByText("Giulia Verdi")).toBeInTheDocument();
  });

  it("is still being checked without a kept viewer, and a visitor without a token", () => {
    convexMock.token = tokenFor("u1");
    convexMock.auth = { isLoading: true, isAuthenticated: false };
    const { unmount } = render(<ViewerProbe />);
    expect(screen.getByText("in verifica")).toBeInTheDocument();
    unmount();
    convexMock.token = null;
    convexMock.auth = { isLoading: false, isAuthenticated: false };
    rememberAnswer(cacheKey("u1", VIEWER_VIEW), client, SAVED_AT);
    render(<ViewerProbe />);
    expect(screen.getByText("ospite")).toBeInTheDocument();
  });

  it("signs out and forgets the account's cache when the server no longer knows the session", async () => {
    convexMock.token = tokenFor("u1");
    convexMock.auth = { isLoading: false, isAuthenticated: true };
    convexMock.queries.set("users:viewer", null);
    rememberAnswer(cacheKey("u1", VIEWER_VIEW), client, SAVED_AT);
    rememberAnswer(listMineKey("u1"), keptBookings, SAVED_AT);
    render(<ViewerProbe />);
    expect(screen.getByText("ospite")).toBeInTheDocument();
    await waitFor(() => expect(peekCached(listMineKey("u1"))).toBeUndefined());
  });
});

function SignOutButton() {
  const signOut = useSignOut();
  return <button onClick={() => void signOut()}>Esci</button>;
}

describe("signing out", () => {
  it("forgets every kept view of the account on this device", async () => {
    const { map, storage } = mapStorage([["u1|old", { value: 1, savedAt: SAVED_AT }]]);
    resetCacheForTests(storage);
    convexMock.signedInAs(client);
    convexMock.token = tokenFor("u1");
    rememberAnswer(listMineKey("u1"), keptBookings, SAVED_AT);
    rememberAnswer("public|list", [], SAVED_AT);
    render(
      <MemoryRouter initialEntries={["/dashboard"]}>
        <SignOutButton />
      </MemoryRouter>,
    );
    screen.getByRole("button", { name: "Esci" }).click();
    await waitFor(() => expect(convexMock.signOut).toHaveBeenCalled());
    await waitFor(() => expect(peekCached(listMineKey("u1"))).toBeUndefined());
    await waitFor(() => expect(map.has("u1|old")).toBe(false));
    expect(peekCached("public|list")).toBeDefined();
  });
});
