import { expect, test } from "./fixtures";

test("at 360 px the menu is collapsed, opens, navigates and closes", async ({ page }) => {
  await page.goto("/");
  const toggle = page.getByRole("button", { name: "Apri il menu" });
  await expect(toggle).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Navigazione principale" })).toBeHidden();
  await toggle.click();
  const menu = page.getByRole("navigation", { name: "Menu mobile" });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("link", { name: "Accedi" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Registrati" })).toBeVisible();
  await menu.getByRole("link", { name: "Come Funziona" }).click();
  await expect(page).toHaveURL(/\/how-it-works$/);
  await expect(page.getByRole("heading", { level: 1, name: "Come funziona" })).toBeVisible();
  await expect(menu).toBeHidden();
});

for (const path of ["/", "/about", "/how-it-works", "/terms", "/privacy", "/client-faq", "/psychic-faq", "/nope"]) {
  test(`${path} fits 360 px without horizontal scrolling`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
