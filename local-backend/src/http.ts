// HTTP API on the cloud port (/api/query|mutation|action|function, storage upload and download) and
// HTTP actions (convex/http.ts) on the site port, like *.convex.cloud and *.convex.site.
import type http from "node:http";
import { createHash } from "node:crypto";
import type { Engine } from "./engine.ts";
import type { FileStore } from "./storage.ts";
import { AuthenticationError, BAD_ADMIN_KEY, actingAsIdentity, isAdminKey, type Verified } from "./auth.ts";
import { refusedAuth } from "./functions.ts";
import type { Doc } from "./internals.ts";
import { OutOfRetentionError } from "./history.ts";
import { decodeTs, encodeTs, isObject, type FunctionKind, type Identity, type Json } from "./protocol.ts";
import { httpActionErrorBody } from "./errors.ts";
import { backendLog } from "./logs.ts";
import { armFaults, faultsEnabled, jobRuns } from "./faults.ts";
import type { Deployment } from "./deploy/deployment.ts";
import type { Snapshots } from "./deploy/snapshots.ts";
import { deployRoute, isDeployRoute } from "./deploy/deployApi.ts";
import { EnvironmentError } from "./deploy/environment.ts";

interface HttpContext {
  engine: Engine;
  files: FileStore;
  verify: (token: string) => Promise<Verified>;
  synced: () => Promise<void>;
  kick: () => void;
  lastCommitTs: () => bigint;
  /** The documents at a past commit timestamp (null: the current ones); throws OutOfRetentionError. */
  snapshotAt: (ts: bigint) => Record<string, Doc> | null;
  cloudUrl: string;
  adminKey: string;
  /** `npx convex env set/remove`: the deployment's environment changed, and every query runs again. */
  updateEnvironment: (changes: Array<{ name: string; value?: string }>) => Promise<void>;
  /** The CLI's deployment API (deploy/): pushes, config hashes, canonical URLs. */
  deployment: Deployment;
  /** `npx convex export` / `import`. */
  snapshots: Snapshots;
  /** Counters for `npm run bench` on GET /debug/stats; absent unless LOCAL_BACKEND_DEBUG_STATS=1. */
  stats?: () => Record<string, number>;
}

const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-headers": "*",
  "access-control-allow-methods": "GET,POST,PUT,PATCH,DELETE,OPTIONS",
};
const MAX_BODY = 64 * 1024 * 1024;

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (d: Buffer) => {
      size += d.length;
      if (size > MAX_BODY) {
        reject(new Error("Request body too large"));
        req.destroy();
      } else chunks.push(d);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json", ...CORS });
  res.end(JSON.stringify(body));
}


/**
 * `Authorization: Convex <admin key>`, as `npx convex run` sends it, optionally followed by
 * `:<base64 JSON identity>` to act as a user (`npx convex run --identity`, `setAdminAuth(key, identity)`).
 */
function adminAuth(ctx: HttpContext, req: http.IncomingMessage): { admin: boolean; actingAs: Identity | null } {
  const h = req.headers.authorization;
  if (!h?.startsWith("Convex ")) return { admin: false, actingAs: null };
  const [key, acting] = h.slice(7).split(":", 2);
  if (!isAdminKey(key, ctx.adminKey)) return { admin: false, actingAs: null };
  if (!acting) return { admin: true, actingAs: null };
  return { admin: true, actingAs: actingAsIdentity(JSON.parse(Buffer.from(acting, "base64").toString("utf8"))) };
}

/** The identity of an `Authorization: Bearer <token>` header; throws AuthenticationError as Convex refuses it. */
async function identityFrom(ctx: HttpContext, req: http.IncomingMessage): Promise<Identity | null> {
  const h = req.headers.authorization;
  if (!h) return null;
  if (h.length <= 7 || h.slice(0, 7).toLowerCase() !== "bearer ") throw new AuthenticationError("InvalidAuthHeader", "Header must begin with `bearer `");
  return (await ctx.verify(h.slice(7).trim())).identity;
}

/** The body of `npx convex env set|remove` (POST /api/update_environment_variables), or null when it is not one. */
function environmentChanges(body: unknown): Array<{ name: string; value?: string }> | null {
  const changes = (body as { changes?: unknown })?.changes;
  if (!Array.isArray(changes)) return null;
  // `npx convex env remove` sends `value: null`.
  const valid = changes.every((change) => typeof change?.name === "string" && (change.value === undefined || change.value === null || typeof change.value === "string"));
  return valid ? changes.map(({ name, value }) => ({ name, value: value ?? undefined })) : null;
}

const FUNCTION_ROUTE = /^\/api\/(query|mutation|action|function|query_at_ts)$/;

