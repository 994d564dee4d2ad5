// What the local stand-ins expose on a laptop: each answers requests addressed to loopback only (a web page
// rebinding its DNS name to 127.0.0.1, or posting from its own origin, gets 403); the mailbox and the Stripe
// stand-in's overview need their access tokens; storage ids are random and an upload URL stores one file, tied to it; stored files are served with
// their type and nosniff; HTTP actions see the connecting peer's address; data files are owner-only.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Resend } from "resend";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startMailCatcher } from "../mail/mailCatcher";
import { foreignRequest } from "../shared/loopback";
import { startStripeStandIn } from "../stripe/standIn";
import { api } from "./fixture/convex/_generated/api";
import type { Id } from "./fixture/convex/_generated/dataModel";
import { Clients, removeDir, startBackend, type RunningBackend } from "../testing/backend";

let backend: RunningBackend;
const clients = new Clients(() => backend);
const standIns = fs.mkdtempSync(path.join(os.tmpdir(), "stand-ins-"));
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let stripe: Awaited<ReturnType<typeof startStripeStandIn>>;
beforeAll(async () => {
  backend = await startBackend();
  mail = await startMailCatcher({ dataDir: path.join(standIns, "mail"), port: 0, apiKey: "re_local_test" });
  stripe = await startStripeStandIn({ dataDir: path.join(standIns, "stripe"), port: 0, apiKey: "sk_test_local_x", webhookSecret: "whsec_x" });
});
afterEach(() => clients.closeAll());
afterAll(async () => {
  await Promise.all([backend?.stop(), mail?.close(), stripe?.close()]);
  if (backend) removeDir(backend.dataDir);
  removeDir(standIns);
});

type Answer = { status: number; body: string; headers: http.IncomingHttpHeaders };

/** A request with the headers given verbatim (`fetch` sets `Host` itself). */
function rawRequest(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: target.hostname, port: target.port, path: target.pathname + target.search, method, headers }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode!, body, headers: res.headers }));
    });
    req.on("error", reject);
    req.end();
  });
}

const portOf = (url: string) => new URL(url).port;

describe("every stand-in answers requests addressed to loopback only", () => {
  const servers = () => [
    { name: "backend API", url: `${backend.cloudUrl}/version` },
    { name: "HTTP actions", url: `${backend.siteUrl}/ping` },
    { name: "mailbox", url: mail.mailboxUrl },
    { name: "Stripe stand-in", url: stripe.overviewUrl },
  ];

  it("a foreign Host (a DNS name rebound to 127.0.0.1) gets 403", async () => {
    for (const { name, url } of servers()) {
      const answer = await rawRequest(url, { host: `evil.example:${portOf(url)}` });
      expect(answer.status, name).toBe(403);
      expect(answer.body, name).toContain("Richiesta rifiutata");
      // The right name on another port is no better.
      expect((await rawRequest(url, { host: "127.0.0.1:1" })).status, name).toBe(403);
    }
  });

  it("a foreign page's Origin gets 403, whatever the Host", async () => {
    for (const { name, url } of servers()) {
      expect((await rawRequest(url, { origin: "https://evil.example" })).status, name).toBe(403);
      expect((await rawRequest(url, { origin: "null" })).status, name).toBe(403);
    }
    const mutation = await rawRequest(
      `${backend.cloudUrl}/api/mutation`,
      { origin: "http://127.0.0.1.evil.example", "content-type": "application/json" },
      "POST",
    );
    expect(mutation.status).toBe(403);
  });

  it("127.0.0.1, localhost and [::1] with the right port are answered, also from a page served on loopback", async () => {
    for (const { name, url } of servers()) {
      for (const host of ["127.0.0.1", "localhost", "LOCALHOST", "[::1]"]) {
        expect((await rawRequest(url, { host: `${host}:${portOf(url)}` })).status, `${name} ${host}`).toBe(200);
      }
      // The app at 127.0.0.1:5173 calls the backend on its own ports.
      expect((await rawRequest(url, { origin: "http://127.0.0.1:5173" })).status, name).toBe(200);
      expect((await rawRequest(url, { origin: "http://localhost:5173" })).status, name).toBe(200);
    }
  });

  it("the backend's sync WebSocket refuses a foreign Origin or Host", async () => {
    const sync = `${backend.cloudUrl.replace("http", "ws")}/api/1.48.0/sync`;
    const statusOf = (options: WebSocket.ClientOptions) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(sync, options);
        ws.on("open", () => {
          ws.close();
          resolve(101);
        });
        ws.on("unexpected-response", (_req, res) => resolve(res.statusCode!));
        ws.on("error", () => resolve(-1));
      });
    expect(await statusOf({ origin: "https://evil.example" })).toBe(403);
    expect(await statusOf({ headers: { host: `evil.example:${portOf(backend.cloudUrl)}` } })).toBe(403);
    expect(await statusOf({ origin: "http://127.0.0.1:5173" })).toBe(101);
  });

  it("the rule itself: Host must name loopback with this port; Origin, when sent, a loopback page", () => {
    const req = (headers: http.IncomingHttpHeaders) => ({ headers }) as http.IncomingMessage;
    expect(foreignRequest(req({ host: "127.0.0.1:3212" }), 3212)).toBeNull();
    expect(foreignRequest(req({ host: "[::1]:3212", origin: "http://[::1]:5173" }), 3212)).toBeNull();
    expect(foreignRequest(req({}), 3212)).not.toBeNull();
    expect(foreignRequest(req({ host: "localhost.:3212" }), 3212)).not.toBeNull();
    expect(foreignRequest(req({ host: "127.0.0.2:3212" }), 3212)).not.toBeNull();
    expect(foreignRequest(req({ host: "127.0.0.1:3212", origin: "file://" }), 3212)).not.toBeNull();
  });
});

