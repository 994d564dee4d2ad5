// Who is signed in, and leaving: the one place the header, the auth pages and the route guards
// read the session from, so they agree on "loading", "signed out" and "signed in".
import { useCallback, useEffect, useMemo, useSyncExternalStore } from "react";
import { useAuthActions, useAuthToken } from "@convex-dev/auth/react";
import { useConvexAuth, useMutation, useQueries } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useNavigate } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { toast } from "@/components/toast";
import { accountOfToken } from "@/lib/offline/account";
import { allowAccountsAgain, cacheKey, forgetAccount, rememberAnswer } from "@/lib/offline/queryCache";
import { useCachedEntry } from "@/lib/offline/useCachedQuery";

export type Viewer = NonNullable<FunctionReturnType<typeof api.users.viewer>>;

/**
 * The signed-in person: `undefined` while the session or the query is loading, `null` when signed
 * out. A token whose session the server no longer knows (reset elsewhere, account deleted) reads
 * as signed out, because `users.viewer` answers null for it.
 */
export function useViewer(): Viewer | null | undefined {
  // A failed read counts as loading here, so the header keeps showing its loading skeleton.
  // The route guards read useCheckedViewer and say that the account could not be checked.
  const viewer = useCheckedViewer();
  return viewer instanceof Error ? undefined : viewer;
}

const NO_QUERIES = {};

/** The viewer's name in the cache. */
export const VIEWER_VIEW = "users:viewer";

/**
 * `useViewer` for the route guards: a failed read of the account comes back as an Error instead of
 * being thrown, so the guard can say it could not check the account type.
 *
 * Until the server has answered (no connection yet, or none at all), the answer kept on this device
 * for the account whose token is stored stands in, so that person's pages show their kept views. The
 * token is only trusted to pick whose cache to read; the live answer always wins, and a session the
 * server no longer knows signs out and forgets that account's cache.
 */
export function useCheckedViewer(): Viewer | null | undefined | Error {
  const { isLoading, isAuthenticated } = useConvexAuth();
  const asking = !isLoading && isAuthenticated;
  // useQueries resubscribes whenever the request changes identity: one request, made once.
  const request = useMemo(() => ({ viewer: { query: api.users.viewer, args: {} } }), []);
  const { viewer } = useQueries(asking ? request : NO_QUERIES) as { viewer?: Viewer | null | Error };
  // A stored token is handed to the Convex client in the same commit it appears here (before any page's
  // subscription), so the pages shown from the cache never ask the server without it.
  const account = accountOfToken(useAuthToken());
  const key = account === null ? null : cacheKey(account, VIEWER_VIEW);
  const kept = useCachedEntry(key)?.value as Viewer | undefined;
  const cached = kept !== undefined && kept.id === account ? kept : undefined;
  const liveViewer = asking ? viewer : undefined;
  useEffect(() => {
    // Nobody signed in (a sign-out complete): an account forgotten on the way may be kept again at its next sign-in.
    if (account === null) allowAccountsAgain();
  }, [account]);
  useEffect(() => {
    if (key === null || account === null) return;
    if (liveViewer === null) void forgetAccount(account);
    else if (liveViewer !== undefined && !(liveViewer instanceof Error) && liveViewer.id === account) rememberAnswer(key, liveViewer);
  }, [key, account, liveViewer]);
  if (isLoading) return cached;
  if (!isAuthenticated) return null;
  return viewer === undefined ? cached : viewer;
}

// While a sign-out or a deletion is under way the route guards must not bounce to /login:
// the person is on their way home. A tiny external store, because the settings pages start the
// leaving and the guards above them in the tree read it.
let leaving = false;
const listeners = new Set<() => void>();
function setLeaving(value: boolean) {
  leaving = value;
  for (const listener of listeners) listener();
}

/** True while the person is signing out or deleting their account. */
export function useIsLeaving(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => leaving,
    () => leaving,
  );
}

const HOME = "/";

/** The text the spec shows after signing out. */
const signedOutToast = { title: "Disconnesso", description: "Hai effettuato il logout con successo." } as const;
const signOutErrorMessage = "Errore durante il logout.";

/** A failure that means the session is already gone: signing out has nothing left to do. */
function isMissingSessionError(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String(error);
  return /session missing|not authenticated|no session/i.test(text);
}

/**
 * Signs out and goes home with the spec's toast. Home comes first, so a signed-in-only page never
 * sees the signed-out state and bounces to /login on the way.
 */
export function useSignOut(): () => Promise<void> {
  const { signOut } = useAuthActions();
  const navigate = useNavigate();
  const account = accountOfToken(useAuthToken());
  return useCallback(async () => {
    setLeaving(true);
    try {
      await navigate(HOME, { flushSync: true });
      // Nothing of this account stays on the device, even when the server cannot be told (offline, the
      // server's part of signing out waits for the connection).
      if (account !== null) await forgetAccount(account);
      try {
        await signOut();
      } catch (error) {
        // 'Auth session missing!' and the like: already signed out, which is what was asked.
        if (!isMissingSessionError(error)) {
          toast.error(signOutErrorMessage);
          return;
        }
      }
      toast.success(signedOutToast.title, signedOutToast.description);
    } finally {
      setLeaving(false);
    }
  }, [signOut, navigate, account]);
}

/**
 * Deletes the signed-in person's account (the server removes sessions and data in one go), then
 * clears the local tokens and goes home. Resolves false when the deletion failed and nothing changed.
 */
export function useDeleteMyAccount({ successTitle, errorText }: { successTitle: string; errorText: string }) {
  const deleteMyAccount = useMutation(api.users.deleteMyAccount);
  const { signOut } = useAuthActions();
  const navigate = useNavigate();
  const account = accountOfToken(useAuthToken());
  return useCallback(async (): Promise<boolean> => {
    setLeaving(true);
    try {
      try {
        await deleteMyAccount({});
      } catch {
        toast.error(errorText);
        return false;
      }
      await navigate(HOME, { flushSync: true });
      // The server already ended every session; this only forgets the local tokens.
      await signOut().catch(() => undefined);
      if (account !== null) await forgetAccount(account);
      toast.success(successTitle, "Il tuo account e tutti i dati associati sono stati eliminati.");
      return true;
    } finally {
      setLeaving(false);
    }
  }, [deleteMyAccount, signOut, navigate, account, successTitle, errorText]);
}
