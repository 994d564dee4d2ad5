// The pass that tells the server where a request comes from (convex/lib/platform/originPasses.ts): sign-up,
// contact and checkout bring one so their limits count per network origin. Asked for right before
// the request, and asked again when the network drops an attempt. Without one the server refuses a
// sign-up or a contact message (ORIGIN_PASS_REQUIRED); a checkout then counts under the client's account.
const cloudUrl = import.meta.env.VITE_CONVEX_URL as string | undefined;

/** The deployment's HTTP actions: set by `npm start`, otherwise Convex's own .convex.site beside .convex.cloud. */
function convexSiteUrl(): string | null {
  const site = import.meta.env.VITE_CONVEX_SITE_URL as string | undefined;
  if (site) return site.replace(/\/$/, "");
  return cloudUrl?.endsWith(".convex.cloud") ? cloudUrl.replace(/\.convex\.cloud$/, ".convex.site") : null;
}

/** Waits before the second and third attempts: a dropped connection usually comes back within a second. */
const RETRY_DELAYS_MS = [0, 400, 1200];

export async function fetchOriginPass(): Promise<string | undefined> {
  const site = convexSiteUrl();
  if (site === null) return undefined;
  for (const delay of RETRY_DELAYS_MS) {
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    try {
      const response = await fetch(`${site}/origin-pass`, { method: "POST" });
      // Too many passes from this origin is an answer, not a dropped connection: asking again gains nothing.
      if (response.status === 429) return undefined;
      if (!response.ok) continue;
      const { pass } = (await response.json()) as { pass?: unknown };
      if (typeof pass === "string") return pass;
    } catch {
      // The network dropped this attempt: the next one may get through.
    }
  }
  return undefined;
}
