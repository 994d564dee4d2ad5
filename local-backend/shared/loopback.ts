// Every local stand-in (the embedded backend, the mailbox, the Stripe stand-in) listens on loopback only, and
// answers only requests addressed to a loopback name: a web page that rebinds its own DNS name to 127.0.0.1
// sends its own name as `Host` and is refused, and so is a request a foreign page makes (its `Origin`).
import type http from "node:http";

const LOOPBACK_NAMES = ["127.0.0.1", "localhost", "[::1]"];
// Addresses a server may be told to listen on that name no single host.
const WILDCARD_HOSTS = new Set(["0.0.0.0", "::", "[::]"]);

function hostNames(bindHost: string): string[] {
  const host = bindHost.includes(":") && !bindHost.startsWith("[") ? `[${bindHost}]` : bindHost;
  return WILDCARD_HOSTS.has(host) || LOOPBACK_NAMES.includes(host) ? LOOPBACK_NAMES : [...LOOPBACK_NAMES, host.toLowerCase()];
}

/** Whether `Origin` is a page served from this machine's loopback (any port: the app calls the backend). */
function isLoopbackOrigin(origin: string, names: string[]): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === "http:" || url.protocol === "https:") && names.includes(url.hostname.toLowerCase());
  } catch {
    // "null" (a sandboxed frame, a redirected form) and anything unparsable is no loopback page.
    return false;
  }
}

/**
 * Why a request must be refused (403), or null: `Host` must be a loopback name with this server's port
 * (`127.0.0.1:3212`, `localhost:3212`, `[::1]:3212`), and `Origin`, when sent, a loopback page.
 */
export function foreignRequest(req: http.IncomingMessage, port: number, bindHost = "127.0.0.1"): string | null {
  const names = hostNames(bindHost);
  const host = (req.headers.host ?? "").toLowerCase();
  if (!names.some((name) => host === `${name}:${port}`)) return `Host ${JSON.stringify(req.headers.host ?? "")} non ammesso`;
  const origin = req.headers.origin;
  if (origin !== undefined && !isLoopbackOrigin(origin, names)) return `Origin ${JSON.stringify(origin)} non ammessa`;
  return null;
}

/** Why a request's `Origin` must be refused (it is sent and is no loopback page), or null. */
export function foreignOrigin(req: http.IncomingMessage, bindHost = "127.0.0.1"): string | null {
  const origin = req.headers.origin;
  return origin !== undefined && !isLoopbackOrigin(origin, hostNames(bindHost)) ? `Origin ${JSON.stringify(origin)} non ammessa` : null;
}

const REFUSAL =
  "Richiesta rifiutata: questo servizio locale risponde solo a 127.0.0.1, localhost e [::1] sulla sua porta, e a pagine servite da questo computer.";

/** Answers 403 and returns true when the request is foreign; the caller then stops. */
export function refuseForeign(req: http.IncomingMessage, res: http.ServerResponse, port: number, bindHost?: string): boolean {
  const why = foreignRequest(req, port, bindHost);
  if (why === null) return false;
  res.writeHead(403, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
  res.end(`${REFUSAL}\n(${why})\n`);
  return true;
}

/** The same for a WebSocket upgrade: the socket gets a bare 403 and is closed. */
export function refuseForeignUpgrade(req: http.IncomingMessage, socket: { end(data: string): void }, port: number, bindHost?: string): boolean {
  if (foreignRequest(req, port, bindHost) === null) return false;
  socket.end("HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n" + REFUSAL + "\n");
  return true;
}
