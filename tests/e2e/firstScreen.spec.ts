// The first screen before the JavaScript: the open pages arrive with their content in the HTML (rendered by the
// server from the public answers it fetches, src/app/server.tsx), so a slow phone paints them before the app's
// code has run; the app then takes that markup over as it is (hydration): the same elements stay, nothing is
// redrawn, no content turns back into a loading placeholder, and the page passes axe-core before and after.
import type { Browser, Page, Route } from "@playwright/test";
import { listedPsychic } from "./api";
import { expect, expectAccessible, takenOver, test } from "./fixtures";

/** Each open page and what its first screen shows: its h1, and where the page's data is its subject, that too. */
const firstScreens: Array<{ path: string; heading: string | RegExp; content?: (page: Page) => ReturnType<Page["locator"]> }> = [
  {
    path: "/",
    heading: "Il consulto di cartomanzia, quando vuoi tu",
    content: (page) => page.getByRole("region", { name: "I cartomanti più apprezzati" }).getByRole("article").first(),
  },
  { path: "/psychics", heading: "I nostri cartomanti", content: (page) => page.getByRole("main").getByRole("article").first() },
  { path: "/psychics/selene", heading: "Selene", content: (page) => page.getByRole("main").getByText("Leggo i Tarocchi", { exact: false }).first() },
  { path: "/login", heading: "Accedi ad Arcano" },
  { path: "/about", heading: "Chi siamo" },
  { path: "/how-it-works", heading: "Come funziona" },
  { path: "/come-funzionano-recensioni", heading: "Come funzionano recensioni e classifica" },
  { path: "/terms", heading: "Termini di servizio" },
  { path: "/privacy", heading: "Informativa sulla privacy" },
  { path: "/client-faq", heading: "Domande frequenti dei clienti" },
  { path: "/psychic-faq", heading: "Domande frequenti dei cartomanti" },
  { path: "/contact", heading: "Contattaci" },
];

/** A visitor's browser with JavaScript off: what it shows is the server's HTML, before any script could run. */
async function withoutScripts(browser: Browser) {
  return browser.newContext({ javaScriptEnabled: false, locale: "it-IT", timezoneId: "Europe/Rome" });
}

test("each open page's first screen is in its HTML: with JavaScript off, its heading and content show", async ({ browser }) => {
  test.setTimeout(60_000);
  const context = await withoutScripts(browser);
  try {
    const page = await context.newPage();
    for (const { path, heading, content } of firstScreens) {
      await page.goto(path);
      await expect(page.getByRole("main").getByRole("heading", { level: 1, name: heading }), path).toBeVisible();
      if (content) await expect(content(page), path).toBeVisible();
      // The header and footer too: the whole page, not a fragment.
      await expect(page.getByRole("banner").getByRole("link", { name: "Arcano, vai alla home" }), path).toBeVisible();
      await expect(page.getByRole("contentinfo"), path).toContainText("Tutti i diritti riservati");
    }
  } finally {
    await context.close();
  }
});

test("/faq and a profile opened by its id are sent on by the server itself, before any page is drawn", async ({ request }) => {
  const faq = await request.get("/faq", { maxRedirects: 0 });
  expect(faq.status()).toBe(302);
  expect(faq.headers().location).toBe("/client-faq");
  const selene = await listedPsychic("Selene");
  const byId = await request.get(`/psychics/${selene.id}?tab=recensioni`, { maxRedirects: 0 });
  expect(byId.status()).toBe(302);
  expect(byId.headers().location).toBe("/psychics/selene?tab=recensioni");
});

