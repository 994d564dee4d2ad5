// The signed-in pages at 360 px: each fits the screen without horizontal scrolling once its data is in,
// for the client, the psychic and the admin (every tab of the panel and the inbox).
import type { Locator, Page } from "@playwright/test";
import { expect, openMoveOfFirstBooking, sessionFile, test } from "./fixtures";
import { PHONE } from "./widths";

test.describe("on a 360 px phone", () => {
  test.use(PHONE);

  /** Opens `path`, waits for what shows its data, and checks nothing sticks out sideways. */
  async function expectFits(page: Page, path: string, loaded: (page: Page) => Locator) {
    await page.goto(path);
    await expect(loaded(page).first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0);
  }

  test.describe("the demo client", () => {
    test.use({ storageState: sessionFile("client") });

    test("at 360 px the client's dashboard, settings and the contact form fit", async ({ page }) => {
      await expectFits(page, "/dashboard", (p) => p.getByRole("list", { name: "Tutti i consulti" }).getByRole("listitem"));
      await expectFits(page, "/settings", (p) => p.getByRole("main").getByRole("button", { name: /Elimina account/ }));
      await expectFits(page, "/contact", (p) => p.getByRole("main").getByRole("button", { name: "Invia messaggio" }));

      // The booking page, moving the demo client's upcoming consultation: the week strip, times and summary.
      await openMoveOfFirstBooking(page);
      await expectFits(page, page.url().replace(/^https?:\/\/[^/]+/, ""), (p) => p.getByRole("button", { name: "Settimana successiva" }));
    });
  });

  /** Every box of `locator` lies inside the 360 px screen, left and right. */
  async function expectInsideScreen(locator: Locator) {
    const width = locator.page().viewportSize()!.width;
    for (const box of await locator.evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(width);
    }
  }

  test.describe("the demo client, a dialog", () => {
    test.use({ storageState: sessionFile("client") });

    test("at 360 px the cancel dialog's buttons stay on screen, and the menu button is a 44 px target", async ({ page }) => {
      await page.goto("/dashboard");
      const menu = page.getByRole("button", { name: "Apri il menu" });
      const target = (await menu.boundingBox())!;
      expect(Math.min(target.width, target.height)).toBeGreaterThanOrEqual(44);

      await page.getByRole("button", { name: /^Annulla il consulto con / }).first().click();
      const dialog = page.getByRole("alertdialog", { name: "Annullare il consulto?" });
      await expect(dialog.getByRole("button", { name: "Mantieni il consulto" })).toBeVisible();
      await expectInsideScreen(dialog.getByRole("button"));
      await dialog.getByRole("button", { name: "Mantieni il consulto" }).click();
      await expect(dialog).toBeHidden();
    });
  });

  test.describe("the demo psychic", () => {
    test.use({ storageState: sessionFile("psychic") });

    test("at 360 px the psychic's dashboard with its figures and chart fits", async ({ page }) => {
      await expectFits(page, "/psychic-dashboard", (p) => p.getByRole("table", { name: /Consulti, ore, guadagni netti/ }).getByRole("row"));
      await expectFits(page, "/psychic/settings", (p) => p.getByRole("main").getByRole("switch"));
    });
  });

  test.describe("the demo admin", () => {
    test.use({ storageState: sessionFile("admin") });

    test("at 360 px every tab of the admin panel and the inbox fit", async ({ page }) => {
      // Eight page loads, each waiting for its data: more than the default 30 s on a busy machine.
      test.setTimeout(60_000);
      const tabs: Array<[string, (page: Page) => Locator]> = [
        ["panoramica", (p) => p.getByRole("region", { name: "Ricavi" }).getByText("€")],
        // Newest first, a page at a time: the demo accounts are off the first page once the tests have signed up more.
        ["utenti", (p) => p.getByRole("table", { name: "Utenti" }).getByText(/@esempio\.it$/)],
        ["cartomanti", (p) => p.getByRole("table").getByText(/@esempio\.it$/)],
        ["clienti", (p) => p.getByRole("table", { name: "Clienti" }).getByText(/@esempio\.it$/)],
        ["prenotazioni", (p) => p.getByRole("table", { name: "Ultime prenotazioni" }).getByRole("row")],
        ["messaggi", (p) => p.getByText(/su \d+\.|in tutto/)],
        ["impostazioni", (p) => p.getByRole("switch", { name: "Prenotazioni" })],
      ];
      for (const [tab, loaded] of tabs) await expectFits(page, `/admin-dashboard?tab=${tab}`, loaded);
      await expectFits(page, "/admin/messages", (p) => p.getByRole("main").getByRole("link", { name: /Rispondi via email/ }));
    });

    test("at 360 px the inbox's filter is a menu that filters the messages", async ({ page }) => {
      await page.goto("/admin/messages");
      const filter = page.getByRole("combobox", { name: "Filtra per stato" });
      await expect(filter).toContainText(/Tutti \(\d+\)/);
      await filter.click();
      await page.getByRole("option", { name: /Risposti/ }).click();
      await expect(filter).toContainText("Risposti");
      const cards = page.getByRole("main").getByRole("article");
      await expect(cards.first()).toBeVisible();
      await expect(cards.filter({ hasText: "Non letto" })).toHaveCount(0);
    });
  });
});
