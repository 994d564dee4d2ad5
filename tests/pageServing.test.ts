// How `vite preview` (what `npm start` serves) sends the built app: precompressed brotli/gzip per
// Accept-Encoding, hashed files cached for a year, the rest revalidated, pages with their public answers.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { api } from "@convex/_generated/api";
import { viewKeyOf } from "@/lib/offline/useCachedQuery";
import { readPageViews } from "@/lib/offline/pageViews";
import { chooseEncoding, IMMUTABLE, precompress, routePreloads } from "../scripts/pageServing";
import { ANSWER_WAIT_MS, CATALOGUE_FIRST_PAGE, jsonForHtml, PAGE_VIEWS_ELEMENT_ID, pageQueries, viewKey } from "../scripts/publicViews";
import { CATALOGUE_PAGE_SIZE, firstPageViewKey } from "../src/lib/catalogue/catalogueQuestion";
import { previewApp } from "./fixtures/appPreview";

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A built app in miniature: a big hashed script, a small one, a style sheet, the worker, the manifest, an icon. */
function builtApp(): { outDir: string; script: Buffer } {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "page-serving-"));
  cleanups.push(() => fs.rmSync(outDir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(outDir, "assets"));
  fs.mkdirSync(path.join(outDir, "icons"));
  fs.mkdirSync(path.join(outDir, ".vite"));
  const script = Buffer.from(Array.from({ length: 400 }, (_, i) => `export const value${i} = "valore numero ${i}";`).join("\n"));
  fs.writeFileSync(path.join(outDir, "assets", "app-Ab12Cd34.js"), script);
  fs.writeFileSync(path.join(outDir, "assets", "tiny-Ef56Gh78.js"), "export {};");
  fs.writeFileSync(path.join(outDir, "assets", "app-Ab12Cd34.css"), `body{margin:0}${".x{color:red}".repeat(200)}`);
  fs.writeFileSync(path.join(outDir, "assets", "list-Zz99Yy88.js"), "export const list = 1;");
  const head = `<!doctype html><html lang="it"><head><title>Arcano</title>${"<!-- - -->".repeat(150)}</head>`;
  fs.writeFileSync(path.join(outDir, "index.html"), `${head}<body><script type="module" src="/assets/app-Ab12Cd34.js"></script></body></html>`);
  fs.writeFileSync(path.join(outDir, "sw.js"), `self.addEventListener('fetch', () => {});${"//".repeat(600)}`);
  fs.writeFileSync(path.join(outDir, "manifest.webmanifest"), '{"name":"Arcano"}');
  fs.writeFileSync(path.join(outDir, "icons", "arcano-192.png"), Buffer.alloc(2048, 7));
  const manifest = {
    "src/features/catalogue/PsychicListPage.tsx": { file: "assets/list-Zz99Yy88.js", imports: ["_tiny"] },
    _tiny: { file: "assets/tiny-Ef56Gh78.js" },
  };
  fs.writeFileSync(path.join(outDir, ".vite", "manifest.json"), JSON.stringify(manifest));
  precompress(outDir);
  return { outDir, script };
}

/** `vite preview` with the project's vite.config.ts over `outDir`, built for the deployment at `convexUrl`. */
async function appServer(outDir: string, convexUrl = "http://127.0.0.1:9"): Promise<string> {
  const { url, close } = await previewApp(outDir, { VITE_CONVEX_URL: convexUrl });
  cleanups.push(close);
  return url;
}

/** A stand-in for a deployment's query endpoint: `answer` by function name, after `delayMs`. */
async function fakeDeployment(answer: (name: string, args: unknown) => unknown, delayMs = 0): Promise<string> {
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const { path: name, args } = JSON.parse(body) as { path: string; args: unknown[] };
      setTimeout(() => {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ status: "success", value: answer(name, args[0]), logLines: [] }));
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The raw body, not decoded (Node's fetch would decode it). */
function rawGet(url: string, acceptEncoding?: string): Promise<{ headers: http.IncomingHttpHeaders; status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ headers: res.headers, status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
  });
}

const decoded = ({ headers, body }: { headers: http.IncomingHttpHeaders; body: Buffer }) =>
  headers["content-encoding"] === "br" ? brotliDecompressSync(body) : headers["content-encoding"] === "gzip" ? gunzipSync(body) : body;

