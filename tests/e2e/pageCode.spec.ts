// A page's code that the network holds or drops, in the built app: the visitor is told in Italian and
// can try again, and the page comes once its code does. Both states pass axe-core here, the one place
// they can be reached.
import type { Route } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";

const contactCode = "**/assets/ContactPage-*.js";

/** Drops the failed-resource lines the browser logs for requests this test broke on purpose. */
function forgetProvoked(consoleErrors: string[]) {
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !text.startsWith("Failed to load resource")));
}

test("a page whose code is held says so after a while, and appears once its code arrives", async ({ page }) => {
  const held: Route[] = [];
  await page.route(contactCode, (route) => void held.push(route));
  await page.goto("/contact");
  await expect(page.getByLabel("Caricamento")).toBeVisible();
  // The placeholder waits SLOW_PAGE_MS (10 s) before it speaks: this assertion's own budget covers it.
  await expect(page.getByRole("status")).toContainText("La pagina sta impiegando più del previsto a caricarsi.", { timeout: 15_000 });
  await expect(page.getByRole("button", { name: "Riprova" })).toBeVisible();
  await expectAccessible(page, "a page taking long to load");

  // The code arrives at last: the page replaces the placeholder without a reload.
  for (const route of held) await route.continue();
  await page.unroute(contactCode);
  await expect(page.getByRole("form", { name: "Modulo di contatto" })).toBeVisible();
});

test("a page whose code fails shows the Italian error page, and 'Riprova' brings the page", async ({ page, consoleErrors }) => {
  await page.route(contactCode, (route) => route.abort("connectionfailed"));
  await page.goto("/contact");
  // A failed file reloads the page once by itself (a new release may have replaced it); failing again, it says so.
  await expect(page.getByRole("heading", { level: 1, name: "Impossibile caricare la pagina" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("link", { name: "Torna alla home" })).toHaveAttribute("href", "/");
  await expectAccessible(page, "the page-failed error page");

  await page.unroute(contactCode);
  await page.getByRole("button", { name: "Riprova" }).click();
  await expect(page.getByRole("form", { name: "Modulo di contatto" })).toBeVisible();
  forgetProvoked(consoleErrors);
});
