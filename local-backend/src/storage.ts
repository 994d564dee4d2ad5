// File storage on disk: blobs written and fsynced at upload, served over HTTP with Range support,
// upload URLs on the backend's own address carrying an HMAC-signed, expiring, single-use token.
import fs from "node:fs";
import path from "node:path";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type http from "node:http";
import { OWNER_ONLY_FILE, ownerOnlyDir } from "../shared/ownerOnly.ts";

interface BlobMeta {
  contentType: string;
  size: number;
}

const UPLOAD_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Why an upload token is refused: Convex's code and message (and ours for a token used already). */
interface TokenRefusal {
  code: string;
  message: string;
}

/** Writes `data` to `file` and fsyncs it, owner-only. */
function writeDurably(file: string, data: Uint8Array): void {
  const fd = fs.openSync(file, "w", OWNER_ONLY_FILE);
  try {
    fs.writeSync(fd, data);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export class FileStore {
  private readonly dir: string;
  /** Upload tokens used, by nonce: the storage id each one minted, until the token would have expired. */
  private readonly used: Map<string, { exp: number; storageId: string }>;
  /** Tokens whose upload is under way (nonce → expiry), so two requests can never both use one. */
  private readonly inFlight = new Map<string, number>();

  constructor(
    dataDir: string,
    private readonly secret: string,
  ) {
    this.dir = path.join(dataDir, "files");
    ownerOnlyDir(this.dir);
    this.used = new Map(Object.entries(this.readUsed()));
  }

  private get usedFile() {
    return path.join(this.dir, "upload-tokens.json");
  }

  private readUsed(): Record<string, { exp: number; storageId: string }> {
    try {
      return JSON.parse(fs.readFileSync(this.usedFile, "utf8")) as Record<string, { exp: number; storageId: string }>;
    } catch {
      return {};
    }
  }

  private file(id: string) {
    if (!/^[0-9]+_storage$/.test(id)) throw new Error(`Invalid storage id ${id}`);
    return path.join(this.dir, id);
  }

  write(id: string, bytes: Uint8Array, contentType: string): void {
    const meta: BlobMeta = { contentType, size: bytes.byteLength };
    writeDurably(this.file(id), bytes);
    writeDurably(this.file(id) + ".json", Buffer.from(JSON.stringify(meta)));
  }

  meta(id: string): BlobMeta | null {
    try {
      return JSON.parse(fs.readFileSync(this.file(id) + ".json", "utf8")) as BlobMeta;
    } catch {
      return null;
    }
  }

  read(id: string): Blob | null {
    const meta = this.meta(id);
    if (!meta) return null;
    return new Blob([fs.readFileSync(this.file(id))], { type: meta.contentType });
  }

  /** Removes blobs whose `_storage` document is gone (deleted, or an upload that never committed). */
  collectGarbage(isLive: (id: string) => boolean): number {
    let removed = 0;
    for (const name of fs.readdirSync(this.dir)) {
      const id = /^([0-9]+_storage)(\.json)?$/.exec(name)?.[1];
      if (!id || isLive(id)) continue;
      fs.rmSync(path.join(this.dir, name), { force: true });
      removed++;
    }
    return removed;
  }

  /**
   * A new upload URL's token: its expiry, a random nonce and the component whose storage receives the file
   * ("" for the app's), signed.
   */
  uploadToken(componentPath = ""): string {
    const body = `${Date.now() + UPLOAD_TOKEN_TTL_MS}.${randomBytes(16).toString("hex")}.${Buffer.from(componentPath).toString("base64url")}`;
    return `${body}.${this.sign(body)}`;
  }

  /**
   * Takes an upload token for one upload: refused (Convex's words) when forged or expired, and when it
   * was used before or is in use; otherwise its nonce, to pass to `recordUpload` or `releaseUpload`, and
   * the component the file goes to.
   */
  useUploadToken(token: string | null): { nonce: string; componentPath: string } | { refused: TokenRefusal } {
    const invalid = { code: "StorageTokenInvalid", message: "Couldn't decode the StoreFileAuthorization token" };
    const parts = (token ?? "").split(".");
    // Tokens made before components had storage have no component part: they are the app's.
    const [exp, nonce, component, sig] = parts.length === 3 ? [parts[0], parts[1], null, parts[2]] : parts;
    if (!exp || !nonce || !sig || parts.length > 4) return { refused: invalid };
    const expected = Buffer.from(this.sign(component === null ? `${exp}.${nonce}` : `${exp}.${nonce}.${component}`));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { refused: invalid };
    if (Number(exp) < Date.now()) return { refused: { code: "StorageTokenExpired", message: "Store File Authorization expired" } };
    if (this.used.has(nonce) || this.inFlight.has(nonce)) {
      return { refused: { code: "StorageTokenUsed", message: "This upload URL has already been used: generate a new one" } };
    }
    this.inFlight.set(nonce, Number(exp));
    return { nonce, componentPath: component === null ? "" : Buffer.from(component, "base64url").toString() };
  }

  /** The upload under `nonce` stored `storageId`: the token is spent, tied to that id, across restarts. */
  recordUpload(nonce: string, storageId: string): void {
    const exp = this.inFlight.get(nonce) ?? Date.now() + UPLOAD_TOKEN_TTL_MS;
    this.inFlight.delete(nonce);
    this.used.set(nonce, { exp, storageId });
    const now = Date.now();
    for (const [key, entry] of this.used) if (entry.exp < now) this.used.delete(key);
    const tmp = `${this.usedFile}.tmp`;
    writeDurably(tmp, Buffer.from(JSON.stringify(Object.fromEntries(this.used))));
    fs.renameSync(tmp, this.usedFile);
  }

  /** The upload under `nonce` failed before storing anything: the token may be used again. */
  releaseUpload(nonce: string): void {
    this.inFlight.delete(nonce);
  }

  private sign(s: string): string {
    return createHmac("sha256", this.secret).update(s).digest("hex");
  }

  /** Streams a stored file, honouring a single `Range: bytes=a-b` request. */
  serve(id: string, req: http.IncomingMessage, res: http.ServerResponse, headers: Record<string, string>): void {
    const meta = this.meta(id);
    if (!meta) {
      res.writeHead(404, { ...headers, "content-type": "application/json" });
      res.end(JSON.stringify({ code: "FileNotFound", message: `File ${id} not found` }));
      return;
    }
    const base = {
      ...headers,
      "content-type": meta.contentType || "application/octet-stream",
      // The stored type is the one served; a browser never guesses another (HTML in an "image", say).
      "x-content-type-options": "nosniff",
      "accept-ranges": "bytes",
      "cache-control": "private, max-age=2592000",
    };
    const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? "");
    // An empty file has no byte to range over: Convex answers it whole (200, empty body).
    if (range && (range[1] || range[2]) && meta.size > 0) {
      let start = range[1] ? Number(range[1]) : Math.max(0, meta.size - Number(range[2]));
      let end = range[1] && range[2] ? Number(range[2]) : meta.size - 1;
      end = Math.min(end, meta.size - 1);
      if (start > end || start >= meta.size) {
        res.writeHead(416, { ...base, "content-range": `bytes */${meta.size}` });
        res.end();
        return;
      }
      start = Math.max(0, start);
      res.writeHead(206, { ...base, "content-range": `bytes ${start}-${end}/${meta.size}`, "content-length": String(end - start + 1) });
      if (req.method === "HEAD") return void res.end();
      fs.createReadStream(this.file(id), { start, end }).pipe(res);
      return;
    }
    res.writeHead(200, { ...base, "content-length": String(meta.size) });
    if (req.method === "HEAD") return void res.end();
    fs.createReadStream(this.file(id)).pipe(res);
  }
}