describe("precompression at build", () => {
  it("writes brotli and gzip copies of every text file from 1 KB, none of small files, fonts, images or the manifest", () => {
    const { outDir, script } = builtApp();
    const copy = (file: string, ext: string) => fs.existsSync(path.join(outDir, `${file}.${ext}`));
    for (const file of ["assets/app-Ab12Cd34.js", "assets/app-Ab12Cd34.css", "index.html", "sw.js"]) {
      expect(copy(file, "br"), file).toBe(true);
      expect(copy(file, "gz"), file).toBe(true);
    }
    for (const file of ["assets/tiny-Ef56Gh78.js", "manifest.webmanifest", "icons/arcano-192.png", ".vite/manifest.json"])
      expect(copy(file, "br"), file).toBe(false);
    expect(brotliDecompressSync(fs.readFileSync(path.join(outDir, "assets/app-Ab12Cd34.js.br")))).toEqual(script);
    expect(gunzipSync(fs.readFileSync(path.join(outDir, "assets/app-Ab12Cd34.js.gz")))).toEqual(script);
  });

  it("picks brotli, then gzip, honouring q=0 and *", () => {
    const both = { br: true, gzip: true };
    expect(chooseEncoding("gzip, deflate, br, zstd", both)).toBe("br");
    expect(chooseEncoding("gzip, deflate", both)).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip", both)).toBe("gzip");
    expect(chooseEncoding("*", both)).toBe("br");
    expect(chooseEncoding("identity", both)).toBeNull();
    expect(chooseEncoding(undefined, both)).toBeNull();
    expect(chooseEncoding("br", { br: false, gzip: true })).toBeNull();
  });
});

describe("the app server", () => {
  it("sends a hashed file in brotli, gzip or as it is per Accept-Encoding, the same bytes once decoded, cached for a year", async () => {
    const { outDir, script } = builtApp();
    const url = await appServer(outDir);
    for (const [accept, encoding] of [
      ["gzip, deflate, br", "br"],
      ["gzip, deflate", "gzip"],
      ["identity", undefined],
      [undefined, undefined],
    ] as const) {
      const answer = await rawGet(`${url}/assets/app-Ab12Cd34.js`, accept);
      expect(answer.status, accept).toBe(200);
      expect(answer.headers["content-encoding"], accept).toBe(encoding);
      expect(answer.headers["content-type"], accept).toMatch(/^text\/javascript/);
      expect(answer.headers.vary, accept).toBe("Accept-Encoding");
      expect(answer.headers["cache-control"], accept).toBe(IMMUTABLE);
      expect(Number(answer.headers["content-length"]), accept).toBe(answer.body.length);
      expect(decoded(answer), accept).toEqual(script);
      // The security headers still come with it.
      expect(answer.headers["x-content-type-options"], accept).toBe("nosniff");
    }
    expect((await rawGet(`${url}/assets/app-Ab12Cd34.js`, "br")).body.length).toBeLessThan(script.length / 4);
  });

  it("revalidates what keeps its name across releases: pages, the worker, the manifest, the icons; hashed files are immutable", async () => {
    const { outDir } = builtApp();
    const url = await appServer(outDir);
    const cacheControl = async (page: string) => (await rawGet(`${url}${page}`, "br")).headers["cache-control"];
    for (const page of ["/", "/index.html", "/psychics/abc/book", "/login", "/sw.js", "/manifest.webmanifest", "/icons/arcano-192.png"]) {
      expect(await cacheControl(page), page).toBe("no-cache");
    }
    for (const file of ["/assets/app-Ab12Cd34.js", "/assets/app-Ab12Cd34.css", "/assets/tiny-Ef56Gh78.js"])
      expect(await cacheControl(file), file).toBe(IMMUTABLE);
    const worker = await rawGet(`${url}/sw.js`, "gzip");
    expect(worker.headers["content-encoding"]).toBe("gzip");
    expect(worker.headers["content-type"]).toMatch(/^text\/javascript/);
    const page = await rawGet(`${url}/psychics/abc/book`, "gzip, br");
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.headers["content-encoding"]).toBe("br");
    expect(decoded(page).toString()).toContain('<script type="module" src="/assets/app-Ab12Cd34.js">');
    // The build's manifest is the server's, not the visitor's.
    expect((await rawGet(`${url}/.vite/manifest.json`)).status).toBe(404);
  });

  it("a repeated request with the ETag is answered 304", async () => {
    const { outDir } = builtApp();
    const url = await appServer(outDir);
    const first = await fetch(`${url}/sw.js`);
    const again = await fetch(`${url}/sw.js`, { headers: { "if-none-match": first.headers.get("etag") ?? "" } });
    expect(again.status).toBe(304);
  });

  it("sends / and /psychics with the public answers they show first, and the route's code named for preloading", async () => {
    const { outDir } = builtApp();
    const deployment = await fakeDeployment((name) =>
      name === "catalogue:listPage" ? { page: [{ id: "p1", psychicName: "Selene </script>" }], isDone: true, continueCursor: "x" } : [name],
    );
    const url = await appServer(outDir, deployment);
    const views = async (page: string) => {
      const html = decoded(await rawGet(`${url}${page}`, "br")).toString();
      const block = new RegExp(`<script type="application/json" id="${PAGE_VIEWS_ELEMENT_ID}">(.*?)</script>`).exec(html);
      return { html, views: block ? (JSON.parse(block[1]) as Array<{ key: string; value: unknown }>) : [] };
    };
    const list = await views("/psychics");
    // The filters' options, and the first page of cards as the page keeps it (the page alone, under its question's key).
    expect(list.views).toEqual([
      { key: "catalogue:listFacets:{}", value: ["catalogue:listFacets"], savedAt: expect.any(Number) },
      { key: "catalogue:listPage:first:{}", value: [{ id: "p1", psychicName: "Selene </script>" }], savedAt: expect.any(Number) },
    ]);
    expect(list.html).toContain('<link rel="modulepreload" crossorigin href="/assets/list-Zz99Yy88.js">');
    expect(list.html).toContain('<link rel="modulepreload" crossorigin href="/assets/tiny-Ef56Gh78.js">');
    expect((await views("/")).views.map((view) => view.key)).toEqual(["psychics:listFeatured:{}", "psychics:getTrustFigures:{}"]);
    expect((await views("/psychics/abc")).views.map((view) => view.key)).toEqual(['psychics:getPublicProfile:{"id":"abc"}']);
    expect((await views("/login")).views).toEqual([]);
    // What the service worker keeps for every address: index.html as built, no page's data in it.
    const kept = await views("/index.html");
    expect(kept.views).toEqual([]);
    expect(kept.html).not.toContain("modulepreload");
  });

  it("a deployment slower than the wait, or down, leaves the page without answers, sent in time", async () => {
    const { outDir } = builtApp();
    const slow = await fakeDeployment(() => [], ANSWER_WAIT_MS + 600);
    const url = await appServer(outDir, slow);
    const started = Date.now();
    const html = decoded(await rawGet(`${url}/psychics`, "br")).toString();
    expect(Date.now() - started).toBeLessThan(ANSWER_WAIT_MS + 1_000);
    expect(html).not.toContain(PAGE_VIEWS_ELEMENT_ID);
    const down = await appServer(outDir, "http://127.0.0.1:9");
    expect(decoded(await rawGet(`${down}/`, "br")).toString()).not.toContain(PAGE_VIEWS_ELEMENT_ID);
  });
});

