// A page's code that the network holds or drops, in the built app: the visitor is told in Italian and
// can try again, and the page comes once its code does. The new states pass axe-core here, the one
// place they can be reached.
import type { Page, Route } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";

const contactCode = "**/assets/ContactPage-*.js";
const registerCode = "**/assets/RegisterPage-*.js";
const slowMessage = "La pagina sta impiegando più del previsto a caricarsi.";
// The placeholder waits SLOW_PAGE_MS (10 s, src/app/layout/PageLoading.tsx) before it speaks: the
// assertions on its message get that plus the default 7 s for the page itself on a loaded machine.
const slowBound = { timeout: 17_000 };

/** Drops the failed-resource lines the browser logs for requests this test broke on purpose. */
function forgetProvoked(consoleErrors: string[]) {
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !text.startsWith("Failed to load resource")));
}

/** Every full page load of the app from now on, by path: an automatic reload shows up here. */
function pageLoads(page: Page) {
  const loads: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") loads.push(new URL(request.url()).pathname);
  });
  return loads;
}

/** Holds every request for the contact page's code until the returned function lets them through. */
async function holdContactCode(page: Page) {
  const held: Route[] = [];
  await page.route(contactCode, (route) => void held.push(route));
  return async () => {
    for (const route of held) await route.continue();
    await page.unroute(contactCode);
  };
}

test("a page whose code is held says so after a while, and appears once its code arrives", async ({ page }) => {
  // A page the server does not render (the open pages come drawn: firstScreen.spec.ts).
  const held: Route[] = [];
  await page.route(registerCode, (route) => void held.push(route));
  await page.goto("/register");
  await expect(page.getByLabel("Caricamento")).toBeVisible();
  await expect(page.getByRole("status")).toContainText(slowMessage, slowBound);
  await expect(page.getByRole("button", { name: "Riprova" })).toBeVisible();
  await expectAccessible(page, "a page taking long to load");

  // The code arrives at last: the page replaces the placeholder without a reload.
  for (const route of held) await route.continue();
  await page.unroute(registerCode);
  await expect(page.getByRole("heading", { level: 1, name: "Crea il tuo account" })).toBeVisible();
});

test("a link to a page whose code is held keeps the page, shows a bar, then says so; the page comes with its code", async ({ page }) => {
  // It waits out the slow-page bound, then scans the page: past 30 s on a loaded machine (37 s seen in CI).
  test.setTimeout(60_000);
  await page.goto("/");
  const release = await holdContactCode(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "Contatti" }).click();
  await expect(page.getByRole("progressbar", { name: "Apertura della pagina in corso" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: slowMessage })).toBeVisible(slowBound);
  await expect(page.getByRole("button", { name: "Riprova" })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expectAccessible(page, "a link to a page taking long to load");

  await release();
  await expect(page.getByRole("form", { name: "Modulo di contatto" })).toBeVisible();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("progressbar")).toHaveCount(0);
});

test("a page whose code fails reloads once, then shows the Italian error page; 'Riprova' brings the page", async ({ page, consoleErrors }) => {
  const loads = pageLoads(page);
  await page.route(contactCode, (route) => route.abort("connectionfailed"));
  await page.goto("/contact");
  // A failed file reloads the page once by itself (a new release may have replaced it); failing again, it says so.
  await expect(page.getByRole("heading", { level: 1, name: "Impossibile caricare la pagina" })).toBeVisible();
  await expect(page.getByText("Controlla la connessione e riprova.", { exact: false })).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("link", { name: "Torna alla home" })).toHaveAttribute("href", "/");
  await expect(page.getByText("Unexpected Application Error")).toHaveCount(0);
  expect(loads).toEqual(["/contact", "/contact"]);
  await expectAccessible(page, "the page-failed error page");

  await page.unroute(contactCode);
  await page.getByRole("button", { name: "Riprova" }).click();
  await expect(page.getByRole("form", { name: "Modulo di contatto" })).toBeVisible();
  forgetProvoked(consoleErrors);
});

test("a link to a page whose code fails reloads once at that page, then shows the error page there", async ({ page, consoleErrors }) => {
  await page.goto("/");
  const loads = pageLoads(page);
  await page.route(contactCode, (route) => route.abort("connectionfailed"));
  await page.getByRole("contentinfo").getByRole("link", { name: "Contatti" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Impossibile caricare la pagina" })).toBeVisible();
  await expect(page).toHaveURL(/\/contact$/);
  // The one automatic reload went where the visitor was going, not back to the page they left.
  expect(loads).toEqual(["/contact"]);
  forgetProvoked(consoleErrors);
});
