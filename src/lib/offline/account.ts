// Whose cache to read: the account named by the auth token @convex-dev/auth keeps in localStorage.
// The token is decoded, not verified: it only picks the cache's key, and the server decides what
// anybody may read. Its subject is `userId|sessionId`.

/** The localStorage key @convex-dev/auth keeps the token under for the deployment at `convexUrl`. */
export function authTokenStorageKey(convexUrl: string): string {
  return `__convexAuthJWT_${convexUrl.replace(/[^a-zA-Z0-9]/g, "")}`;
}

function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), "="));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/** The user id a token names, or null for no token or one that cannot be read. */
export function accountOfToken(token: string | null | undefined): string | null {
  if (!token) return null;
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const { sub } = JSON.parse(decodeBase64Url(payload)) as { sub?: unknown };
    if (typeof sub !== "string") return null;
    const userId = sub.split("|")[0];
    // Convex ids are letters and digits; anything else is not a token of this app.
    return /^[a-z0-9]+$/i.test(userId) ? userId : null;
  } catch {
    return null;
  }
}

/** The account whose token this browser keeps for `convexUrl`, before React or the auth library run. */
export function storedAccount(convexUrl: string): string | null {
  try {
    return accountOfToken(window.localStorage.getItem(authTokenStorageKey(convexUrl)));
  } catch {
    return null; // localStorage refused (privacy settings): a visitor, as far as the cache goes.
  }
}