describe("the mailbox needs its access token", () => {
  it("without the token nothing is read: the page says where to find it, the JSON answers 401", async () => {
    await new Resend("re_local_test", { baseUrl: mail.url }).emails.send({
      from: "a@arcano.it",
      to: "g@esempio.it",
      subject: "Codice 654321",
      text: "654321",
    });
    const locked = await fetch(mail.url);
    expect(locked.status).toBe(401);
    const page = await locked.text();
    expect(page).toContain("codice di accesso");
    expect(page).not.toContain("654321");
    expect((await fetch(`${mail.url}/api/messages`)).status).toBe(401);
    expect((await fetch(`${mail.url}/?token=wrong`)).status).toBe(401);
    expect((await fetch(`${mail.url}/api/messages`, { headers: { authorization: "Bearer wrong" } })).status).toBe(401);

    const open = await fetch(mail.mailboxUrl);
    expect(open.status).toBe(200);
    expect(open.headers.get("referrer-policy")).toBe("no-referrer");
    expect(await open.text()).toContain("Codice 654321");
    expect(fs.readFileSync(path.join(standIns, "mail", "access-token"), "utf8")).toBe(mail.accessToken);
  });
});

const upload = (url: string, body: BodyInit, type = "image/png") => fetch(url, { method: "POST", headers: { "content-type": type }, body });
const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);

