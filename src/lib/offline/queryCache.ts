// The last-known answers of the views, kept on the device (IndexedDB through idb-keyval) so the next
// open shows them at once, before the connection is up or without one. Each entry is keyed by whose it
// is: the signed-in account's id, or 'public' for what anybody may see. A copy of the entries of the
// account on this device and the public ones lives in memory, read before React's first render, so a
// page renders its cached answer synchronously.
import { createStore, delMany, entries, keys, setMany, type UseStore } from "idb-keyval";

/**
 * What the cache keeps of one view: its answer, and when that answer was last known to be current;
 * `withPage` when it came with the page itself (src/lib/offline/pageViews.ts), as current as the page.
 */
export type CachedEntry = { value: unknown; savedAt: number; withPage?: true };

/** Whose an entry is: an account's id, or everyone's. */
export const PUBLIC_ACCOUNT = "public";

/** The few storage operations the cache needs; IndexedDB in the browser, a Map in the tests. */
export type CacheStorage = {
  entries(): Promise<Array<[string, CachedEntry]>>;
  keys(): Promise<string[]>;
  setMany(items: Array<[string, CachedEntry]>): Promise<void>;
  delMany(keys: string[]): Promise<void>;
};

/** IndexedDB through idb-keyval, in its own database so nothing else's keys mix with these. */
function indexedDbStorage(): CacheStorage {
  let store: UseStore | null = null;
  const opened = () => (store ??= createStore("arcano-cache", "views"));
  return {
    entries: async () =>
      (await entries<IDBValidKey, CachedEntry>(opened())).filter((pair): pair is [string, CachedEntry] => typeof pair[0] === "string"),
    keys: async () => (await keys(opened())).filter((key): key is string => typeof key === "string"),
    setMany: (items) => setMany(items, opened()),
    delMany: (keys) => delMany(keys, opened()),
  };
}

/** How long answers wait in memory before they are written together. */
const WRITE_DELAY_MS = 500;

export const cacheKey = (account: string, viewKey: string) => `${account}|${viewKey}`;
const accountPrefix = (account: string) => `${account}|`;

let storage: CacheStorage | null = null;
const storageNow = (): CacheStorage | null => {
  if (storage === null && typeof indexedDB !== "undefined") storage = indexedDbStorage();
  return storage;
};

const memory = new Map<string, CachedEntry>();
const pending = new Map<string, CachedEntry>();
/**
 * Accounts forgotten in this tab (signing out, deletion): a late answer of theirs (the viewer re-sent while the
 * server's part of signing out waits, a write already under way) is not kept again until their sign-out is
 * complete (`allowAccountsAgain`, when no account is signed in).
 */
const forgotten = new Set<string>();
const isForgotten = (key: string) => forgotten.has(key.slice(0, key.indexOf("|")));
let writeTimer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: a mounted view re-renders when an entry arrives or goes. */
export function subscribeToCache(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The entry kept for `key`, from memory (synchronous). */
export function peekCached(key: string): CachedEntry | undefined {
  return memory.get(key);
}

/** Reads this account's and the public entries into memory. */
export async function loadCache(account: string | null): Promise<void> {
  const store = storageNow();
  if (store === null) return;
  let stored: Array<[string, CachedEntry]>;
  try {
    stored = await store.entries();
  } catch {
    return; // Private browsing or storage refused: no cache, the live answers as before.
  }
  const prefixes = [accountPrefix(PUBLIC_ACCOUNT), ...(account === null ? [] : [accountPrefix(account)])];
  let added = false;
  for (const [key, entry] of stored) {
    // An answer already here (live, or remembered meanwhile) is newer than the stored one.
    if (!prefixes.some((prefix) => key.startsWith(prefix)) || memory.has(key)) continue;
    memory.set(key, entry);
    added = true;
  }
  if (added) changed();
}

/**
 * `loadCache`, waiting at most `timeoutMs`: the first render should not wait long for a slow disk.
 * Entries read later still arrive, and the views showing nothing yet re-render with them.
 */
export function preloadCache(account: string | null, timeoutMs = 150): Promise<void> {
  return Promise.race([loadCache(account), new Promise<void>((resolve) => setTimeout(resolve, timeoutMs))]);
}

/** Public answers the page came with: in memory only (the live answers are written as they come). */
export function keepPageAnswers(items: Array<[string, CachedEntry]>): void {
  for (const [key, entry] of items) if (key.startsWith(accountPrefix(PUBLIC_ACCOUNT))) memory.set(key, { ...entry, withPage: true });
  if (items.length > 0) changed();
}

let flushOnHide = false;

/** Keeps a live answer: in memory at once, on the device a moment later (answers come in bursts). */
export function rememberAnswer(key: string, value: unknown, savedAt = Date.now()): void {
  if (isForgotten(key)) return;
  const entry = { value, savedAt };
  memory.set(key, entry);
  pending.set(key, entry);
  writeTimer ??= setTimeout(() => void flushCache(), WRITE_DELAY_MS);
  // A tab closed or left within that moment still keeps what it showed.
  if (!flushOnHide && typeof document !== "undefined") {
    flushOnHide = true;
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") void flushCache();
    });
  }
}

/** Writes the answers waiting in memory now. */
export async function flushCache(): Promise<void> {
  if (writeTimer !== null) clearTimeout(writeTimer);
  writeTimer = null;
  if (pending.size === 0) return;
  const items = [...pending];
  pending.clear();
  try {
    await storageNow()?.setMany(items);
    // An account forgotten while these were being written: what was just written of it goes too.
    const late = items.map(([key]) => key).filter(isForgotten);
    if (late.length > 0) await storageNow()?.delMany(late);
  } catch {
    // Storage full or refused: the cache is a convenience, the live answers are unaffected.
  }
}

/** Once nobody is signed in on this tab, the accounts forgotten may be kept again when they sign back in. */
export function allowAccountsAgain(): void {
  forgotten.clear();
}

/** Forgets everything kept for `account`, in memory and on the device (sign-out, deletion, a revoked session). */
export async function forgetAccount(account: string): Promise<void> {
  if (account === PUBLIC_ACCOUNT) return;
  forgotten.add(account);
  const prefix = accountPrefix(account);
  for (const key of [...memory.keys()]) if (key.startsWith(prefix)) memory.delete(key);
  for (const key of [...pending.keys()]) if (key.startsWith(prefix)) pending.delete(key);
  changed();
  const store = storageNow();
  if (store === null) return;
  try {
    const owned = (await store.keys()).filter((key) => key.startsWith(prefix));
    if (owned.length > 0) await store.delMany(owned);
  } catch {
    // Nothing more can be done; the entries stay unreadable to anybody else (keyed by this account).
  }
}

/** Tests: another storage, and a clean memory. */
export function resetCacheForTests(replacement: CacheStorage | null): void {
  forgotten.clear();
  if (writeTimer !== null) clearTimeout(writeTimer);
  writeTimer = null;
  storage = replacement;
  memory.clear();
  pending.clear();
  changed();
}
