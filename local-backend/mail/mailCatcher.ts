// The local stand-in for Resend: the app's unchanged Resend SDK sends here when RESEND_BASE_URL
// points at it. Every email is appended to a JSON-lines file (kept across restarts) and shown on
// an Italian mailbox page, so a reset code can be read with no network.
// Reading the mailbox takes its access token (random at each start, in the address `npm start` prints and
// in `<data dir>/access-token`), and only requests addressed to loopback are answered: a web page cannot
// read reset codes, not even by rebinding its DNS name to 127.0.0.1.
// What it takes and answers is held to Resend's published OpenAPI (openapi/contract.ts): a request that
// breaks it is refused as Resend refuses it, and every violation is listed at GET /__standin/violations.
// Tests arm outages of the send (a 500 in Resend's error shape, or no answer) at `/__local/faults` with the
// access token (shared/providerFaults.ts).
import { randomUUID } from "node:crypto";
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import http from "node:http";
import { join } from "node:path";
import { carriesAccessToken, MISSING_ACCESS_TOKEN, newAccessToken, sameSecret, writeAccessToken } from "../shared/accessToken.ts";
import { refuseForeign } from "../shared/loopback.ts";
import { OWNER_ONLY_FILE, ownerOnlyDir } from "../shared/ownerOnly.ts";
import { FaultSwitch, handleFaultsRequest } from "../shared/providerFaults.ts";
import { renderLocked, renderMailbox, renderMessage, type CaughtEmail } from "./mailboxPage.ts";
import { resendContract, type Violation } from "./openapi/contract.ts";
import { operationName, SERVED_OPERATIONS, type ResendOperation } from "./openapi/operations.ts";

function decodeAttachments(value: unknown): CaughtEmail["attachments"] {
  if (!Array.isArray(value)) return undefined;
  return value.map((item: Record<string, unknown>) => ({
    filename: String(item.filename ?? "allegato"),
    contentType: typeof item.content_type === "string" ? item.content_type : undefined,
    content: typeof item.content === "string" ? Buffer.from(item.content, "base64").toString("utf8") : "",
  }));
}

type Options = {
  dataDir: string;
  port: number;
  /** What the app's Resend SDK sends as its API key. */
  apiKey: string;
  /** What reading the mailbox takes (`?token=` or `Authorization: Bearer`); random when not given. */
  accessToken?: string;
  host?: string;
};

const toList = (value: string | string[]) => (Array.isArray(value) ? value : [value]);

/** The fields of SendEmailRequest the mailbox keeps; the contract has checked their types. */
type SendEmailBody = { from: string; to: string | string[]; subject: string; html?: string; text?: string; attachments?: unknown };

const SEND_EMAIL = SERVED_OPERATIONS.find((operation) => operationName(operation) === "POST /emails")!;