describe("storage ids and upload URLs", () => {
  it("storage ids are random, not a counter anyone can step through", async () => {
    const c = clients.http();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await upload(await c.mutation(api.files.generateUploadUrl, {}), bytes);
      ids.push(((await answer.json()) as { storageId: string }).storageId);
    }
    for (const id of ids) expect(id).toMatch(/^[0-9]{24}_storage$/);
    // Consecutive uploads share no long prefix (a counter would differ in its last digits only).
    expect(new Set(ids.map((id) => id.slice(0, 12))).size).toBe(3);
    // Other tables keep their ids; a storage id still names a file.
    const url = await c.query(api.files.getUrl, { storageId: ids[0] as Id<"_storage"> });
    expect((await fetch(url!)).status).toBe(200);
  });

  it("an upload URL stores one file: used again it is refused, also after a restart, and the id it minted is recorded with it", async () => {
    const c = clients.http();
    const uploadUrl = await c.mutation(api.files.generateUploadUrl, {});
    const first = await upload(uploadUrl, bytes);
    expect(first.status).toBe(200);
    const { storageId } = (await first.json()) as { storageId: string };
    const again = await upload(uploadUrl, new Uint8Array([0xff, 0xd8, 0xff]));
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ code: "StorageTokenUsed" });

    const nonce = new URL(uploadUrl).searchParams.get("token")!.split(".")[1];
    const ledger = JSON.parse(fs.readFileSync(path.join(backend.dataDir, "files", "upload-tokens.json"), "utf8")) as Record<
      string,
      { storageId: string }
    >;
    expect(ledger[nonce]).toMatchObject({ storageId });

    backend = await backend.restart();
    expect((await upload(uploadUrl, bytes)).status).toBe(401);
    // A token is signed: changing its nonce makes it invalid, not new.
    const forged = uploadUrl.replace(nonce, "0".repeat(nonce.length));
    expect(await (await upload(forged, bytes)).json()).toMatchObject({ code: "StorageTokenInvalid" });
  });

  it("a failed transfer leaves the URL usable, and two uploads at once never both use it", async () => {
    const c = clients.http();
    const uploadUrl = await c.mutation(api.files.generateUploadUrl, {});
    const corrupted = await fetch(uploadUrl, { method: "POST", headers: { digest: "sha-256=AAAA" }, body: bytes });
    expect(corrupted.status).toBe(400);
    const statuses = await Promise.all([upload(uploadUrl, bytes), upload(uploadUrl, bytes)].map(async (r) => (await r).status));
    expect(statuses.sort()).toEqual([200, 401]);
  });

  it("a stored file is served with the type it was stored with and nosniff", async () => {
    const c = clients.http();
    const answer = await upload(await c.mutation(api.files.generateUploadUrl, {}), bytes, "image/png");
    const { storageId } = (await answer.json()) as { storageId: Id<"_storage"> };
    const served = await fetch((await c.query(api.files.getUrl, { storageId }))!);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    const part = await fetch((await c.query(api.files.getUrl, { storageId }))!, { headers: { range: "bytes=0-1" } });
    expect(part.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("HTTP actions see the client's address", () => {
  it("x-forwarded-for is the connecting peer's address, whatever the client sent", async () => {
    expect(await (await fetch(`${backend.siteUrl}/client-address`)).text()).toBe("127.0.0.1");
    const spoofed = await rawRequest(`${backend.siteUrl}/client-address`, { "x-forwarded-for": "203.0.113.7, 10.0.0.1" });
    expect(spoofed.body).toBe("127.0.0.1");
  });
});

describe("data files are the owner's only", () => {
  const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

  it("folders 0700 and files 0600: the backend's data, the mailbox, the Stripe ledger", async () => {
    await new Resend("re_local_test", { baseUrl: mail.url }).emails.send({ from: "a@arcano.it", to: "m@esempio.it", subject: "Modi", text: "x" });
    const { hostname, port } = new URL(stripe.url);
    await new Stripe("sk_test_local_x", { host: hostname, port: Number(port), protocol: "http" }).checkout.sessions.create({
      mode: "payment",
      line_items: [{ quantity: 1, price_data: { currency: "eur", unit_amount: 5000, product_data: { name: "Consulto" } } }],
      success_url: "http://127.0.0.1:5173/payment-success",
    });
    const c = clients.http();
    await upload(await c.mutation(api.files.generateUploadUrl, {}), bytes);
    await c.mutation(api.messages.send, { author: "m", body: "a write in the log" });

    const dirs = [backend.dataDir, path.join(backend.dataDir, "files"), path.join(standIns, "mail"), path.join(standIns, "stripe")];
    for (const dir of dirs) expect(modeOf(dir), dir).toBe(0o700);
    const files = [
      ...fs
        .readdirSync(backend.dataDir)
        .filter((name) => /^(keys\.json|log\.\d+\.jsonl|snapshot\.json|backend\.pid)$/.test(name))
        .map((name) => path.join(backend.dataDir, name)),
      ...fs.readdirSync(path.join(backend.dataDir, "files")).map((name) => path.join(backend.dataDir, "files", name)),
      path.join(standIns, "mail", "mailbox.jsonl"),
      path.join(standIns, "mail", "access-token"),
      path.join(standIns, "stripe", "stripe.json"),
    ];
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) expect(modeOf(file), file).toBe(0o600);
  });
});
