import { expect, test } from "./fixtures";

test("at 360 px a signed-in psychic's menu has the greeting, their dashboard and Esci, and no client links", async ({ page }) => {
  await page.goto("/login");
  const form = page.getByRole("form", { name: "Accedi" });
  await form.getByLabel("Email").fill("cartomante@esempio.it");
  await form.getByLabel("Password").fill("arcano-demo");
  await form.getByRole("button", { name: "Accedi" }).click();
  await expect(page).toHaveURL(/\/psychic-dashboard$/);
  await page.getByRole("button", { name: "Apri il menu" }).click();
  const menu = page.getByRole("navigation", { name: "Menu mobile" });
  await expect(menu.getByText(/^Ciao, /)).toBeVisible();
  await expect(menu.getByRole("link", { name: "Dashboard Cartomante" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Cartomanti" })).toHaveCount(0);
  await menu.getByRole("button", { name: "Esci" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("toast").filter({ hasText: "Disconnesso" })).toBeVisible();
});

for (const path of ["/login", "/register", "/reset-password", "/admin-login"]) {
  test(`${path} fits 360 px without horizontal scrolling`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("main").getByRole("form").first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
