// Page states that exist only on a phone (360 px) pass axe-core (see accessibility.spec.ts).
import { listedPsychic, mondayAhead } from "./api";
import { expect, expectAccessible, sessionFile, test } from "./fixtures";
import { tickCheckoutConsent } from "./checkoutConsent";

test("at 360 px the open menu", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Apri il menu" }).click();
  await expect(page.getByRole("navigation", { name: "Menu mobile" })).toBeVisible();
  await expectAccessible(page, "the mobile menu");
});

test("at 360 px the home page with its figures and the psychics as compact rows", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("group", { name: "Arcano in numeri" })).toBeVisible();
  await expect(page.getByRole("region", { name: "I cartomanti più apprezzati" }).getByRole("article").first()).toBeVisible();
  await expectAccessible(page, "the home page at 360 px");
});

test("at 360 px the psychic list as compact rows", async ({ page }) => {
  await page.goto("/psychics");
  await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
  await expectAccessible(page, "the psychic list at 360 px");
});

test.describe("the demo client", () => {
  test.use({ storageState: sessionFile("client") });

  test("at 360 px the booking page with a time chosen: the week strip and the pay bar", async ({ page }) => {
    // Read only: a Monday no other test books (booking.mobile.spec.ts only holds the next one's 10:00).
    await page.goto(`/psychics/${(await listedPsychic("Selene")).id}/book?date=${mondayAhead(12)}&time=10:00&duration=30`);
    await expect(page.getByRole("button", { name: "10:00", exact: true })).toHaveAttribute("aria-pressed", "true");
    await tickCheckoutConsent(page);
    await expect(page.getByRole("region", { name: "Prezzo e pagamento" }).getByRole("button", { name: "Paga e prenota" })).toBeEnabled();
    await expectAccessible(page, "the booking page at 360 px");
  });
});

test.describe("the demo psychic", () => {
  test.use({ storageState: sessionFile("psychic") });

  test("at 360 px the dashboard's figures scroll sideways and take keyboard focus", async ({ page }) => {
    await page.goto("/psychic-dashboard");
    const figures = page.getByRole("region", { name: "Andamento mensile" });
    await expect(figures.getByRole("table", { name: /ultimi 6 mesi/ }).getByRole("row")).toHaveCount(7);
    await expect(figures.locator(".rt-ScrollAreaViewport")).toHaveAttribute("tabindex", "0");
    await expectAccessible(page, "the psychic dashboard at 360 px");
  });
});

test.describe("the demo admin", () => {
  test.use({ storageState: sessionFile("admin") });

  test("at 360 px the inbox with its filter menu", async ({ page }) => {
    await page.goto("/admin/messages");
    await expect(page.getByRole("combobox", { name: "Filtra per stato" })).toContainText(/Tutti \(\d+\)/);
    await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
    await expectAccessible(page, "the inbox at 360 px");
  });
});
