// Page states behind a platform-wide switch pass axe-core (see accessibility.spec.ts). The switch is
// flipped through the admin's own function on the backend and put back, in the exclusive project that
// runs alone after the others.
import { backendAs, signInThroughApi } from "./api";
import { api } from "../../convex/_generated/api";
import { DEMO_PASSWORD, demo, expect, expectAccessible, test } from "./fixtures";

type Switch = "psychic_registration_enabled" | "maintenance_mode";

async function withSwitch(key: Switch, value: boolean, body: () => Promise<void>) {
  const admin = backendAs(await signInThroughApi(demo.admin, DEMO_PASSWORD, { admin: true }));
  await admin.mutation(api.admin.setSetting, { key, value });
  try {
    await body();
  } finally {
    await admin.mutation(api.admin.setSetting, { key, value: !value });
  }
}

test("the register page with psychic registration off", async ({ page }) => {
  await withSwitch("psychic_registration_enabled", false, async () => {
    await page.goto("/register?type=psychic");
    await expect(page.getByText("Le registrazioni per cartomanti sono attualmente disabilitate. Riprova più tardi.")).toBeVisible();
    await expectAccessible(page, "the register page with psychic registration off");
  });
});

test("a page with the maintenance banner", async ({ page }) => {
  await withSwitch("maintenance_mode", true, async () => {
    await page.goto("/about");
    await expect(page.getByTestId("maintenance-banner")).toContainText("La piattaforma è in manutenzione.");
    await expectAccessible(page, "a page with the maintenance banner");
  });
});
