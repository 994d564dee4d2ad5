// How the built app is sent (`vite preview`, what `npm start` serves): every text file is compressed once at
// build (brotli and gzip beside it, precompressPlugin) and sent in the encoding the browser accepts; the hashed
// files under /assets/ are cached for a year, what keeps its name across releases (index.html, sw.js, the
// manifest, the icons) is revalidated at each use. A page is index.html with the public answers it shows first
// and the code of its route named for preloading (scripts/publicViews.ts), and for the open pages their markup,
// rendered from those answers by the build's server renderer (src/app/server.tsx). docs/deployment.md "Hosting in
// production" lists the same rules for another host.
import { createReadStream, existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";
import type { RenderedPage, renderPage } from "../src/app/server.tsx";
import { cssForPage, marksIn, marksNamed, marksNamedIn, type PageMarks } from "./firstPaintCss.ts";
import { publicViewsFrom, withPageViews, type PageView } from "./publicViews.ts";

/** Smaller files are sent as they are: compressing them gains less than its framing costs. */
const COMPRESS_FROM_BYTES = 1024;

const TYPES: Record<string, string> = {
  ".html": "text/html;charset=utf-8",
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".map": "application/json",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".txt": "text/plain;charset=utf-8",
  ".xml": "application/xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
};

/** The kinds worth compressing: text. Fonts (woff2) and images are compressed already. */
const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg", ".txt", ".xml"]);

export const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

/** Hashed build output (Vite names every file under /assets/ after its content): never changes under its name. */
const cacheControlOf = (pathname: string) => (pathname.startsWith("/assets/") ? IMMUTABLE : REVALIDATE);

/** The encoding to send among those the request accepts and the file has: brotli, then gzip, else none. */
export function chooseEncoding(acceptEncoding: string | undefined, has: { br: boolean; gzip: boolean }): "br" | "gzip" | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (has.br && ok("br")) return "br";
  if (has.gzip && ok("gzip")) return "gzip";
  return null;
}

const brotli = (data: Buffer | string, quality: number) =>
  brotliCompressSync(data, {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: quality, [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT },
  });

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".")) continue; // .vite/: the build's manifest, read by the server only
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/** Writes `<file>.br` and `<file>.gz` beside every text file of `outDir` of at least COMPRESS_FROM_BYTES (source maps aside). */
export function precompress(outDir: string): number {
  let written = 0;
  for (const file of filesUnder(outDir)) {
    if (!COMPRESSIBLE.has(path.extname(file))) continue;
    const data = readFileSync(file);
    if (data.length < COMPRESS_FROM_BYTES) continue;
    writeFileSync(`${file}.br`, brotli(data, 11));
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    written += 1;
  }
  return written;
}

/**
 * At the end of the build, after the service worker is generated (its precache lists only the files its
 * globPatterns name: no .br or .gz copy).
 */
export function precompressPlugin(): Plugin {
  let outDir = "dist";
  return {
    name: "arcano-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: "post",
      sequential: true,
      handler() {
        if (existsSync(outDir)) precompress(outDir);
      },
    },
  };
}

/** The typefaces of the first paint (src/app/fonts.css): Inter's and Fraunces' latin files; latin-ext only for the odd name. */
const FIRST_PAINT_FONTS = [/^assets\/inter-latin-wght-normal-[\w-]+\.woff2$/, /^assets\/fraunces-latin-wght-normal-[\w-]+\.woff2$/];

/**
 * Names the first paint's fonts in index.html for preloading, so they travel with the code instead of after
 * the styles are applied (with `font-display: swap` the text shows meanwhile, then moves once they arrive).
 */
export function fontPreloadPlugin(): Plugin {
  return {
    name: "arcano-font-preload",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        const files = Object.keys(context.bundle ?? {}).filter((file) => FIRST_PAINT_FONTS.some((pattern) => pattern.test(file)));
        return files.map((file) => ({
          tag: "link",
          attrs: { rel: "preload", as: "font", type: "font/woff2", crossorigin: "", href: `/${file}` },
          injectTo: "head" as const,
        }));
      },
    },
  };
}

type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

/** The module each route with its own code draws (src/app/router.tsx): its chunk is named for preloading with the page. */
const ROUTE_MODULES: Array<[RegExp, string]> = [
  [/^\/psychics\/?$/, "src/features/catalogue/PsychicListPage.tsx"],
  [/^\/psychics\/[^/]+\/?$/, "src/features/catalogue/PsychicProfilePage.tsx"],
  [/^\/psychics\/[^/]+\/book\/?$/, "src/features/booking/BookingPage.tsx"],
  [/^\/login\/?$/, "src/features/auth/LoginPage.tsx"],
  [/^\/register\/?$/, "src/features/auth/RegisterPage.tsx"],
  [/^\/contact\/?$/, "src/features/contact/ContactPage.tsx"],
];

