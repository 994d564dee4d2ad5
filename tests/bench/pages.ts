// `npm run bench:pages`: the page table, cold loads of the public pages. Starts the whole app as `npm run
// screenshots` does (scripts/lib/localApp.ts: `npm start`'s build and server, the embedded backend, fresh demo
// data), then opens each page 3 times, each in a fresh browser context (an empty cache, no session), and
// measures in the page: the Largest Contentful Paint (PerformanceObserver, buffered), the time until the
// page's main content is visible, and the compressed bytes of JS and CSS it fetched before its LCP (resource
// timing's encodedBodySize: what travelled, headers aside). Then 3 more cold loads of each page on Lighthouse's
// mobile profile (mobileProfile.ts: its throttling sent through the DevTools protocol, a 412 px phone) for the
// mobile LCP. Prints the table (each median beside its target), writes tests/bench/results/pages-latest.json,
// exits 1 if a target is missed (2 if the run itself failed). `npm run bench` runs it after its own table. Not
// part of `npm test`: timings depend on the machine. Offline: `unshare -n sh -c 'ip link set lo up && exec npm
// run bench:pages'`; `--port-base N` (default 4350); `--mobile-network simulated` (see mobileProfile.ts).
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContextOptions } from "@playwright/test";
import { mondayAhead, portBaseFromArgs, withLocalAppAndBrowser, type LocalApp } from "../../scripts/lib/localApp.ts";
import { describeMobile, mobileContextOptions, throttle, type MobileNetwork } from "./mobileProfile.ts";
import { formatMs, median, waitForQuiet } from "./stats.ts";

const RUNS = 3;
const RESULTS = "tests/bench/results";
const CONTENT_TIMEOUT_MS = 30_000;
/** After the main content, how long later paints (a web font's swap, a photo) may still move the LCP. */
const SETTLE_MS = 700;
const KB = 1024;

/** The page-load targets, on loopback with a cold cache: per route, compressed; and the LCP on Lighthouse's mobile profile. */
const TARGETS = { lcpMs: 800, jsBytes: 120 * KB, cssBytes: 25 * KB, contentMs: 1000, mobileLcpMs: 1500 };

const mobileNetworkArg = process.argv.includes("--mobile-network") ? process.argv[process.argv.indexOf("--mobile-network") + 1] : "devtools";
if (mobileNetworkArg !== "devtools" && mobileNetworkArg !== "simulated") throw new Error(`--mobile-network: devtools or simulated, not ${mobileNetworkArg}`);
const MOBILE_NETWORK: MobileNetwork = mobileNetworkArg;

/** What "the main content" is on each page, checked in the page itself (see mainContentWatcher). */
type Content = { kind: "article" } | { kind: "h1"; text: string } | { kind: "time" };

interface Target {
  name: string;
  path: string;
  content: Content;
  definition: string;
  /** The LCP target applies to the four first pages; the booking page keeps its main-content target. */
  lcpTarget: boolean;
}

function targets(seleneAddress: string): Target[] {
  return [
    { name: "/", path: "/", content: { kind: "article" }, definition: "first psychic card (article) of the featured section", lcpTarget: true },
    { name: "/psychics", path: "/psychics", content: { kind: "article" }, definition: "first psychic card (article)", lcpTarget: true },
    {
      name: "profile",
      path: `/psychics/${seleneAddress}`,
      content: { kind: "h1", text: "Selene" },
      definition: "h1 with the name (Selene)",
      lcpTarget: true,
    },
    { name: "/login", path: "/login", content: { kind: "h1", text: "Accedi" }, definition: "h1 (Accedi)", lcpTarget: true },
    {
      name: "booking",
      path: `/psychics/${seleneAddress}/book?date=${mondayAhead(1)}&duration=30`,
      content: { kind: "time" },
      definition: "first free time button (HH:MM) of the day in the link",
      lcpTarget: false,
    },
  ];
}

/**
 * Runs in the page before its own scripts: on every DOM change, checks whether the main content is there
 * and visible, and at the first frame after that stores performance.now() (milliseconds since navigation
 * start) in window.__mainContentAt. Also keeps the LCP candidates as they come.
 */
