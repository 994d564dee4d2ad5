// The open pages sent with their markup by `vite preview` (what `npm start` serves): the build's server renderer
// (dist/.server/server.js, src/app/server.tsx) draws the page, the server writes it into index.html with the time
// it was drawn at, answers the renderer's redirects, and writes the first paint's styles into the page. Without a
// renderer, or when it fails, the page is index.html as before.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cssForPage, marksIn, marksNamed, marksNamedIn } from "../scripts/firstPaintCss";
import { SERVER_RENDER_DIR, withFirstPaintStyles, withServerMarkup } from "../scripts/pageServing";
import { previewApp } from "./fixtures/appPreview";

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const INDEX = `<!doctype html>
<html lang="it">
  <head>
    <title>Arcano</title>
    <script type="module" crossorigin src="/assets/app-1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/app-1.css">
  </head>
  <body>
    <div id="root">
      <div aria-hidden="true"><div class="boot-block"></div></div>
    </div>
  </body>
</html>
`;

const CSS = ".page{margin:0}.unused{color:red}@media (width>=768px){.sm\\:page{padding:1px}.sm\\:unused{padding:2px}}";

/** A stand-in for the build's renderer: a page, a redirect, nothing to render, or a failure, by path. */
const RENDERER = `export async function renderPage({ url, views, now }) {
  const { pathname } = new URL(url);
  if (pathname === "/old") return { redirect: "/new?x=1" };
  if (pathname === "/broken") throw new Error("render failed");
  if (pathname === "/plain") return null;
  return { html: '<link rel="preload" as="image" href="/logo.svg"/><main class="page sm:page"><h1>' + pathname + " $& " + views.length + "</h1><p>" + now + "</p></main>" };
}
`;

function builtApp({ renderer = true } = {}): string {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "server-markup-"));
  cleanups.push(() => fs.rmSync(outDir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(outDir, "assets"));
  fs.writeFileSync(path.join(outDir, "index.html"), INDEX);
  fs.writeFileSync(path.join(outDir, "assets", "app-1.js"), "export {};");
  fs.writeFileSync(path.join(outDir, "assets", "app-1.css"), CSS);
  if (renderer) {
    fs.mkdirSync(path.join(outDir, SERVER_RENDER_DIR));
    fs.writeFileSync(path.join(outDir, SERVER_RENDER_DIR, "server.js"), RENDERER);
  }
  return outDir;
}

/** `vite preview` with the project's vite.config.ts over `outDir`, its deployment unreachable (no answers). */
async function appServer(outDir: string): Promise<string> {
  const { url, close } = await previewApp(outDir, { VITE_CONVEX_URL: "http://127.0.0.1:9" });
  cleanups.push(close);
  return url;
}

function get(url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on("error", reject);
  });
}

describe("a page with the server's markup", () => {
  it("has the markup in #root with the time it was drawn, and React's hoisted links in the head", () => {
    const page = withServerMarkup(INDEX, '<link rel="preload" as="image" href="/logo.svg"/><main>$1 $&</main>', 1234);
    expect(page).toContain('<div id="root" data-server-rendered="1234"><main>$1 $&</main></div>\n  </body>');
    expect(page).not.toContain("boot-block");
    expect(page.indexOf('<link rel="preload" as="image" href="/logo.svg"/>')).toBeLessThan(page.indexOf("</head>"));
    // An index.html without the app's root is left as it is.
    expect(withServerMarkup("<html><body></body></html>", "<main></main>", 1)).toBe("<html><body></body></html>");
  });

  it("paints from its own styles: the rules its markup can match in the head, the whole sheets after the markup", () => {
    const page = withServerMarkup(INDEX, '<main class="page sm:page"></main>', 1);
    const styled = withFirstPaintStyles(page, (href) => (href === "/assets/app-1.css" ? CSS : null));
    const head = styled.slice(0, styled.indexOf("</head>"));
    expect(head).toContain("<style>.page{margin:0}@media (width>=768px){.sm\\:page{padding:1px}}</style>");
    expect(head).not.toContain('rel="stylesheet"');
    // The sheet still comes, after the markup and before the code runs (a module script waits for the sheets above it).
    expect(styled).toMatch(/<\/main><\/div><link rel="stylesheet" crossorigin href="\/assets\/app-1.css">\s*<\/body>/);
  });
});