test("the server's pages pass axe-core as they arrive, before the app's code", async ({ browser }) => {
  test.setTimeout(60_000);
  // The app's code held back for good (axe-core itself needs JavaScript on): the page stays the server's HTML.
  const context = await browser.newContext({ locale: "it-IT", timezoneId: "Europe/Rome" });
  await context.route("**/assets/*.js", () => undefined);
  try {
    const page = await context.newPage();
    for (const path of ["/", "/psychics", "/psychics/selene", "/login"]) {
      await page.goto(path, { waitUntil: "commit" });
      await expect(page.getByRole("contentinfo")).toContainText("Tutti i diritti riservati");
      expect(await page.evaluate(takenOver), path).toBe(false);
      await expectAccessible(page, `${path} before its code`);
    }
  } finally {
    await context.close();
  }
});

/** Before the page's own scripts: remembers the first screen's elements and any loading placeholder added later. */
function watchTheFirstScreen() {
  const watch = window as unknown as { __firstScreen?: Element[]; __placeholdersAdded?: string[] };
  watch.__placeholdersAdded = [];
  document.addEventListener("DOMContentLoaded", () => {
    const main = document.querySelector("main");
    watch.__firstScreen = main ? [main, ...main.querySelectorAll("h1, h2, article, p")] : [];
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes)
          if (node instanceof Element && (node.matches('[aria-busy="true"], .rt-Skeleton') || node.querySelector('[aria-busy="true"], .rt-Skeleton')))
            watch.__placeholdersAdded!.push(node.outerHTML.slice(0, 120));
    }).observe(document.getElementById("root")!, { childList: true, subtree: true });
  });
}

for (const { path } of firstScreens.slice(0, 4)) {
  test(`${path}: the app takes the server's markup over as it is, with no placeholder coming back`, async ({ page }) => {
    await page.addInitScript(watchTheFirstScreen);
    // `goto` waits for the take-over (fixtures.ts); the answers come live meanwhile.
    await page.goto(path);
    expect(await page.evaluate(takenOver)).toBe(true);
    await page.waitForTimeout(500);
    const { lost, total, placeholders } = await page.evaluate(() => {
      const watch = window as unknown as { __firstScreen: Element[]; __placeholdersAdded: string[] };
      // Other tests publish and change psychics meanwhile: a card whose psychic the live answer no longer lists
      // first was rightly taken away, not redrawn (a redrawn card is there again as a new element).
      const shownNow = new Set([...document.querySelectorAll("main article")].map((article) => article.getAttribute("aria-label")));
      const takenAway = (element: Element) => {
        const card = element.closest("article");
        return card !== null && !card.isConnected && !shownNow.has(card.getAttribute("aria-label"));
      };
      const stillAsked = watch.__firstScreen.filter((element) => !takenAway(element));
      return {
        lost: stillAsked.filter((element) => !element.isConnected).map((element) => element.outerHTML.slice(0, 160)),
        total: stillAsked.length,
        placeholders: watch.__placeholdersAdded,
      };
    });
    // Every element of the first screen is still the one the server sent (a redrawn page has new ones).
    expect(total).toBeGreaterThan(2);
    expect(lost).toEqual([]);
    expect(placeholders).toEqual([]);
    await expectAccessible(page, `${path} taken over`);
  });
}

test("a server page whose code is held shows its content meanwhile, and is the app once the code arrives, where it was scrolled", async ({
  page,
}) => {
  const held: Route[] = [];
  await page.route("**/assets/ContactPage-*.js", (route) => void held.push(route));
  await page.goto("/contact", { waitUntil: "commit" });
  await expect(page.getByRole("heading", { level: 1, name: "Contattaci" })).toBeVisible();
  await page.waitForTimeout(1_000);
  expect(await page.evaluate(takenOver)).toBe(false);
  // Read on while the code is on its way: the take-over leaves the page where it is.
  await page.mouse.wheel(0, 300);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  const scrolled = await page.evaluate(() => window.scrollY);

  for (const route of held) await route.continue();
  await page.unroute("**/assets/ContactPage-*.js");
  await page.waitForFunction(takenOver);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  // The form is the app's now: what is typed stays and is checked.
  const email = page.getByRole("textbox", { name: /email/i });
  await email.fill("visitatore@esempio.it");
  await expect(email).toHaveValue("visitatore@esempio.it");
});
