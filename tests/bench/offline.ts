// `npm run bench:offline`: a returning visitor's cold start with a slow connection to the backend. Starts the whole app
// as `npm run bench:pages` does (scripts/lib/localApp.ts: the production build served by `vite preview`, as `npm start`
// serves it, the embedded backend, fresh demo data). For `/` (a visitor) and `/dashboard` (the demo client), each run
// opens a fresh browser context with the Convex WebSocket held back 2 s, and loads the page twice in it:
//   uncached: the first visit, with nothing in the browser; it installs the app shell's service worker;
//   cached:   the second visit, once that worker controls the site (and whatever the first visit left in the caches).
// Measured in the page since navigation start: first-contentful-paint (PerformanceObserver 'paint') and the first frame in
// which the main content is visible. Prints each run and the medians of 3; writes tests/bench/results/offline-latest.json.
// No targets: exits 1 only when something fails. Offline: `unshare -n sh -c 'ip link set lo up && exec npm run bench:offline'`;
// `--port-base N` (default 4360).
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext } from "@playwright/test";
import { portBaseFromArgs, withLocalAppAndBrowser, type LocalApp, type StorageState } from "../../scripts/lib/localApp.ts";
import { formatMs, median, sleep } from "./stats.ts";

const RUNS = 3;
const SOCKET_DELAY_MS = 2000;
const CONTENT_TIMEOUT_MS = 30_000;
const RESULTS = "tests/bench/results";

interface Target {
  name: string;
  path: string;
  /** A CSS selector inside `main`: its first match, visible, is the page's main content. */
  content: string;
  definition: string;
  role: "visitor" | "client";
  /** The query whose kept answer paints that content (a key of IndexedDB's 'arcano-cache' ends with it and its arguments). */
  keptView: string;
}

const targets: Target[] = [
  {
    name: "/",
    path: "/",
    content: "article",
    definition: "first psychic card (article) of the featured section",
    role: "visitor",
    keptView: "psychics:listFeatured:",
  },
  {
    name: "/dashboard",
    path: "/dashboard",
    content: 'ul[aria-label="Prossimi consulti"] > li',
    definition: "first row of 'Prossimi consulti' (the demo client's next consultation)",
    role: "client",
    keptView: "bookings:listMine:",
  },
];

/** Runs in the page: whether IndexedDB keeps an answer of `view` (src/lib/offline/queryCache.ts's store). */
function keptView(view: string): Promise<boolean> {
  return new Promise((resolve) => {
    const open = indexedDB.open("arcano-cache");
    open.onupgradeneeded = () => open.result.createObjectStore("views");
    open.onerror = () => resolve(false);
    open.onsuccess = () => {
      const request = open.result.transaction("views", "readonly").objectStore("views").getAllKeys();
      request.onsuccess = () => {
        resolve(request.result.some((key) => String(key).includes(`|${view}`)));
        open.result.close();
      };
      request.onerror = () => resolve(false);
    };
  });
}

/**
 * Runs in the page before its own scripts: keeps the first-contentful-paint entry, and at the first frame after the main
 * content is there and visible stores performance.now() in window.__mainContentAt.
 */
function paintWatcher(selector: string) {
  const target = window as unknown as { __mainContentAt?: number; __fcp?: number };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === "first-contentful-paint") target.__fcp = entry.startTime;
  }).observe({ type: "paint", buffered: true });
  const present = () => {
    const element = document.querySelector("main")?.querySelector(selector);
    if (!element) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };
  let seen = false;
  const observer = new MutationObserver(() => {
    if (seen || !present()) return;
    seen = true;
    observer.disconnect();
    requestAnimationFrame(() => (target.__mainContentAt = performance.now()));
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
}

interface Visit {
  fcpMs: number;
  contentMs: number;
  fromServiceWorker: boolean;
}

async function visit(context: BrowserContext, target: Target, { waitForShell }: { waitForShell: boolean }): Promise<Visit> {
  const page = await context.newPage();
  try {
    const answer = await page.goto(target.path, { waitUntil: "commit" });
    const handle = await page.waitForFunction(
      () => {
        const marks = window as unknown as { __mainContentAt?: number; __fcp?: number };
        return marks.__mainContentAt !== undefined && marks.__fcp !== undefined ? { contentMs: marks.__mainContentAt, fcpMs: marks.__fcp } : null;
      },
      undefined,
      { timeout: CONTENT_TIMEOUT_MS, polling: 50 },
    );
    const { contentMs, fcpMs } = (await handle.jsonValue()) as { contentMs: number; fcpMs: number };
    // The first visit ends once the app shell's worker controls the page (it has precached the build by then) and the
    // page's answers are kept in IndexedDB (written a moment after they arrive).
    if (waitForShell) {
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        if (navigator.serviceWorker.controller) return;
        await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener("controllerchange", () => resolve(), { once: true }));
      });
      await page.waitForFunction(keptView, target.keptView, { timeout: CONTENT_TIMEOUT_MS, polling: 100 });
    }
    return { fcpMs, contentMs, fromServiceWorker: answer?.fromServiceWorker() ?? false };
  } finally {
    await page.close();
  }
}

