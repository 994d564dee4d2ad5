// `npm run bench:pages`: cold loads of the public pages. Starts the whole app as `npm run screenshots` does
// (scripts/lib/localApp.ts: the built app, the embedded backend, fresh demo data), then opens each page 3 times,
// each in a fresh browser context (an empty cache, no session), and measures with performance.now() in the page
// the time from navigation start until the page's main content is visible. Prints each run and the median,
// writes tests/bench/results/pages-latest.json, exits 1 if a median is over the target.
// Not part of `npm test`: timings depend on the machine. Offline:
// `unshare -n sh -c 'ip link set lo up && exec npm run bench:pages'`; `--port-base N` (default 4350).
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import type { Browser } from "@playwright/test";
import { mondayAhead, portBaseFromArgs, withLocalAppAndBrowser, type LocalApp } from "../../scripts/lib/localApp.ts";
import { formatMs, median, waitForQuiet } from "./stats.ts";

const RUNS = 3;
const TARGET_MS = 1000;
const RESULTS = "tests/bench/results";
const CONTENT_TIMEOUT_MS = 30_000;

/** What "the main content" is on each page, checked in the page itself (see mainContentWatcher). */
type Content = { kind: "article" } | { kind: "h1"; text: string } | { kind: "time" };

interface Target {
  name: string;
  path: string;
  content: Content;
  definition: string;
}

function targets(seleneId: string): Target[] {
  return [
    { name: "/", path: "/", content: { kind: "article" }, definition: "first reader card (article) of the featured section" },
    { name: "/psychics", path: "/psychics", content: { kind: "article" }, definition: "first reader card (article)" },
    { name: "profile", path: `/psychics/${seleneId}`, content: { kind: "h1", text: "Selene" }, definition: "h1 with the name (Selene)" },
    {
      name: "booking",
      path: `/psychics/${seleneId}/book?date=${mondayAhead(1)}&duration=30`,
      content: { kind: "time" },
      definition: "first free time button (HH:MM) of the day in the link",
    },
  ];
}

/**
 * Runs in the page before its own scripts: on every DOM change, checks whether the main content is there
 * and visible, and at the first frame after that stores performance.now() (milliseconds since navigation
 * start) in window.__mainContentAt.
 */
function mainContentWatcher(content: Content) {
  const target = window as unknown as { __mainContentAt?: number };
  const visible = (element: Element | null | undefined) => {
    if (!element) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };
  const present = () => {
    const main = document.querySelector("main");
    if (!main) return false;
    if (content.kind === "article") return visible(main.querySelector("article"));
    if (content.kind === "h1") return Array.from(main.querySelectorAll("h1")).some((h1) => h1.textContent?.includes(content.text) && visible(h1));
    return Array.from(main.querySelectorAll("button")).some((button) => /^\d{1,2}:\d{2}$/.test(button.textContent?.trim() ?? "") && visible(button));
  };
  let seen = false;
  const check = () => {
    if (seen || !present()) return;
    seen = true;
    observer.disconnect();
    requestAnimationFrame(() => (target.__mainContentAt = performance.now()));
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
}

interface Run {
  contentMs: number;
  domContentLoadedMs: number;
}

async function coldLoad(browser: Browser, app: LocalApp, target: Target): Promise<Run> {
  const context = await browser.newContext({ baseURL: app.url, viewport: { width: 1280, height: 800 }, locale: "it-IT", timezoneId: "Europe/Rome" });
  try {
    // tsx keeps function names with an `__name(fn, "name")` helper the page does not have: a stand-in first.
    await context.addInitScript({ content: "globalThis.__name ??= (fn) => fn;" });
    await context.addInitScript(mainContentWatcher, target.content);
    const page = await context.newPage();
    await page.goto(target.path, { waitUntil: "commit" });
    const handle = await page.waitForFunction(() => (window as unknown as { __mainContentAt?: number }).__mainContentAt, undefined, {
      timeout: CONTENT_TIMEOUT_MS,
      polling: 50,
    });
    const contentMs = (await handle.jsonValue()) as number;
    const domContentLoadedMs = await page.evaluate(
      () => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).domContentLoadedEventEnd,
    );
    return { contentMs, domContentLoadedMs };
  } finally {
    await context.close();
  }
}

const rows: Array<{ target: Target; runs: Run[]; median: number; idleBefore: number }> = [];
await withLocalAppAndBrowser(
  portBaseFromArgs(4350),
  async (app, browser) => {
    const list = targets(await app.psychicId("Selene"));
    // One load of each page first, unmeasured: the server side warm (the built files read, the queries run once),
    // as a running site's is; each measured load is still cold in the browser.
    for (const target of list) await coldLoad(browser, app, target);
    for (const target of list) {
      const quiet = await waitForQuiet(0.7, 20_000);
      const runs: Run[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await coldLoad(browser, app, target));
      rows.push({ target, runs, median: median(runs.map((run) => run.contentMs)), idleBefore: quiet.idle });
      console.log(`  ${target.name}: ${runs.map((run) => formatMs(run.contentMs)).join(", ")} (CPU ${Math.round(quiet.idle * 100)}% idle before)`);
    }
  },
  2,
);

const header = [
  "Page",
  "Main content",
  ...Array.from({ length: RUNS }, (_, i) => `Run ${i + 1}`),
  "Median",
  "DOMContentLoaded (median)",
  "Target",
  "",
];
const table = [
  header,
  ...rows.map(({ target, runs, median: m }) => [
    target.name,
    target.definition,
    ...runs.map((run) => formatMs(run.contentMs)),
    formatMs(m),
    formatMs(median(runs.map((run) => run.domContentLoadedMs))),
    `≤ ${formatMs(TARGET_MS)}`,
    m <= TARGET_MS ? "ok" : "MISSED",
  ]),
];
const widths = header.map((_, column) => Math.max(...table.map((row) => row[column].length)));
const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column])).join(" | ")} |`;
console.log([line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...table.slice(1).map(line)].join("\n"));

const missed = rows.filter((row) => row.median > TARGET_MS);
mkdirSync(RESULTS, { recursive: true });
const report = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, platform: os.platform(), loadavg: os.loadavg() },
  targetMs: TARGET_MS,
  pages: rows.map(({ target, runs, median: m, idleBefore }) => ({
    page: target.name,
    mainContent: target.definition,
    runsMs: runs.map((run) => Math.round(run.contentMs)),
    medianMs: Math.round(m),
    domContentLoadedMs: runs.map((run) => Math.round(run.domContentLoadedMs)),
    cpuIdleBefore: idleBefore,
    ok: m <= TARGET_MS,
  })),
};
writeFileSync(join(RESULTS, "pages-latest.json"), JSON.stringify(report, null, 2) + "\n");
console.log(
  missed.length === 0 ? `bench:pages: every median within ${formatMs(TARGET_MS)}` : `bench:pages: ${missed.length} over ${formatMs(TARGET_MS)}`,
);
process.exit(missed.length === 0 ? 0 : 1);