describe("the page's answers in the app", () => {
  it("are named as the app's kept views name them", () => {
    expect(pageQueries("/").map(viewKey)).toEqual([viewKeyOf(api.psychics.listFeatured, {}), viewKeyOf(api.psychics.getTrustFigures, {})]);
    expect(pageQueries("/psychics").map(viewKey)).toEqual([viewKeyOf(api.catalogue.listFacets, {}), firstPageViewKey({})]);
    expect(CATALOGUE_FIRST_PAGE).toBe(CATALOGUE_PAGE_SIZE);
    expect(pageQueries("/psychics/k57abc").map(viewKey)).toEqual([viewKeyOf(api.psychics.getPublicProfile, { id: "k57abc" })]);
  });

  it("are read from the page as public cache entries; a missing or malformed block is nothing", () => {
    const doc = (text: string | null) =>
      ({ getElementById: (id: string) => (id === PAGE_VIEWS_ELEMENT_ID && text !== null ? { textContent: text } : null) }) as unknown as Document;
    const sent = jsonForHtml([{ key: "psychics:listPublic:{}", value: { psychics: ["</script><script>x()</script>"] }, savedAt: 5 }]);
    expect(sent).not.toContain("</script>");
    expect(readPageViews(doc(sent))).toEqual([
      ["public|psychics:listPublic:{}", { value: { psychics: ["</script><script>x()</script>"] }, savedAt: 5 }],
    ]);
    expect(readPageViews(doc(null))).toEqual([]);
    expect(readPageViews(doc("{not json"))).toEqual([]);
    expect(readPageViews(doc('[{"key":1}]'))).toEqual([]);
  });

  it("preloads only what index.html does not name already", () => {
    const manifest = {
      "src/features/auth/LoginPage.tsx": { file: "assets/Login-1.js", css: ["assets/Login-1.css"], imports: ["_a", "_b"] },
      _a: { file: "assets/a.js" },
      _b: { file: "assets/b.js" },
    };
    expect(routePreloads(manifest, "/login", '<link rel="modulepreload" href="/assets/a.js">')).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/Login-1.css">',
      '<link rel="modulepreload" crossorigin href="/assets/Login-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/b.js">',
    ]);
    expect(routePreloads(manifest, "/", "")).toEqual([]);
  });
});
