// `npm run screenshots`: starts the whole app on a fresh data folder (scripts/lib/localApp.ts), signs the demo
// roles in, and saves docs/screenshots/<page>-<width>.png at 1280×800 (the whole page) and 360×740 (the screen
// a phone shows). Each shot waits for its page's content and for every spinner and placeholder to go; motion is
// reduced and animations are stopped. Everything it started is stopped at the end, on failure too.
// Offline: `unshare -n sh -c 'ip link set lo up && exec npm run screenshots'`. `--port-base N` (default 4340)
// picks the five ports N…N+4.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Locator, Page } from "@playwright/test";
import { launchChromium, mondayAhead, portBaseFromArgs, startLocalApp, type DemoRole, type LocalApp, type StorageState } from "./lib/localApp";

const OUT_DIR = "docs/screenshots";
const CONTENT_TIMEOUT_MS = 20_000;

const viewports = [
  // The desktop shots show the whole page: the sections below the fold are what a psychic of the docs wants to see.
  { width: 1280, height: 800, fullPage: true, hasTouch: false },
  // The phone shots show the first screen, as a person sees it on opening the page.
  { width: 360, height: 740, fullPage: false, hasTouch: true },
] as const;

interface Shot {
  name: string;
  as?: DemoRole;
  path: string;
  /** The page's own content, visible once it has loaded. */
  content: (page: Page) => Locator;
  /** What to do once the content is there (choose a time, say). */
  then?: (page: Page) => Promise<void>;
  /** On a phone, what the screen shows, in its middle, instead of the top of the page. */
  phoneShows?: (page: Page) => Locator;
}

function shots(callId: string): Shot[] {
  const bookingDay = mondayAhead(1);
  return [
    { name: "home", path: "/", content: (page) => page.getByRole("main").getByRole("article").first() },
    { name: "psychics", path: "/psychics", content: (page) => page.getByRole("main").getByRole("article").first() },
    { name: "profile", path: "/psychics/selene", content: (page) => page.getByRole("heading", { level: 1, name: "Selene" }) },
    {
      name: "booking",
      as: "client",
      path: `/psychics/selene/book?date=${bookingDay}&duration=30`,
      content: (page) => page.getByRole("button", { name: "10:30", exact: true }),
      then: async (page) => {
        const time = page.getByRole("button", { name: "10:30", exact: true });
        await time.click();
        await time.and(page.locator('[aria-pressed="true"]')).waitFor({ timeout: CONTENT_TIMEOUT_MS });
      },
      phoneShows: (page) => page.getByRole("button", { name: "10:30", exact: true }),
    },
    { name: "call", as: "client", path: `/call/${callId}`, content: (page) => page.getByRole("heading", { level: 1, name: /Selene/ }) },
    { name: "dashboard-client", as: "client", path: "/dashboard", content: (page) => page.getByRole("heading", { level: 1 }) },
    { name: "dashboard-psychic", as: "psychic", path: "/psychic-dashboard", content: (page) => page.getByRole("heading", { level: 1 }) },
    { name: "dashboard-admin", as: "admin", path: "/admin-dashboard", content: (page) => page.getByRole("heading", { level: 1 }) },
  ];
}

/** Spinners, skeletons and regions marked busy: a shot waits until none is left on the page. */
const LOADING = '.rt-Spinner, .rt-Skeleton, [aria-busy="true"]';

async function waitForContent(page: Page, shot: Shot, phone: boolean) {
  await shot.content(page).waitFor({ state: "visible", timeout: CONTENT_TIMEOUT_MS });
  await shot.then?.(page);
  try {
    await page.waitForFunction((selector) => document.querySelectorAll(selector).length === 0, LOADING, { timeout: CONTENT_TIMEOUT_MS });
  } catch {
    console.warn(`  ${shot.name}: qualcosa è ancora in caricamento dopo ${CONTENT_TIMEOUT_MS / 1000} s; foto scattata lo stesso`);
  }
  // Web fonts and images (the psychics' portraits) finished, then one quiet frame.
  await page.evaluate(async () => {
    await document.fonts.ready;
    const pending = Array.from(document.images)
      .filter((image) => !image.complete)
      .map(
        (image) =>
          new Promise((done) => {
            image.addEventListener("load", done, { once: true });
            image.addEventListener("error", done, { once: true });
          }),
      );
    // Lazy images below the fold may never start: a bound, not a hang.
    await Promise.race([Promise.all(pending), new Promise((done) => setTimeout(done, 3000))]);
  });
  // A click may have scrolled the page: the shot starts at the top, with the header where it belongs.
  await page.evaluate(() => window.scrollTo(0, 0));
  const shows = phone ? shot.phoneShows?.(page) : undefined;
  if (shows) await shows.evaluate((element) => element.scrollIntoView({ block: "center" }));
  await page.waitForTimeout(300);
}

async function takeAll(browser: Browser, app: LocalApp) {
  // A confirmed booking of the demo client with Selene, open now: the room waits for the other party.
  const callId = (await app.runInternal("seed:callNow", { minutes: 60 })) as string;
  const states = new Map<DemoRole, StorageState>();
  for (const role of ["client", "psychic", "admin"] as const) states.set(role, await app.signedIn(role));
  mkdirSync(OUT_DIR, { recursive: true });

  for (const viewport of viewports) {
    for (const shot of shots(callId)) {
      const context = await browser.newContext({
        baseURL: app.url,
        viewport: { width: viewport.width, height: viewport.height },
        hasTouch: viewport.hasTouch,
        deviceScaleFactor: 1,
        locale: "it-IT",
        timezoneId: "Europe/Rome",
        reducedMotion: "reduce",
        storageState: shot.as ? states.get(shot.as) : undefined,
      });
      try {
        const page = await context.newPage();
        await page.goto(shot.path);
        await waitForContent(page, shot, !viewport.fullPage);
        const file = join(OUT_DIR, `${shot.name}-${viewport.width}.png`);
        await page.screenshot({ path: file, fullPage: viewport.fullPage, animations: "disabled", caret: "hide" });
        console.log(`  ${file}`);
      } finally {
        await context.close();
      }
    }
  }
}

const app = await startLocalApp({ portBase: portBaseFromArgs(4340) });
let failed = false;
try {
  const browser = await launchChromium();
  try {
    await takeAll(browser, app);
  } finally {
    await browser.close();
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await app.stop();
}
console.log(failed ? "screenshots: non riuscito" : `screenshots: fatto, in ${OUT_DIR}/`);
process.exit(failed ? 1 : 0);
