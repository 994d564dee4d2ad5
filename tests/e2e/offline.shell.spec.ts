// The app shell without a connection: after one visit online, the service worker (vite.config.ts, Workbox)
// serves index.html and the built code for every address, so the app draws its own pages offline, not the
// browser's error page; the web app manifest is linked, Italian, and its icons load.
import type { Page } from "@playwright/test";
import { listedPsychic } from "./api";
import { expect, expectAccessible, test } from "./fixtures";

// The shared settings block service workers (playwright.config.ts); these tests are about one.
test.use({ serviceWorkers: "allow" });

/** Offline, the browser reports the Convex socket's failed attempts; they are what this spec provokes. */
function dropConnectionErrors(consoleErrors: string[]) {
  const expected = (text: string) => /^WebSocket connection to .* failed: .*net::ERR_INTERNET_DISCONNECTED$/.test(text);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !expected(text)));
}

/** Waits until the page is controlled by the app shell's worker, which has by then precached the whole build. */
async function waitForAppShell(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener("controllerchange", () => resolve(), { once: true }));
  });
}

// Before the fixture checks the console, also when an assertion failed.
test.afterEach(({ consoleErrors }) => dropConnectionErrors(consoleErrors));

const header = (page: Page) => page.getByRole("banner").getByRole("link", { name: "Arcano, vai alla home" });

test("after one visit, every route opens offline with the app's own page; the manifest is Italian and its icons load", async ({ page, context }) => {
  // Six pages, each scanned by axe, behind a service worker's first precache: slower than one journey.
  test.slow();
  const selene = await listedPsychic("Selene");
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Il consulto di cartomanzia, quando vuoi tu" })).toBeVisible();
  await waitForAppShell(page);

  await context.setOffline(true);
  await page.reload();
  await expect(header(page)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Il consulto di cartomanzia, quando vuoi tu" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
  await expectAccessible(page, "home offline");

  const pages: Array<[path: string, shows: (page: Page) => ReturnType<Page["getByRole"]>]> = [
    ["/psychics", (p) => p.getByRole("heading", { level: 1, name: "I nostri cartomanti" })],
    ["/login", (p) => p.getByRole("heading", { level: 1, name: "Accedi ad Arcano" })],
    ["/contact", (p) => p.getByRole("heading", { level: 1, name: "Contattaci" })],
    // A deep address: the profile's data needs the backend, so the page waits in its loading state.
    [`/psychics/${selene.id}`, (p) => p.getByLabel("Caricamento")],
  ];
  for (const [path, shows] of pages) {
    const answer = await page.goto(path);
    expect(answer?.fromServiceWorker(), path).toBe(true);
    await expect(header(page), path).toBeVisible();
    await expect(shows(page), path).toBeVisible();
    await expectAccessible(page, `${path} offline`);
  }

  // The manifest, read as the browser installs it: linked, Italian, its icons served (from the worker's cache).
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/icons/apple-touch-icon.png");
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#2b1a4a");
  const manifest = await page.evaluate(async (address) => {
    const answer = await fetch(address);
    const body = (await answer.json()) as {
      name: string;
      short_name: string;
      lang: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      description: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
    };
    const icons = await Promise.all(
      body.icons.map(async (icon) => {
        const image = await (await fetch(icon.src)).blob();
        const bitmap = await createImageBitmap(image);
        return { ...icon, contentType: image.type, drawn: `${bitmap.width}x${bitmap.height}` };
      }),
    );
    return { ...body, icons };
  }, href!);
  expect(manifest).toMatchObject({
    name: "Arcano — consulti di cartomanzia",
    short_name: "Arcano",
    lang: "it",
    start_url: "/",
    display: "standalone",
    theme_color: "#2b1a4a",
    background_color: "#2b1a4a",
  });
  expect(manifest.description).toMatch(/cartomanzia/);
  expect(manifest.icons.map((icon) => [icon.sizes, icon.purpose ?? "any"])).toEqual([
    ["192x192", "any"],
    ["512x512", "any"],
    ["512x512", "maskable"],
  ]);
  for (const icon of manifest.icons) {
    expect(icon.contentType, icon.src).toBe("image/png");
    expect(icon.drawn, icon.src).toBe(icon.sizes);
  }
});