describe("the first paint's styles", () => {
  const page = '<div class="rt-Box md:rt-r-p-4" data-accent-color="violet" inert=""><span class="rt-Text  x"></span></div>';

  it("are asked of the page's classes and attributes", () => {
    const marks = marksIn(page);
    expect([...marks.classes].sort()).toEqual(["md:rt-r-p-4", "rt-Box", "rt-Text", "x"]);
    expect([...marks.attributes].sort()).toEqual([
      "class",
      "class=rt-Box md:rt-r-p-4",
      "class=rt-Text  x",
      "data-accent-color",
      "data-accent-color=violet",
      "inert",
      "inert=",
    ]);
  });

  it("keep the custom properties something reads: a declaration, an element's style, a property that is read", () => {
    const css = [
      ":root{--violet-9:#6e56cf;--violet-10:#654dc4;--amber-9:#ffc53d;--accent-9:var(--violet-9);--unused:var(--amber-9);--icon:url(\"data:image/svg+xml;utf8,<svg/>\")}",
      ".rt-Box{color:var(--accent-9);background:var(--icon)}",
    ].join("");
    const marks = marksIn('<div class="rt-Box" style="border-color:var(--violet-10)"></div>');
    expect([...marks.properties]).toEqual(["--violet-10"]);
    expect(cssForPage(css, marks)).toBe(
      ':root{--violet-9:#6e56cf;--violet-10:#654dc4;--accent-9:var(--violet-9);--icon:url("data:image/svg+xml;utf8,<svg/>")}' +
        ".rt-Box{color:var(--accent-9);background:var(--icon)}",
    );
  });

  it("keep what the page's elements can match, the at-rules' insides too, and drop the rules of absent classes and attributes", () => {
    const css = [
      ":root{color:black}",
      ".rt-Box{display:block}",
      ".rt-Card{border:1px}",
      // :is() and :where() match through one of their selectors; :not() asks nothing of the page.
      ".rt-Text:where(.rt-Card, .x){color:red}",
      ".rt-Text:where(.rt-Card){color:blue}",
      ".rt-Box:not(.rt-Card) .rt-Text{margin:0}",
      ".rt-Box .rt-Card,.x{gap:1px}",
      "[data-accent-color=violet]{color:violet}",
      "[data-accent-color=amber]{color:orange}",
      "[data-accent-color]:where(.rt-Box){gap:2px}",
      '[data-label=".rt-Box"]{content:"a.b"}',
      "@media (width>=1024px){.md\\:rt-r-p-4{padding:4px}.md\\:rt-r-p-5{padding:5px}}",
      "@media (width>=1280px){.lg\\:rt-r-p-4{padding:4px}}",
      "@font-face{font-family:x;src:url(/a.woff2)}",
      "@keyframes spin{from{opacity:0}to{opacity:1}}",
    ].join("");
    const kept = [
      ":root{color:black}",
      ".rt-Box{display:block}",
      ".rt-Text:where(.rt-Card, .x){color:red}",
      ".rt-Box:not(.rt-Card) .rt-Text{margin:0}",
      ".x{gap:1px}",
      "[data-accent-color=violet]{color:violet}",
      "[data-accent-color]:where(.rt-Box){gap:2px}",
      "@media (width>=1024px){.md\\:rt-r-p-4{padding:4px}}",
      "@font-face{font-family:x;src:url(/a.woff2)}",
      "@keyframes spin{from{opacity:0}to{opacity:1}}",
    ].join("");
    expect(cssForPage(css, marksIn(page))).toBe(kept);
    // Only the marks the sheet names matter: another psychic's name or link gives the same cut.
    const named = marksNamed(marksIn(`${page}<a href="/psychics/selene" aria-label="Selene"></a>`), marksNamedIn(css));
    expect([...named.attributes].sort()).toEqual(["data-accent-color", "data-accent-color=violet"]);
    expect(cssForPage(css, named)).toBe(kept);
  });
});

describe("the app server with a server renderer", () => {
  it("sends an open page with its markup, drawn at the time of the request, and the first paint's styles", async () => {
    const url = await appServer(builtApp());
    const before = Date.now();
    const { status, body } = await get(`${url}/chi-siamo?x=1`);
    expect(status).toBe(200);
    const drawnAt = Number(/data-server-rendered="(\d+)"/.exec(body)?.[1]);
    expect(drawnAt).toBeGreaterThanOrEqual(before);
    expect(body).toContain(`<main class="page sm:page"><h1>/chi-siamo $& 0</h1><p>${drawnAt}</p></main>`);
    expect(body).toContain("<style>.page{margin:0}@media (width>=768px){.sm\\:page{padding:1px}}</style>");
  });

  it("answers the renderer's redirect, and sends index.html as built when it renders nothing or fails", async () => {
    const url = await appServer(builtApp());
    const moved = await get(`${url}/old`);
    expect(moved.status).toBe(302);
    expect(moved.headers.location).toBe("/new?x=1");
    for (const page of ["/plain", "/broken"]) {
      const { status, body } = await get(`${url}${page}`);
      expect(status, page).toBe(200);
      expect(body, page).toContain('<div id="root">\n      <div aria-hidden="true">');
      expect(body, page).toContain('<link rel="stylesheet" crossorigin href="/assets/app-1.css">');
    }
  });

  it("without a renderer in the build sends every page as index.html; the renderer itself is never sent", async () => {
    const plain = await appServer(builtApp({ renderer: false }));
    expect((await get(`${plain}/`)).body).not.toContain("data-server-rendered");
    const url = await appServer(builtApp());
    expect((await get(`${url}/${SERVER_RENDER_DIR}/server.js`)).status).toBe(404);
  });
});
