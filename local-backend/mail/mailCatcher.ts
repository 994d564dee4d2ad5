// The local stand-in for Resend: the app's unchanged Resend SDK sends here when RESEND_BASE_URL
// points at it. Every email is appended to a JSON-lines file (kept across restarts) and shown on
// an Italian mailbox page, so a reset code can be read with no network.
import { randomUUID } from "node:crypto";
import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import http from "node:http";
import { join } from "node:path";
import { renderMailbox, renderMessage, type CaughtEmail } from "./mailboxPage.ts";

export type { CaughtEmail };

function decodeAttachments(value: unknown): CaughtEmail["attachments"] {
  if (!Array.isArray(value)) return undefined;
  return value.map((item: Record<string, unknown>) => ({
    filename: String(item.filename ?? "allegato"),
    contentType: typeof item.contentType === "string" ? item.contentType : undefined,
    content: typeof item.content === "string" ? Buffer.from(item.content, "base64").toString("utf8") : "",
  }));
}

type Options = { dataDir: string; port: number; apiKey: string; host?: string };

function toList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return typeof value === "string" ? [value] : [];
}

export async function startMailCatcher({ dataDir, port, apiKey, host = "127.0.0.1" }: Options) {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, "mailbox.jsonl");
  const emails: CaughtEmail[] = existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as CaughtEmail)
    : [];
  // Resend answers a repeated Idempotency-Key with the first result; so do we.
  const byIdempotencyKey = new Map<string, string>();

  function json(res: http.ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  }

  async function readBody(req: http.IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", `http://${host}:${port}`);
    try {
      if (req.method === "POST" && url.pathname === "/emails") {
        if (req.headers.authorization !== `Bearer ${apiKey}`) {
          return json(res, 401, { name: "missing_api_key", message: "Chiave API non valida", statusCode: 401 });
        }
        const key = req.headers["idempotency-key"];
        const known = typeof key === "string" ? byIdempotencyKey.get(key) : undefined;
        if (known) return json(res, 200, { id: known });
        const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
        const to = toList(body.to);
        if (typeof body.from !== "string" || to.length === 0 || typeof body.subject !== "string") {
          return json(res, 422, { name: "validation_error", message: "from, to e subject sono obbligatori", statusCode: 422 });
        }
        const email: CaughtEmail = {
          id: randomUUID(),
          receivedAt: Date.now(),
          from: body.from,
          to,
          subject: body.subject,
          html: typeof body.html === "string" ? body.html : undefined,
          text: typeof body.text === "string" ? body.text : undefined,
          attachments: decodeAttachments(body.attachments),
        };
        appendFileSync(file, `${JSON.stringify(email)}\n`);
        emails.push(email);
        if (typeof key === "string") byIdempotencyKey.set(key, email.id);
        return json(res, 200, { id: email.id });
      }
      if (req.method === "GET" && url.pathname === "/api/messages") {
        const to = url.searchParams.get("to")?.toLowerCase();
        const list = to ? emails.filter((email) => email.to.some((address) => address.toLowerCase() === to)) : emails;
        return json(res, 200, [...list].reverse());
      }
      if (req.method === "GET" && url.pathname === "/") {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        return res.end(renderMailbox([...emails].reverse()));
      }
      const match = url.pathname.match(/^\/messages\/([\w-]+)(\/body)?$/);
      const email = match ? emails.find((candidate) => candidate.id === match[1]) : undefined;
      if (req.method === "GET" && email) {
        res.writeHead(200, {
          "content-type": "text/html; charset=utf-8",
          // The email's own HTML is shown sandboxed: no scripts, no requests out.
          ...(match?.[2] ? { "content-security-policy": "default-src 'none'; img-src data:; style-src 'unsafe-inline'" } : {}),
        });
        return res.end(match?.[2] ? (email.html ?? "") : renderMessage(email));
      }
      json(res, 404, { name: "not_found", message: "Risorsa non trovata", statusCode: 404 });
    } catch (error) {
      json(res, 500, { name: "application_error", message: String(error), statusCode: 500 });
    }
  });

  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return {
    url: `http://${host}:${actualPort}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
