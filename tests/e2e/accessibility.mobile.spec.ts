// Page states that exist only on a phone (360 px) pass axe-core (see accessibility.spec.ts).
import { expect, expectAccessible, sessionFile, test } from "./fixtures";

test("at 360 px the open menu", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Apri il menu" }).click();
  await expect(page.getByRole("navigation", { name: "Menu mobile" })).toBeVisible();
  await expectAccessible(page, "the mobile menu");
});

test("at 360 px the home page with its figures and the readers as compact rows", async ({ page }) => {
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
