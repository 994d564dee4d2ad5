// The admin's switches change what everyone sees and what the server allows, live. These tests run
// alone after every other project (playwright.config.ts, "exclusive"): a switch is platform-wide,
// so flipping it while other tests sign up or book would break them.
import type { Browser, Page } from "@playwright/test";
import { personPage } from "./api";
import { expect, expectRefusals, sessionFile, test } from "./fixtures";

async function adminSettings(browser: Browser): Promise<Page> {
  const page = await personPage(browser, sessionFile("admin"));
  await page.goto("/admin-dashboard?tab=impostazioni");
  return page;
}

async function flip(admin: Page, name: string, on: boolean) {
  const toggle = admin.getByRole("switch", { name });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", String(on));
}

test("psychic registration off: /register?type=psychic says so, live, and Cartomante cannot be chosen", async ({ page, browser }) => {
  const admin = await adminSettings(browser);
  await page.goto("/register?type=psychic");
  await expect(page.getByRole("radio", { name: /Cartomante/ })).toBeEnabled();

  await flip(admin, "Registrazione cartomanti", false);
  await expect(page.getByText("Le registrazioni per cartomanti sono attualmente disabilitate. Riprova più tardi.")).toBeVisible();
  await expect(page.getByRole("radio", { name: /Cartomante/ })).toBeDisabled();
  await expect(page.getByRole("radio", { name: /Cliente/ })).toBeChecked();

  await flip(admin, "Registrazione cartomanti", true);
  await expect(page.getByText("Le registrazioni per cartomanti sono attualmente disabilitate")).toHaveCount(0);
  await admin.context().close();
});

test("booking off: the booking page says bookings are suspended; back on, it offers times again", async ({ page, browser }) => {
  const admin = await adminSettings(browser);
  await page.goto("/psychics");
  await page.getByRole("article", { name: "Selene" }).getByRole("link", { name: "Prenota" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  await flip(admin, "Prenotazioni", false);
  await expect(page.getByText("Le prenotazioni sono momentaneamente sospese. Riprova più tardi.")).toBeVisible();
  await flip(admin, "Prenotazioni", true);
  await expect(page.getByText("Le prenotazioni sono momentaneamente sospese.")).toHaveCount(0);
  await admin.context().close();
});

test.describe("the demo client", () => {
  test.use({ storageState: sessionFile("client") });

  test("maintenance mode: a banner for everyone, live; a client's change is refused; the admin still works", async ({
    page,
    browser,
    consoleErrors,
  }) => {
    const admin = await adminSettings(browser);
    await page.goto("/settings");
    await expect(page.getByTestId("maintenance-banner")).toHaveCount(0);

    await flip(admin, "Modalità manutenzione", true);
    await expect(page.getByTestId("maintenance-banner")).toContainText("La piattaforma è in manutenzione.");
    await expect(admin.getByTestId("maintenance-banner")).toContainText("Come amministratore puoi continuare a lavorare.");

    // The server refuses the client's write with the clear message (the name goes back).
    await page.getByLabel("Nome e cognome").fill("Cliente in manutenzione");
    await page.getByRole("button", { name: "Salva", exact: true }).click();
    await expect(page.getByTestId("toast").filter({ hasText: "La piattaforma è in manutenzione." })).toBeVisible();
    expectRefusals(consoleErrors, ["MAINTENANCE_MODE"]);

    // The admin's own switch still works during maintenance.
    await flip(admin, "Modalità manutenzione", false);
    await expect(page.getByTestId("maintenance-banner")).toHaveCount(0);
    await admin.context().close();
  });
});
