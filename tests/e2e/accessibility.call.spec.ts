// The call room's states pass axe-core (see accessibility.spec.ts): in a file of their own because the
// room needs Chromium's fake microphone, a browser option set per file.
import { runInternal } from "./env";
import { callLaunchOptions, expect, expectAccessible, sessionFile, test } from "./fixtures";

test.use({ storageState: sessionFile("client"), launchOptions: callLaunchOptions, permissions: ["microphone"] });

test("the call room before the window opens", async ({ page }) => {
  const later = (await runInternal("seed:callNow", { minutes: 30, startsInMinutes: 20 })) as string;
  await page.goto(`/call/${later}`);
  await expect(page.getByRole("timer", { name: "Tempo all'apertura della stanza" })).toBeVisible();
  await expectAccessible(page, "call page before the window");
});

test("the call room connected", async ({ page }) => {
  const bookingId = (await runInternal("seed:callNow", { minutes: 15 })) as string;
  await page.goto(`/call/${bookingId}`);
  await page.getByRole("button", { name: "Prepara audio" }).click();
  await expect(page.getByRole("progressbar", { name: /Microfono pronto/ })).toBeVisible();
  await page.getByRole("button", { name: "Entra nella conferenza" }).click();
  await expect(page.getByRole("status").filter({ hasText: "In chiamata" })).toBeVisible();
  await expectAccessible(page, "call page in a call");
});