function mainContentWatcher(content: Content) {
  const target = window as unknown as { __mainContentAt?: number; __lcp?: Array<{ at: number; element: string }> };
  target.__lcp = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { element?: Element | null }>) {
      const element = entry.element;
      const text = element ? `${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().slice(0, 40)}"` : "(removed)";
      target.__lcp!.push({ at: entry.startTime, element: text });
    }
  }).observe({ type: "largest-contentful-paint", buffered: true });
  const visible = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };
  // The candidates, found without laying the page out: a page parsed from the server's HTML changes at every
  // chunk the parser reads, and measuring boxes at each would lay it out again and again before its first paint.
  const candidates = (): Element[] => {
    const main = document.querySelector("main");
    if (!main) return [];
    if (content.kind === "article") return Array.from(main.querySelectorAll("article")).slice(0, 1);
    if (content.kind === "h1") return Array.from(main.querySelectorAll("h1")).filter((h1) => h1.textContent?.includes(content.text));
    return Array.from(main.querySelectorAll("button")).filter((button) => /^\d{1,2}:\d{2}$/.test(button.textContent?.trim() ?? ""));
  };
  let seen = false;
  let frameAsked = false;
  // Visibility is checked in a frame (laid out by then anyway); the time is taken at the frame after it, as before.
  const atFrame = () => {
    frameAsked = false;
    if (seen) return;
    const found = candidates();
    if (!found.some(visible)) {
      // There but not shown yet (its styles on their way): looked at again at the next frame.
      if (found.length > 0) {
        frameAsked = true;
        requestAnimationFrame(atFrame);
      }
      return;
    }
    seen = true;
    observer.disconnect();
    requestAnimationFrame(() => (target.__mainContentAt = performance.now()));
  };
  const check = () => {
    if (seen || frameAsked || candidates().length === 0) return;
    frameAsked = true;
    requestAnimationFrame(atFrame);
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
}

interface Run {
  lcpMs: number;
  lcpElement: string;
  contentMs: number;
  jsBytes: number;
  cssBytes: number;
  files: number;
}

type Profile = "loopback" | "mobile";

const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

async function coldLoad(browser: Browser, app: LocalApp, target: Target, profile: Profile = "loopback"): Promise<Run> {
  const screen = profile === "mobile" ? mobileContextOptions(browser) : DESKTOP;
  const context = await browser.newContext({ baseURL: app.url, ...screen, locale: "it-IT", timezoneId: "Europe/Rome" });
  try {
    // tsx keeps function names with an `__name(fn, "name")` helper the page does not have: a stand-in first.
    await context.addInitScript({ content: "globalThis.__name ??= (fn) => fn;" });
    await context.addInitScript(mainContentWatcher, target.content);
    const page = await context.newPage();
    if (profile === "mobile") await throttle(context, page, MOBILE_NETWORK);
    await page.goto(target.path, { waitUntil: "commit" });
    await page.waitForFunction(() => (window as unknown as { __mainContentAt?: number }).__mainContentAt, undefined, {
      timeout: CONTENT_TIMEOUT_MS,
      polling: 50,
    });
    await page.waitForTimeout(SETTLE_MS);
    // A slowed CPU may report the largest paint's entry some frames after the content: it is waited for.
    await page.waitForFunction(() => ((window as unknown as { __lcp?: unknown[] }).__lcp?.length ?? 0) > 0, undefined, { timeout: CONTENT_TIMEOUT_MS });
    return await page.evaluate(() => {
      const candidates = (window as unknown as { __lcp: Array<{ at: number; element: string }> }).__lcp;
      const lcp = candidates[candidates.length - 1] ?? { at: NaN, element: "(none)" };
      // What the page fetched before its largest paint: its code and styles, as they travelled.
      const fetched = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter((entry) => entry.startTime <= lcp.at);
      const bytes = (extension: string) =>
        fetched.filter((entry) => new URL(entry.name).pathname.endsWith(extension)).reduce((sum, entry) => sum + entry.encodedBodySize, 0);
      const content = (window as unknown as { __mainContentAt: number }).__mainContentAt;
      return { lcpMs: lcp.at, lcpElement: lcp.element, contentMs: content, jsBytes: bytes(".js"), cssBytes: bytes(".css"), files: fetched.length };
    });
  } finally {
    await context.close();
  }
}

interface Row {
  target: Target;
  runs: Run[];
  mobileRuns: Run[];
  lcpMs: number;
  contentMs: number;
  jsBytes: number;
  cssBytes: number;
  mobileLcpMs: number;
  idleBefore: number;
  mobileIdleBefore: number;
  missed: string[];
}

function rowOf(target: Target, runs: Run[], mobileRuns: Run[], idleBefore: number, mobileIdleBefore: number): Row {
  const m = (list: Run[], pick: (run: Run) => number) => median(list.map(pick));
  const row = {
    target,
    runs,
    mobileRuns,
    idleBefore,
    mobileIdleBefore,
    lcpMs: m(runs, (r) => r.lcpMs),
    contentMs: m(runs, (r) => r.contentMs),
    jsBytes: m(runs, (r) => r.jsBytes),
    cssBytes: m(runs, (r) => r.cssBytes),
    mobileLcpMs: m(mobileRuns, (r) => r.lcpMs),
  };
  const missed = [
    row.jsBytes > TARGETS.jsBytes ? "JS" : null,
    row.cssBytes > TARGETS.cssBytes ? "CSS" : null,
    target.lcpTarget && !(row.lcpMs <= TARGETS.lcpMs) ? "LCP" : null,
    target.lcpTarget && !(row.mobileLcpMs <= TARGETS.mobileLcpMs) ? "LCP mobile" : null,
    !target.lcpTarget && row.contentMs > TARGETS.contentMs ? "main content" : null,
  ].filter((what): what is string => what !== null);
  return { ...row, missed };
}

