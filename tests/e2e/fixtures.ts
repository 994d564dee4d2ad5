import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Browser, type BrowserContext, type Page, type Response } from "@playwright/test";
import { chromium } from "./env";
export { sessionFile } from "./env";

/** True once the app has taken over the markup the server rendered (src/app/main.tsx), or when there was none. */
export const takenOver = () => document.querySelector("#root[data-server-rendered]") === null;

const TAKE_OVER_TIMEOUT_MS = 15_000;
const waiting = new WeakSet<Page>();

/**
 * A page the server rendered (src/app/server.tsx) shows its content before the app's code has taken it over, and a
 * click or a keystroke landing before then would be lost: each `goto` and `reload` waits for the take-over too, as a
 * person waits for the page. With `waitUntil: "commit"` a test watches the page arrive itself, and nothing waits.
 */
function waitForTakeOverOnLoad(page: Page) {
  if (waiting.has(page)) return;
  waiting.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const settled = async (response: Response | null, waitUntil?: string) => {
    if (waitUntil !== "commit") await page.waitForFunction(takenOver, undefined, { timeout: TAKE_OVER_TIMEOUT_MS });
    return response;
  };
  Object.assign(page, {
    goto: async (url: string, options?: Parameters<Page["goto"]>[1]) => settled(await goto(url, options), options?.waitUntil),
    reload: async (options?: Parameters<Page["reload"]>[0]) => settled(await reload(options), options?.waitUntil),
  });
}

function waitForTakeOverInContext(context: BrowserContext) {
  context.pages().forEach(waitForTakeOverOnLoad);
  context.on("page", waitForTakeOverOnLoad);
}

/** Every context a test opens (the test's own and any other person's) waits for the take-over on its pages. */
function waitForTakeOverInBrowser(browser: Browser) {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    // Without JavaScript (the server's HTML on its own) nothing takes the page over.
    if (options?.javaScriptEnabled !== false) waitForTakeOverInContext(context);
    return context;
  };
}

/**
 * Every page test fails on a console error or an uncaught exception in the page,
 * so a broken render cannot hide behind a passing assertion.
 */
export const test = base.extend<{ consoleErrors: string[] }, { takeOver: void }>({
  takeOver: [
    async ({ browser }, use) => {
      waitForTakeOverInBrowser(browser);
      await use();
    },
    { scope: "worker", auto: true },
  ],
  context: async ({ context }, use) => {
    waitForTakeOverInContext(context);
    await use(context);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * The Convex client logs every refused call as a console error; the ones a test provokes on
 * purpose (a wrong password, a taken email) are taken off the list, any other error still fails.
 */
export function expectRefusals(consoleErrors: string[], codes: string[]) {
  const provoked = (text: string) => codes.some((code) => text.includes(`Uncaught ConvexError: {"code":"${code}"`));
  for (const code of codes)
    expect(
      consoleErrors.some((text) => text.includes(`"code":"${code}"`)),
      code,
    ).toBe(true);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !provoked(text)));
}

// The axe-core that @axe-core/playwright itself loads.
const fromAxeBuilder = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"));
const axeSource = readFileSync(fromAxeBuilder.resolve("axe-core/axe.min.js"), "utf8");

/**
 * The page as it is now (an open dialog included) has no serious or critical accessibility
 * violation by axe-core's WCAG 2 A/AA rules. The report names each rule and element that fails.
 * Each page state is scanned once: in the journey that reaches it, or in the accessibility specs.
 */
export async function expectAccessible(page: Page, what = page.url()) {
  // A toast or dialog fading in would be measured half-transparent: let finite animations end first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // axe-core goes into each document once: AxeBuilder evaluates its whole source (half a megabyte) twice per
  // scan, about a second of the browser's CPU, so it is given an empty source once axe is there. Legacy mode
  // runs axe in the page itself: the default opens a blank page per scan to merge the frames' results; the app
  // has no cross-origin frame.
  for (const frame of page.frames()) {
    if ((await frame.evaluate("typeof window.axe")) === "undefined") await frame.evaluate(axeSource);
  }
  const results = await new AxeBuilder({ page, axeSource: ";" })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .setLegacyMode()
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(serious, `accessibility violations on ${what}`).toEqual([]);
}

export const DEMO_PASSWORD = "arcano-demo";
export const demo = {
  client: "cliente@esempio.it",
  psychic: "cartomante@esempio.it",
  admin: "admin@arcano.it",
} as const;

/** Chromium for the call room: a fake microphone, allowed without a prompt, and audio between pages on loopback. */
export const callLaunchOptions = {
  ...chromium,
  args: [
    ...chromium.args,
    "--use-fake-ui-for-media-stream",
    "--use-fake-device-for-media-stream",
    "--allow-loopback-in-peer-connection",
    "--autoplay-policy=no-user-gesture-required",
  ],
};

/** From the signed-in client's dashboard, the booking page moving their first upcoming consultation. */
export async function openMoveOfFirstBooking(page: Page) {
  await page.goto("/dashboard");
  await page
    .getByRole("list", { name: "Prossimi consulti" })
    .getByRole("link", { name: /^Sposta il consulto/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Sposta il consulto" })).toBeVisible();
}