export async function startMailCatcher({ dataDir, port, apiKey, accessToken = newAccessToken(), host = "127.0.0.1" }: Options) {
  ownerOnlyDir(dataDir);
  writeAccessToken(dataDir, accessToken);
  const file = join(dataDir, "mailbox.jsonl");
  const emails: CaughtEmail[] = existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as CaughtEmail)
    : [];
  const violations: Violation[] = [];
  const contract = resendContract((violation) => violations.push(violation));
  // Resend answers a repeated Idempotency-Key with the first result; so do we.
  const byIdempotencyKey = new Map<string, string>();
  const faults = new FaultSwitch();

  // Nothing here is framed by another site, guessed at by the browser, or sent on as a referrer (the token).
  const baseHeaders = { "x-content-type-options": "nosniff", "referrer-policy": "no-referrer", "cache-control": "no-store" };
  function json(res: http.ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { ...baseHeaders, "content-type": "application/json" });
    res.end(JSON.stringify(body));
  }
  /** A success answer of a Resend operation: one that breaks the operation's response schema is a 500 instead. */
  function answer(res: http.ServerResponse, operation: ResendOperation, body: unknown) {
    if (contract.checkResponse(operation, 200, body)) return json(res, 200, body);
    json(res, 500, { name: "application_error", message: "The stand-in's answer breaks Resend's specification", statusCode: 500 });
  }
  function html(res: http.ServerResponse, status: number, body: string, csp: string) {
    res.writeHead(status, { ...baseHeaders, "content-type": "text/html; charset=utf-8", "content-security-policy": csp });
    res.end(body);
  }
  const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
  // The email's own HTML is shown sandboxed: no scripts, no requests out, framed by the mailbox only.
  const BODY_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

  /** Whether the request carries the mailbox's access token. */
  const mayRead = (req: http.IncomingMessage, url: URL) => carriesAccessToken(req, url, accessToken);

  async function readBody(req: http.IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  }

  // The port asked for, or the one the system chose (port 0) once listening.
  let actualPort = port;
  const server = http.createServer(async (req, res) => {
    if (refuseForeign(req, res, actualPort, host)) return;
    const url = new URL(req.url ?? "/", `http://${host}:${port}`);
    try {
      if (req.method === "POST" && url.pathname === "/emails") {
        const fault = faults.take(req.method, url.pathname);
        if (fault?.mode === "error500") {
          return json(res, 500, { name: "application_error", message: "Internal server error (a test outage armed at /__local/faults).", statusCode: 500 });
        }
        // A hung send that is carried out answers nowhere; one that is not stops here.
        const reply = fault?.mode === "hang" ? () => faults.hang(res, fault.hangMs) : (body: { id: string }) => answer(res, SEND_EMAIL, body);
        if (fault?.mode === "hang" && !fault.apply) return reply({ id: "" });
        const checked = contract.checkRequest(SEND_EMAIL, req.headers, await readBody(req), (key) => sameSecret(key, apiKey));
        if ("refusal" in checked) return json(res, checked.refusal.statusCode, checked.refusal);
        const key = req.headers["idempotency-key"];
        const known = typeof key === "string" ? byIdempotencyKey.get(key) : undefined;
        if (known) return reply({ id: known });
        const body = checked.body as SendEmailBody;
        const email: CaughtEmail = {
          id: randomUUID(),
          receivedAt: Date.now(),
          from: body.from,
          to: toList(body.to),
          subject: body.subject,
          html: body.html,
          text: body.text,
          attachments: decodeAttachments(body.attachments),
        };
        appendFileSync(file, `${JSON.stringify(email)}\n`, { mode: OWNER_ONLY_FILE });
        emails.push(email);
        if (typeof key === "string") byIdempotencyKey.set(key, email.id);
        return reply({ id: email.id });
      }
      if (url.pathname === "/__local/faults") {
        if (!mayRead(req, url)) return json(res, 401, { name: "missing_access_token", message: MISSING_ACCESS_TOKEN, statusCode: 401 });
        const refusal = (message: string, statusCode: number) => ({ name: statusCode === 405 ? "method_not_allowed" : "validation_error", message, statusCode });
        if (await handleFaultsRequest(faults, req, res, json, refusal, () => readBody(req))) return;
      }
      if (req.method === "GET" && !mayRead(req, url)) {
        if (url.pathname.startsWith("/api/")) return json(res, 401, { name: "missing_access_token", message: MISSING_ACCESS_TOKEN, statusCode: 401 });
        return html(res, 401, renderLocked(), PAGE_CSP);
      }
      if (req.method === "GET" && url.pathname === "/__standin/violations") return json(res, 200, violations);
      if (req.method === "GET" && url.pathname === "/api/messages") {
        const to = url.searchParams.get("to")?.toLowerCase();
        const list = to ? emails.filter((email) => email.to.some((address) => address.toLowerCase() === to)) : emails;
        return json(res, 200, [...list].reverse());
      }
      if (req.method === "GET" && url.pathname === "/") return html(res, 200, renderMailbox([...emails].reverse(), accessToken), PAGE_CSP);
      const match = url.pathname.match(/^\/messages\/([\w-]+)(\/body)?$/);
      const email = match ? emails.find((candidate) => candidate.id === match[1]) : undefined;
      if (req.method === "GET" && email) {
        return match?.[2] ? html(res, 200, email.html ?? "", BODY_CSP) : html(res, 200, renderMessage(email, accessToken), PAGE_CSP);
      }
      json(res, 404, { name: "not_found", message: "Risorsa non trovata", statusCode: 404 });
    } catch (error) {
      json(res, 500, { name: "application_error", message: String(error), statusCode: 500 });
    }
  });

  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  actualPort = typeof address === "object" && address ? address.port : port;
  const url = `http://${host}:${actualPort}`;
  return {
    url,
    /** The mailbox page's address with its access token: what a person opens. */
    mailboxUrl: `${url}/?token=${encodeURIComponent(accessToken)}`,
    accessToken,
    /** What broke Resend's specification so far, requests and answers. */
    violations: () => [...violations],
    close: () => {
      faults.close();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