/** `<link>`s that preload the code and styles of the route at `pathname` not already named in index.html. */
export function routePreloads(manifest: Manifest, pathname: string, indexHtml: string): string[] {
  const module = ROUTE_MODULES.find(([pattern]) => pattern.test(pathname))?.[1];
  if (!module || !manifest[module]) return [];
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    chunk.css?.forEach((file) => styles.add(file));
    chunk.imports?.forEach(visit);
  };
  visit(module);
  const absent = (file: string) => !indexHtml.includes(`/${file}"`);
  return [
    ...[...styles].filter(absent).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...[...scripts].filter(absent).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
}

/** Where `vite build --ssr` writes the server's renderer, inside the app's build folder (never sent: a dot folder). */
export const SERVER_RENDER_DIR = ".server";

/** The attribute on #root that says the markup inside came from the server, and at what time it was rendered (src/app/main.tsx). */
const SERVER_RENDERED_ATTRIBUTE = "data-server-rendered";

const ROOT = /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/;
/** What React hoists ahead of the markup (an image's preload): it belongs in the head. */
const LEADING_HEAD_TAGS = /^(?:<link\b[^>]*\/?>)+/;

/**
 * index.html with the server's `markup` of the page in #root, in place of the neutral block the app draws over;
 * the links React rendered ahead of it go into the head.
 */
export function withServerMarkup(html: string, markup: string, renderedAt: number): string {
  if (!ROOT.test(html)) return html;
  const headTags = LEADING_HEAD_TAGS.exec(markup)?.[0] ?? "";
  const body = markup.slice(headTags.length);
  // A function as replacement: `$` in the markup stays as it is.
  const page = html.replace(ROOT, (_whole, end: string) => `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}="${renderedAt}">${body}</div>${end}`);
  return headTags === "" ? page : page.replace("</head>", `${headTags}\n  </head>`);
}

const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)">\s*/g;

/** The marks each set of sheets names, and the first-paint styles by sheets and the marks a page has of those. */
const namedBySheets = new Map<string, Set<string>>();
const firstPaintStyles = new Map<string, string>();

/** The pages of a route share their first paint's styles (a cut takes about 100 ms). */
function firstPaintCss(sheets: string, styles: string[], marks: PageMarks): string {
  const css = styles.join("\n");
  let named = namedBySheets.get(sheets);
  if (named === undefined) {
    named = marksNamedIn(css);
    namedBySheets.set(sheets, named);
  }
  const asked = marksNamed(marks, named);
  const key = [sheets, ...[asked.classes, asked.attributes, asked.properties].map((marks) => [...marks].sort().join(" "))].join("\n");
  let cut = firstPaintStyles.get(key);
  if (cut === undefined) {
    // Pages differ by their data's marks (a badge, a state): keep the map from growing without end.
    if (firstPaintStyles.size > 200) firstPaintStyles.clear();
    cut = cssForPage(css, asked);
    firstPaintStyles.set(key, cut);
  }
  return cut;
}

/**
 * A page whose markup came from the server paints as soon as it is here: the rules of its style sheets that its
 * elements can match are written into its head (scripts/firstPaintCss.ts), and the sheets' links go to the end of
 * the page. They no longer hold the first paint (on a slow phone network their requests wait behind the code
 * sharing the line), and the app's code, which waits for the style sheets above it, still runs with them whole.
 */
export function withFirstPaintStyles(page: string, readStyle: (href: string) => string | null): string {
  const links: string[] = [];
  const styles: string[] = [];
  const withoutLinks = page.replace(STYLESHEET_LINK, (link, href: string) => {
    const css = readStyle(href);
    if (css === null) return link;
    links.push(link.trim());
    styles.push(css);
    return "";
  });
  if (links.length === 0) return page;
  const firstPaint = firstPaintCss(links.join(""), styles, marksIn(withoutLinks)).replace(/<\/style/gi, "<\\/style");
  return withoutLinks.replace("</head>", `<style>${firstPaint}</style>\n  </head>`).replace(/(\s*<\/body>)/, `${links.join("")}$1`);
}

type Render = typeof renderPage;

/** The build's server renderer, loaded once; null when the build has none (then pages are sent as index.html). */
function rendererIn(root: string): () => Promise<Render | null> {
  let loaded: Promise<Render | null> | undefined;
  return () =>
    (loaded ??= (async () => {
      const file = path.join(root, SERVER_RENDER_DIR, "server.js");
      if (!existsSync(file)) return null;
      const module = (await import(pathToFileURL(file).href)) as { renderPage: Render };
      return module.renderPage;
    })().catch((error: unknown) => {
      console.error("Il render delle pagine sul server non è disponibile:", error);
      return null;
    }));
}

type Next = (error?: unknown) => void;

/** A navigation: a GET for an address without a file extension (the router draws it from index.html). */
const isPage = (pathname: string) => !path.posix.basename(pathname).includes(".");