export async function cloudHandler(ctx: HttpContext, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  try {
    if (req.method === "OPTIONS") {
      res.writeHead(204, CORS);
      return void res.end();
    }
    const url = new URL(req.url ?? "/", ctx.cloudUrl);
    const p = url.pathname;
    if (req.method === "GET" && p === "/version") {
      res.writeHead(200, { "content-type": "text/plain", ...CORS });
      return void res.end("local-backend");
    }
    if (req.method === "GET" && p === "/debug/stats" && ctx.stats) return json(res, 200, ctx.stats());
    if (p === "/debug/faults" && req.method === "POST" && faultsEnabled()) {
      if (!adminAuth(ctx, req).admin) return json(res, 401, { code: "BadAdminKey", message: BAD_ADMIN_KEY });
      return json(res, 200, armFaults(JSON.parse((await readBody(req)).toString() || "{}")));
    }
    if (p === "/debug/jobRuns" && req.method === "GET" && faultsEnabled()) {
      if (!adminAuth(ctx, req).admin) return json(res, 401, { code: "BadAdminKey", message: BAD_ADMIN_KEY });
      return json(res, 200, Object.fromEntries(jobRuns));
    }
    if (p === "/api/update_environment_variables" && req.method === "POST") {
      if (!adminAuth(ctx, req).admin) return json(res, 401, { code: "BadAdminKey", message: BAD_ADMIN_KEY });
      const changes = environmentChanges(JSON.parse((await readBody(req)).toString() || "{}"));
      if (changes === null) return json(res, 400, { code: "InvalidEnvironmentVariables", message: "Expected { changes: [{ name, value? }] }" });
      try {
        await ctx.updateEnvironment(changes);
      } catch (e) {
        if (e instanceof EnvironmentError) return json(res, 400, { code: "InvalidEnvironmentVariables", message: e.message });
        throw e;
      }
      return json(res, 200, {});
    }
    if (isDeployRoute(req.method, p))
      return await deployRoute({ deployment: ctx.deployment, snapshots: ctx.snapshots, isAdmin: (r) => adminAuth(ctx, r).admin, readBody, json }, req, res, url);
    if (p === "/api/query_ts" && req.method === "POST") return json(res, 200, { ts: encodeTs(ctx.lastCommitTs()) });
    if (p === "/api/storage/upload" && req.method === "POST") return await upload(ctx, url, req, res);
    const file = /^\/api\/storage\/([0-9]+_storage)$/.exec(p);
    if (file && (req.method === "GET" || req.method === "HEAD")) {
      // A deleted file stops being served, as on Convex (committed documents only); a component's file is
      // asked for with `?component=` (its URL says so), the app's without.
      if (!ctx.engine.internals.hasStoredFile(file[1], url.searchParams.get("component") ?? ""))
        return json(res, 404, { code: "FileNotFound", message: `File ${file[1]} not found` });
      return ctx.files.serve(file[1], req, res, CORS);
    }
    const m = FUNCTION_ROUTE.exec(p);
    if (!m || req.method !== "POST") return json(res, 404, { code: "NotFound", message: `No route for ${req.method} ${p}` });
    return await runFunction(ctx, m[1] === "function" ? "any" : m[1] === "query_at_ts" ? "query" : (m[1] as FunctionKind), req, res, m[1] === "query_at_ts");
  } catch (e) {
    if (e instanceof AuthenticationError) return json(res, e.status, { code: e.code, message: e.message });
    backendLog(`HTTP ${req.method} ${req.url}: ${(e as Error)?.stack ?? String(e)}`);
    if (!res.headersSent) json(res, 500, { code: "InternalServerError", message: String((e as Error)?.message ?? e) });
  }
}

// Convex's answer to a read it cannot serve (crates/errors: out_of_retention is 503, any other internal error 500).
const INTERNAL = { code: "InternalServerError", message: "Your request couldn't be completed. Try again later." };

/** `ts` of a /api/query_at_ts body (u64, 8 bytes little-endian, base64) resolved to the documents at it. */
function snapshotFor(ctx: HttpContext, ts: unknown): { snapshot: Record<string, Doc> | null } | { status: number; body: object } {
  if (typeof ts !== "string") return { status: 400, body: { code: "BadJsonBody", message: "missing field `ts`" } };
  const bytes = Buffer.from(ts, "base64");
  // As Convex: a malformed timestamp, or one later than the latest commit, is an internal error.
  if (bytes.length !== 8) return { status: 500, body: INTERNAL };
  const at = decodeTs(ts);
  if (at > ctx.lastCommitTs()) return { status: 500, body: INTERNAL };
  try {
    return { snapshot: ctx.snapshotAt(at) };
  } catch (e) {
    if (e instanceof OutOfRetentionError) {
      backendLog(`query at ${at}: ${e.message}`);
      return { status: 503, body: INTERNAL };
    }
    throw e;
  }
}

