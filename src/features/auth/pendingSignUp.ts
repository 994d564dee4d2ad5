// The sign-up waiting for its emailed code, kept for the tab's life: a person who switches to the mail app
// may come back to a reloaded page, which must open on the code step again. Only the address is kept, never
// the password ('Invia un nuovo codice' needs only the address: convex/lib/accounts/passwordProvider.ts).
const KEY = "arcano.pendingSignUp";

export type PendingSignUp = { email: string };

export function readPendingSignUp(): PendingSignUp | null {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? "null");
    if (typeof stored === "object" && stored !== null && typeof (stored as PendingSignUp).email === "string") {
      return { email: (stored as PendingSignUp).email };
    }
  } catch {
    // Storage refused (private mode) or a value from another version: no pending sign-up.
  }
  return null;
}

export function savePendingSignUp(pending: PendingSignUp): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ email: pending.email }));
  } catch {
    // Without storage the code step lasts until a reload, as before.
  }
}

export function clearPendingSignUp(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}

/** "m***@esempio.it": enough to recognise the address, not to read it over a shoulder. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return email;
  return `${email[0]}***${email.slice(at)}`;
}
