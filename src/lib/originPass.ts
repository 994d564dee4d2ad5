// The pass that tells the server where a request comes from (convex/lib/originPasses.ts): sign-up,
// contact and checkout bring one so their limits count per network origin. Asked for right before
// the request; when it cannot be had the request goes without, and the server counts it in the shared
// bucket of requests without a pass.
const cloudUrl = import.meta.env.VITE_CONVEX_URL as string | undefined;

/** The deployment's HTTP actions: set by `npm start`, otherwise Convex's own .convex.site beside .convex.cloud. */
export function convexSiteUrl(): string | null {
  const site = import.meta.env.VITE_CONVEX_SITE_URL as string | undefined;
  if (site) return site.replace(/\/$/, "");
  return cloudUrl?.endsWith(".convex.cloud") ? cloudUrl.replace(/\.convex\.cloud$/, ".convex.site") : null;
}

export async function fetchOriginPass(): Promise<string | undefined> {
  const site = convexSiteUrl();
  if (site === null) return undefined;
  try {
    const response = await fetch(`${site}/origin-pass`, { method: "POST" });
    if (!response.ok) return undefined;
    const { pass } = (await response.json()) as { pass?: unknown };
    return typeof pass === "string" ? pass : undefined;
  } catch {
    return undefined;
  }
}