async function runFunction(ctx: HttpContext, kind: FunctionKind | "any", req: http.IncomingMessage, res: http.ServerResponse, atTs = false) {
  let body: unknown;
  try {
    body = JSON.parse((await readBody(req)).toString() || "{}");
  } catch {
    return json(res, 400, { code: "BadJsonBody", message: "The request body is not valid JSON" });
  }
  if (!isObject(body) || typeof body.path !== "string")
    return json(res, 400, { code: "BadRequest", message: "Expected a JSON object with a `path`" });
  const { admin, actingAs } = adminAuth(ctx, req);
  if (!admin && req.headers.authorization?.startsWith("Convex ")) return json(res, 401, { code: "BadAdminKey", message: BAD_ADMIN_KEY });
  const identity = admin ? actingAs : await identityFrom(ctx, req);
  const args = (Array.isArray(body.args) ? body.args[0] : body.args) as Json | undefined;
  let snapshot: Record<string, Doc> | null = null;
  if (atTs) {
    const at = snapshotFor(ctx, body.ts);
    if (!("snapshot" in at)) return json(res, at.status, at.body);
    snapshot = at.snapshot;
  }
  // The CLI's `--component` (`npx convex run`, `data`): a component's function, with the admin key.
  const componentPath = typeof body.componentPath === "string" ? body.componentPath : "";
  const r = await ctx.engine.call(kind, body.path, args, identity, undefined, admin, snapshot, componentPath);
  // Nothing is answered before what it saw is durable: a query may have read a commit whose fsync is
  // still pending, and a crash now must not undo what a client was shown (as on Convex).
  await ctx.synced();
  if (kind !== "query") ctx.kick();
  if (r.ok) return json(res, 200, { status: "success", value: r.value, logLines: r.logLines });
  if (r.error.unavailable) return json(res, 503, r.error.unavailable);
  return json(res, 560, { status: "error", errorMessage: r.error.errorMessage, errorData: r.error.errorData, logLines: r.logLines });
}

/**
 * One upload URL stores one file: its token is spent by the upload that stores something, and recorded
 * with the (random) storage id it minted; a failed transfer leaves it usable for a retry.
 */
async function upload(ctx: HttpContext, url: URL, req: http.IncomingMessage, res: http.ServerResponse) {
  const token = ctx.files.useUploadToken(url.searchParams.get("token"));
  if ("refused" in token) return json(res, 401, token.refused);
  let storageId: string;
  try {
    const bytes = await readBody(req);
    // `Digest: sha-256=<base64>` guards the upload against corruption in transit, worded as Convex's
    // file_storage upload_file words it.
    const digest = /^sha-256=(.+)$/i.exec(String(req.headers.digest ?? "").trim())?.[1];
    if (digest !== undefined) {
      const actual = createHash("sha256").update(bytes).digest("base64");
      if (actual !== digest) {
        ctx.files.releaseUpload(token.nonce);
        return json(res, 400, { code: "Sha256Mismatch", message: `Sha256 mismatch. Expected: ${digest} Actual: ${actual}` });
      }
    }
    const type = req.headers["content-type"] ?? "";
    storageId = await ctx.engine.internals.t.runInComponent(token.componentPath, async (c) => {
      const storage = (c as { storage: { store(b: Blob): Promise<string> } }).storage;
      return storage.store(new Blob([new Uint8Array(bytes)], { type }));
    });
  } catch (e) {
    ctx.files.releaseUpload(token.nonce);
    throw e;
  }
  ctx.files.recordUpload(token.nonce, storageId);
  await ctx.synced();
  ctx.kick();
  json(res, 200, { storageId });
}

/** The connecting peer's IP address, an IPv4 one without its IPv6-mapped prefix. */
function peerAddress(req: http.IncomingMessage): string {
  const address = req.socket.remoteAddress ?? "";
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
}

export async function siteHandler(ctx: HttpContext, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  try {
    if (req.method === "OPTIONS" && !req.headers["access-control-request-method"]) {
      res.writeHead(204, CORS);
      return void res.end();
    }
    // As on Convex, a refused Authorization header does not stop an HTTP action: its getUserIdentity() is null.
    let identity: Identity | null = null;
    let authFailure: AuthenticationError | null = null;
    try {
      identity = await identityFrom(ctx, req);
    } catch (e) {
      if (!(e instanceof AuthenticationError)) throw e;
      authFailure = e;
    }
    const body = req.method === "GET" || req.method === "HEAD" ? undefined : new Uint8Array(await readBody(req));
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) {
      if (v === undefined) continue;
      for (const x of Array.isArray(v) ? v : [v]) headers.append(k, x);
    }
    // As behind Convex's own front: the connecting peer's address, never what the client claimed.
    headers.set("x-forwarded-for", peerAddress(req));
    const init = { method: req.method, headers, body };
    const r = await (authFailure
      ? refusedAuth.run(authFailure, () => ctx.engine.fetch(null, req.url ?? "/", init))
      : ctx.engine.fetch(identity, req.url ?? "/", init));
    await ctx.synced();
    ctx.kick();
    const out: Record<string, string | string[]> = {};
    r.headers.forEach((v, k) => {
      if (k === "set-cookie") return;
      out[k] = v;
    });
    const cookies = r.headers.getSetCookie();
    if (cookies.length) out["set-cookie"] = cookies;
    res.writeHead(r.status, out);
    res.end(Buffer.from(await r.arrayBuffer()));
  } catch (e) {
    const body = httpActionErrorBody(e);
    backendLog(`HTTP action ${req.method} ${req.url} failed: ${body.trace}`);
    if (!res.headersSent) json(res, 500, body);
  }
}