async function run(browser: Browser, app: LocalApp, target: Target, session: StorageState | undefined) {
  const context = await browser.newContext({
    baseURL: app.url,
    viewport: { width: 1280, height: 800 },
    locale: "it-IT",
    timezoneId: "Europe/Rome",
    serviceWorkers: "allow",
    storageState: session,
  });
  try {
    // tsx keeps function names with an `__name(fn, "name")` helper the page does not have: a stand-in first.
    await context.addInitScript({ content: "globalThis.__name ??= (fn) => fn;" });
    await context.addInitScript(paintWatcher, target.content);
    // The Convex socket reaches the backend 2 s after the page opens it. The handler is awaited before Playwright opens
    // the page's end, so the page's socket stays 'connecting' until then and nothing it sends is lost; after
    // connectToServer every message passes through both ways.
    await context.routeWebSocket(/.*/, async (socket) => {
      await sleep(SOCKET_DELAY_MS);
      socket.connectToServer();
    });
    const uncached = await visit(context, target, { waitForShell: true });
    const cached = await visit(context, target, { waitForShell: false });
    if (!cached.fromServiceWorker) throw new Error(`${target.path}: the second visit did not come from the service worker`);
    return { uncached, cached };
  } finally {
    await context.close();
  }
}

const rows: Array<{ target: Target; runs: Array<{ uncached: Visit; cached: Visit }> }> = [];
await withLocalAppAndBrowser(portBaseFromArgs(4360), async (app, browser) => {
  const sessions = { visitor: undefined, client: await app.signedIn("client") };
  for (const target of targets) {
    // One unmeasured run: the server side warm (the built files read, the queries run once), as a running site's is.
    await run(browser, app, target, sessions[target.role]);
    const runs = [];
    for (let index = 0; index < RUNS; index++) runs.push(await run(browser, app, target, sessions[target.role]));
    rows.push({ target, runs });
    for (const kind of ["uncached", "cached"] as const) {
      console.log(
        `  ${target.name} ${kind}: FCP ${runs.map((r) => formatMs(r[kind].fcpMs)).join(", ")}; content ${runs.map((r) => formatMs(r[kind].contentMs)).join(", ")}`,
      );
    }
  }
});

const header = ["Page", "Visit", "FCP (median)", "Main content (median)", "Main content is"];
const table = [
  header,
  ...rows.flatMap(({ target, runs }) =>
    (["uncached", "cached"] as const).map((kind) => [
      target.name,
      kind,
      formatMs(median(runs.map((r) => r[kind].fcpMs))),
      formatMs(median(runs.map((r) => r[kind].contentMs))),
      target.definition,
    ]),
  ),
];
const widths = header.map((_, column) => Math.max(...table.map((row) => row[column].length)));
const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column])).join(" | ")} |`;
console.log(`Convex WebSocket held back ${formatMs(SOCKET_DELAY_MS)}; medians of ${RUNS} runs`);
console.log([line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...table.slice(1).map(line)].join("\n"));

mkdirSync(RESULTS, { recursive: true });
const round = (visit: Visit) => ({ fcpMs: Math.round(visit.fcpMs), contentMs: Math.round(visit.contentMs) });
const report = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, platform: os.platform(), loadavg: os.loadavg() },
  socketDelayMs: SOCKET_DELAY_MS,
  pages: rows.map(({ target, runs }) => ({
    page: target.name,
    mainContent: target.definition,
    uncached: runs.map((r) => round(r.uncached)),
    cached: runs.map((r) => round(r.cached)),
  })),
};
writeFileSync(join(RESULTS, "offline-latest.json"), JSON.stringify(report, null, 2) + "\n");
