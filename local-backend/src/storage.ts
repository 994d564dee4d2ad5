// File storage on disk: blobs written and fsynced at upload, served over HTTP with Range support,
// upload URLs on the backend's own address carrying an HMAC-signed, expiring token.
import fs from "node:fs";
import path from "node:path";
import { createHmac, timingSafeEqual } from "node:crypto";
import type http from "node:http";

interface BlobMeta {
  contentType: string;
  size: number;
}

const UPLOAD_TOKEN_TTL_MS = 60 * 60 * 1000;

export class FileStore {
  private readonly dir: string;

  constructor(
    dataDir: string,
    private readonly secret: string,
  ) {
    this.dir = path.join(dataDir, "files");
    fs.mkdirSync(this.dir, { recursive: true });
  }

  private file(id: string) {
    if (!/^[0-9]+_storage$/.test(id)) throw new Error(`Invalid storage id ${id}`);
    return path.join(this.dir, id);
  }

  write(id: string, bytes: Uint8Array, contentType: string): void {
    const meta: BlobMeta = { contentType, size: bytes.byteLength };
    const entries: [string, Uint8Array][] = [
      [this.file(id), bytes],
      [this.file(id) + ".json", Buffer.from(JSON.stringify(meta))],
    ];
    for (const [p, data] of entries) {
      const fd = fs.openSync(p, "w");
      try {
        fs.writeSync(fd, data);
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
    }
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

  uploadToken(): string {
    const exp = String(Date.now() + UPLOAD_TOKEN_TTL_MS);
    return `${exp}.${this.sign(exp)}`;
  }

  /** Why an upload token is refused, with Convex's code and message; null when it is good. */
  checkUploadToken(token: string | null): { code: string; message: string } | null {
    const invalid = { code: "StorageTokenInvalid", message: "Couldn't decode the StoreFileAuthorization token" };
    if (!token) return invalid;
    const [exp, sig] = token.split(".");
    if (!exp || !sig) return invalid;
    const expected = Buffer.from(this.sign(exp));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return invalid;
    if (Number(exp) < Date.now()) return { code: "StorageTokenExpired", message: "Store File Authorization expired" };
    return null;
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
