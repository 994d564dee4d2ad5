// Every page of the route table, as the person who may see it, and the dialogs people open, pass
// axe-core's WCAG 2 A/AA rules with no serious or critical violation.
import { expect, expectAccessible, signInAs, test } from "./fixtures";

const publicPages = [
  "/",
  "/about",
  "/contact",
  "/psychics",
  "/psychics/nessuno",
  "/login",
  "/register",
  "/register?type=psychic",
  "/reset-password",
  "/admin-login",
  "/how-it-works",
  "/terms",
  "/privacy",
  "/client-faq",
  "/psychic-faq",
  "/payment-canceled",
  "/non-esiste",
];

for (const path of publicPages) {
  test(`${path} is accessible to a visitor`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectAccessible(page, path);
  });
}

test("a reader's profile and booking page are accessible to a visitor", async ({ page }) => {
  await page.goto("/psychics");
  await page.getByRole("link", { name: /Profilo/ }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectAccessible(page, "reader profile");
  for (const tab of ["Recensioni", "Disponibilità"]) {
    await page.getByRole("tab", { name: tab }).click();
    await expectAccessible(page, `reader profile, ${tab}`);
  }
  await page.goto(page.url().replace(/\/?$/, "/book"));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectAccessible(page, "booking page");
});

test("the site search dialog is accessible when open", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: /Cerca/ }).first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectAccessible(page, "site search dialog");
});

test("a client's pages are accessible: dashboard, settings with the deletion dialog, booking", async ({ page }) => {
  await signInAs(page, "client");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectAccessible(page, "/dashboard");
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectAccessible(page, "/settings");
  await page.getByRole("button", { name: /Elimina account/ }).click();
  await expect(page.getByRole("alertdialog").or(page.getByRole("dialog"))).toBeVisible();
  await expectAccessible(page, "/settings, deletion dialog");
  await page.keyboard.press("Escape");
  await page.goto("/psychics");
  await page.getByRole("link", { name: /Prenota/ }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectAccessible(page, "booking page, signed in");
});

test("a reader's pages are accessible: dashboard, profile editor, settings", async ({ page }) => {
  await signInAs(page, "reader");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectAccessible(page, "/psychic-dashboard");
  for (const path of ["/psychic/profile", "/psychic/settings"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectAccessible(page, path);
  }
});

test("the admin's pages are accessible", async ({ page }) => {
  await signInAs(page, "admin");
  for (const path of ["/admin-dashboard", "/admin/messages"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectAccessible(page, path);
  }
});
