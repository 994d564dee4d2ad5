// Signs each demo role in once, through the auth API the sign-in forms call, and saves the browser
// state every other test starts from (test.use({ storageState: sessionFile(role) })). The forms
// themselves are proven in accounts.spec.ts and guards.spec.ts.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { test as setup, expect } from "@playwright/test";
import { personPage, sessionState, signInThroughApi } from "./api";
import { type DemoRole, sessionFile } from "./env";
import { DEMO_PASSWORD, demo } from "./fixtures";

const home: Record<DemoRole, string> = { client: "/dashboard", psychic: "/psychic-dashboard", admin: "/admin-dashboard" };

for (const role of ["client", "psychic", "admin"] as const) {
  setup(`the demo ${role} is signed in once`, async ({ browser }) => {
    const state = sessionState(await signInThroughApi(demo[role], DEMO_PASSWORD, { admin: role === "admin" }));
    // The saved state opens the role's own home signed in: a guard would send a visitor to sign in.
    const page = await personPage(browser, state);
    await page.goto(home[role]);
    await expect(page.getByRole("banner").getByText(/^Ciao, /)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${home[role]}$`));
    await page.context().close();
    mkdirSync(dirname(sessionFile(role)), { recursive: true });
    writeFileSync(sessionFile(role), JSON.stringify(state));
  });
}
