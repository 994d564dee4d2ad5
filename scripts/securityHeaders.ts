// The app's security headers, computed from the addresses the app itself is built with (VITE_CONVEX_URL), so
// the same policy holds offline (`npm start`, the embedded backend on 127.0.0.1) and in production. vite.config.ts
// sends them from `vite preview`; docs/deployment.md "Hosting in production" lists them for a static host.
import type { Plugin } from "vite";

interface AppAddresses {
  /** The Convex deployment the app talks to (VITE_CONVEX_URL): queries over its WebSocket, stored photos. */
  convexUrl?: string;
  /** Its HTTP actions (VITE_CONVEX_SITE_URL); for `*.convex.cloud` it is the matching `*.convex.site`. */
  convexSiteUrl?: string;
}

/** Twilio Voice (src/features/call/twilioLink.ts): signalling and call insights, and its SDK's sounds. */
const TWILIO_CONNECT = ["https://*.twilio.com", "wss://*.twilio.com"];
const TWILIO_MEDIA = "https://sdk.twilio.com";

function origin(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** `https://x` → `wss://x`, `http://x` → `ws://x`: the Convex client's sync socket. */
const socketOf = (httpOrigin: string) => httpOrigin.replace(/^http/, "ws");

/** The site URL of a Convex Cloud deployment, from its cloud URL. */
function siteOf(convexOrigin: string | null): string | null {
  if (!convexOrigin) return null;
  const url = new URL(convexOrigin);
  if (!url.hostname.endsWith(".convex.cloud")) return null;
  url.hostname = url.hostname.replace(/\.convex\.cloud$/, ".convex.site");
  return url.origin;
}

/**
 * The Content-Security-Policy: the app's own code only, no framing, no plugins, no form posted elsewhere;
 * connections to the Convex deployment (HTTP and WebSocket), its site and Twilio; images also from the
 * deployment's storage. Styles may be inline: Radix Themes and its scroll lock inject `<style>` elements.
 * Stripe Checkout is reached by navigating to the session's URL, which no directive here restricts. The app
 * shell's service worker (sw.js) and its web app manifest come from the app itself.
 */
export function contentSecurityPolicy({ convexUrl, convexSiteUrl }: AppAddresses): string {
  const convex = origin(convexUrl);
  const site = origin(convexSiteUrl) ?? siteOf(convex);
  const convexSources = convex ? [convex, socketOf(convex)] : [];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...(convex ? [convex] : [])],
    "font-src": ["'self'", "data:"],
    "media-src": ["'self'", "blob:", TWILIO_MEDIA],
    "connect-src": ["'self'", ...convexSources, ...(site ? [site] : []), ...TWILIO_CONNECT],
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "object-src": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(" ")}`)
    .join("; ");
}

/** Every header the app's server sends with everything it serves. */
function securityHeaders(addresses: AppAddresses): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(addresses),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
  };
}

/**
 * Sends the headers from `vite preview` (what `npm start` serves), on every answer, the fallback to
 * index.html and 404s included. The dev server (`npm run dev`) gets them without the CSP, whose
 * `script-src 'self'` would refuse Vite's inline hot-reload preamble; it still refuses framing.
 */
export function securityHeadersPlugin(addresses: AppAddresses): Plugin {
  const all = securityHeaders(addresses);
  const { "Content-Security-Policy": _csp, ...withoutCsp } = all;
  const dev = { ...withoutCsp, "Content-Security-Policy": "frame-ancestors 'none'" };
  const use = (headers: Record<string, string>) => (_req: unknown, res: { setHeader(name: string, value: string): void }, next: () => void) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    next();
  };
  return {
    name: "arcano-security-headers",
    configurePreviewServer(server) {
      server.middlewares.use(use(all));
    },
    configureServer(server) {
      server.middlewares.use(use(dev));
    },
  };
}
