import type { Page } from "@playwright/test";
import { expect, sessionFile, test } from "./fixtures";

// The router's guards as a person meets them: typing an address they may not open.
const DEMO_PASSWORD = "arcano-demo";

async function signIn(page: Page, email: string, password: string) {
  const form = page.getByRole("form", { name: "Accedi" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Accedi" }).click();
}

test("a visitor typing /dashboard signs in first and is then taken to the dashboard", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Accedi ad Arcano" })).toBeVisible();
  await signIn(page, "cliente@esempio.it", DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("banner").getByText(/^Ciao, /)).toBeVisible();
});

test.describe("the demo client", () => {
  test.use({ storageState: sessionFile("client") });

  test("a signed-in client typing an admin or a psychic page is sent away", async ({ page }) => {
    await page.goto("/admin-dashboard");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Il consulto di cartomanzia, quando vuoi tu" })).toBeVisible();

    await page.goto("/psychic-dashboard");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/psychic/settings");
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