/** The readable address of a demo psychic's profile, as every link names it: where the server sends the id's address. */
async function profileAddress(app: LocalApp, name: string): Promise<string> {
  const id = await app.psychicId(name);
  const response = await fetch(`${app.url}/psychics/${id}`, { redirect: "manual" });
  return response.headers.get("location")?.split("/").pop() ?? id;
}

const rows: Row[] = [];
await withLocalAppAndBrowser(
  portBaseFromArgs(4350),
  async (app, browser) => {
    const list = targets(await profileAddress(app, "Selene"));
    // One load of each page first, unmeasured: the server side warm (the built files read, the queries run once),
    // as a running site's is; each measured load is still cold in the browser.
    for (const target of list) await coldLoad(browser, app, target);
    const each = (runs: Run[]) => runs.map((run) => `LCP ${formatMs(run.lcpMs)} (${run.lcpElement}), content ${formatMs(run.contentMs)}`).join("; ");
    for (const target of list) {
      const quiet = await waitForQuiet(0.7, 20_000);
      const runs: Run[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await coldLoad(browser, app, target));
      // The mobile profile slows the page's CPU 4×: other work on the machine weighs four times as much there.
      const quietMobile = await waitForQuiet(0.7, 20_000);
      const mobileRuns: Run[] = [];
      for (let run = 0; run < RUNS; run++) mobileRuns.push(await coldLoad(browser, app, target, "mobile"));
      rows.push(rowOf(target, runs, mobileRuns, quiet.idle, quietMobile.idle));
      console.log(`  ${target.name}: ${each(runs)} (CPU ${Math.round(quiet.idle * 100)}% idle before)`);
      console.log(`  ${target.name}, mobile: ${each(mobileRuns)} (CPU ${Math.round(quietMobile.idle * 100)}% idle before)`);
    }
  },
  2,
);

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const verdict = (ok: boolean) => (ok ? "ok" : "MISSED");
const header = ["Route", "JS (br)", "≤", "CSS (br)", "≤", "LCP (median)", "≤", "LCP mobile (median)", "≤", "Main content (median)", "≤", ""];
const table = [
  header,
  ...rows.map((row) => [
    row.target.name,
    kb(row.jsBytes),
    kb(TARGETS.jsBytes),
    kb(row.cssBytes),
    kb(TARGETS.cssBytes),
    formatMs(row.lcpMs),
    row.target.lcpTarget ? formatMs(TARGETS.lcpMs) : "—",
    formatMs(row.mobileLcpMs),
    row.target.lcpTarget ? formatMs(TARGETS.mobileLcpMs) : "—",
    formatMs(row.contentMs),
    row.target.lcpTarget ? "—" : formatMs(TARGETS.contentMs),
    row.missed.length === 0 ? verdict(true) : `${verdict(false)}: ${row.missed.join(", ")}`,
  ]),
];
const widths = header.map((_, column) => Math.max(...table.map((row) => row[column].length)));
const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column])).join(" | ")} |`;
console.log([line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...table.slice(1).map(line)].join("\n"));
console.log(`LCP mobile: ${describeMobile(MOBILE_NETWORK)}`);

const missed = rows.filter((row) => row.missed.length > 0);
const rounded = (run: Run) => ({ ...run, lcpMs: Math.round(run.lcpMs), contentMs: Math.round(run.contentMs) });
mkdirSync(RESULTS, { recursive: true });
const report = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, platform: os.platform(), loadavg: os.loadavg() },
  targets: TARGETS,
  mobileProfile: describeMobile(MOBILE_NETWORK),
  pages: rows.map((row) => ({
    page: row.target.name,
    path: row.target.path,
    mainContent: row.target.definition,
    lcpMs: Math.round(row.lcpMs),
    contentMs: Math.round(row.contentMs),
    jsBytes: row.jsBytes,
    cssBytes: row.cssBytes,
    mobileLcpMs: Math.round(row.mobileLcpMs),
    runs: row.runs.map(rounded),
    mobileRuns: row.mobileRuns.map(rounded),
    cpuIdleBefore: row.idleBefore,
    cpuIdleBeforeMobile: row.mobileIdleBefore,
    missed: row.missed,
    ok: row.missed.length === 0,
  })),
};
writeFileSync(join(RESULTS, "pages-latest.json"), JSON.stringify(report, null, 2) + "\n");
console.log(
  missed.length === 0
    ? "bench:pages: every target met"
    : `bench:pages: missed on ${missed.map((row) => `${row.target.name} (${row.missed.join(", ")})`).join("; ")}`,
);
process.exit(missed.length === 0 ? 0 : 1);