/** The middleware of `vite preview`: the files of `outDir` compressed and cached as above, the pages with their data. */
function pageServer(outDir: string, { pageViews }: { pageViews?: (pathname: string) => Promise<PageView[]> }) {
  const root = path.resolve(outDir);
  let manifest: Manifest | null | undefined;
  const manifestNow = () => {
    if (manifest !== undefined) return manifest;
    const file = path.join(root, ".vite", "manifest.json");
    manifest = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Manifest) : null;
    return manifest;
  };

  function sendFile(req: IncomingMessage, res: ServerResponse, pathname: string, file: string) {
    const type = TYPES[path.extname(file)];
    const encoding = chooseEncoding(req.headers["accept-encoding"], { br: existsSync(`${file}.br`), gzip: existsSync(`${file}.gz`) });
    const sent = encoding === "br" ? `${file}.br` : encoding === "gzip" ? `${file}.gz` : file;
    const stats = statSync(sent);
    const etag = `W/"${stats.size}-${stats.mtime.getTime()}"`;
    res.setHeader("Cache-Control", cacheControlOf(pathname));
    if (COMPRESSIBLE.has(path.extname(file))) res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("ETag", etag);
    if (req.headers["if-none-match"] === etag) {
      res.statusCode = 304;
      res.end();
      return;
    }
    if (type) res.setHeader("Content-Type", type);
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", stats.size);
    res.statusCode = 200;
    if (req.method === "HEAD") res.end();
    else createReadStream(sent).pipe(res);
  }

  const renderer = rendererIn(root);
  const styles = new Map<string, string | null>();
  const readStyle = (href: string) => {
    if (!styles.has(href)) {
      const file = path.join(root, href);
      styles.set(href, file.startsWith(root + path.sep) && existsSync(file) ? readFileSync(file, "utf8") : null);
    }
    return styles.get(href) ?? null;
  };

  /** The page's markup from the server renderer; a failure or a missing renderer is no markup (the app draws it). */
  async function rendered(req: IncomingMessage, views: PageView[], now: number): Promise<RenderedPage> {
    const render = await renderer();
    if (!render) return null;
    try {
      return await render({ url: new URL(req.url ?? "/", `http://${req.headers.host ?? "app"}`).href, views, now });
    } catch (error) {
      console.error(`Render sul server non riuscito per ${req.url}:`, error);
      return null;
    }
  }

  async function sendPage(req: IncomingMessage, res: ServerResponse, pathname: string) {
    const indexFile = path.join(root, "index.html");
    const html = readFileSync(indexFile, "utf8");
    const views = pageViews ? await pageViews(pathname).catch(() => []) : [];
    const now = Date.now();
    const markup = await rendered(req, views, now);
    if (markup !== null && "redirect" in markup) {
      res.statusCode = 302;
      res.setHeader("Location", markup.redirect);
      res.setHeader("Cache-Control", REVALIDATE);
      res.end();
      return;
    }
    const manifestNowValue = manifestNow();
    const links = manifestNowValue ? routePreloads(manifestNowValue, pathname, html) : [];
    const withViews = withPageViews(html, views, links);
    const page = markup === null ? withViews : withFirstPaintStyles(withServerMarkup(withViews, markup.html, now), readStyle);
    const encoding = chooseEncoding(req.headers["accept-encoding"], { br: true, gzip: true });
    // Made for this request: quick settings (a page is a few kilobytes).
    const body = encoding === "br" ? brotli(page, 5) : encoding === "gzip" ? gzipSync(page, { level: 6 }) : Buffer.from(page);
    res.statusCode = 200;
    res.setHeader("Content-Type", TYPES[".html"]);
    res.setHeader("Cache-Control", REVALIDATE);
    res.setHeader("Vary", "Accept-Encoding");
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  return (req: IncomingMessage, res: ServerResponse, next: Next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? "/", "http://app").pathname);
    } catch {
      return next();
    }
    const file = path.join(root, pathname);
    if (!file.startsWith(root + path.sep) && file !== root) return next();
    // The build's manifest and the server renderer (dot folders) are the server's; the compressed copies are sent
    // in place of their file only.
    if (pathname.split("/").some((part) => part.startsWith("."))) {
      res.statusCode = 404;
      res.end();
      return;
    }
    if (pathname.endsWith(".br") || pathname.endsWith(".gz")) return next();
    // An address of the app: index.html with its data. /index.html itself (what the service worker keeps for
    // every address) is sent as built, without any page's data.
    if (pathname === "/" || (isPage(pathname) && !existsSync(file))) {
      sendPage(req, res, pathname).catch(next);
      return;
    }
    if (existsSync(file) && statSync(file).isFile() && TYPES[path.extname(file)]) return sendFile(req, res, pathname, file);
    next();
  };
}

/** `vite preview` sends the app through pageServer; `convexUrl` is the deployment whose public answers go with the pages. */
export function pageServingPlugin({ convexUrl }: { convexUrl?: string }): Plugin {
  return {
    name: "arcano-page-serving",
    configurePreviewServer(server) {
      const outDir = path.resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use(pageServer(outDir, { pageViews: convexUrl ? publicViewsFrom(convexUrl) : undefined }));
    },
  };
}
