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

test("the call room waiting for the other, and the leave dialog", async ({ page }) => {
  const bookingId = (await runInternal("seed:callNow", { minutes: 15 })) as string;
  await page.goto(`/call/${bookingId}`);
  await expect(page.getByTestId("room-line")).toHaveText("Nessuno è ancora nella chiamata");
  await expectAccessible(page, "call page, nobody in yet");
  await page.getByRole("button", { name: "Prepara audio" }).click();
  await expect(page.getByRole("progressbar", { name: /Microfono pronto/ })).toBeVisible();
  await page.getByRole("button", { name: "Entra nella chiamata" }).click();
  await expect(page.getByTestId("room-line")).toHaveText("In attesa di Selene");
  await expectAccessible(page, "call page waiting for the other");
  await page.getByRole("button", { name: "Esci" }).click();
  await expect(page.getByRole("alertdialog", { name: "Uscire dalla chiamata?" })).toBeVisible();
  await expectAccessible(page, "the leave dialog");
  await page.getByRole("button", { name: "Esci" }).click();
  await expect(page.getByTestId("room-line")).toHaveText("Hai lasciato la chiamata");
  await expectAccessible(page, "call page after leaving");
});

test("the call room after the end", async ({ page }) => {
  const over = (await runInternal("seed:callNow", { minutes: 15, startsInMinutes: -5, endsInSeconds: -90 })) as string;
  await page.goto(`/call/${over}`);
  await expect(page.getByTestId("room-line")).toHaveText("Consulto terminato");
  await expectAccessible(page, "call page after the end");
});
