// The consultation room end to end, offline provider: the demo client and the demo psychic of a
// booking made open now with seed:callNow talk browser to browser (Chromium's fake microphone),
// see each other live, mute, and are cut off by the end of the paid window; anyone else is refused.
import type { Page } from "@playwright/test";
import { personPage } from "./api";
import { runInternal } from "./env";
import { callLaunchOptions, expect, sessionFile, test } from "./fixtures";

test.use({ launchOptions: callLaunchOptions, permissions: ["microphone"] });

/** Prepares the audio (the level meter appears) and enters the conference. */
async function enterCall(page: Page, bookingId: string) {
  await page.goto(`/call/${bookingId}`);
  await expect(page.getByRole("heading", { name: "Conferenza Audio", level: 1 })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Pronto per iniziare" })).toBeVisible();
  await page.getByRole("button", { name: "Prepara audio" }).click();
  await expect(page.getByRole("progressbar", { name: /Microfono pronto/ })).toBeVisible();
  await page.getByRole("button", { name: "Entra nella conferenza" }).click();
}

/** The audio bytes received so far, as the diagnostics dialog shows them. */
async function inboundBytes(page: Page): Promise<number> {
  return Number(await page.getByTestId("inbound-bytes").textContent());
}

/** The audio energy received so far; it stops growing while the other side is muted. */
async function inboundEnergy(page: Page): Promise<number> {
  return Number(await page.getByTestId("inbound-energy").textContent());
}

test("client and psychic talk in the room until the window ends by itself", async ({ browser }) => {
  // Two browsers exchanging real audio, with waits for bytes and silence to arrive: more than 30 s.
  test.setTimeout(90_000);
  const bookingId = (await runInternal("seed:callNow", { minutes: 15 })) as string;
  const errors: string[] = [];
  const microphone = { permissions: ["microphone"] };
  const client = await personPage(browser, sessionFile("client"), errors, microphone);
  const psychic = await personPage(browser, sessionFile("psychic"), errors, microphone);

  await enterCall(client, bookingId);
  await expect(client.getByRole("heading", { name: "Selene", level: 2 })).toBeVisible();
  await enterCall(psychic, bookingId);
  await expect(psychic.getByRole("heading", { name: "Cliente", level: 2 })).toBeVisible();

  for (const side of [client, psychic]) {
    await expect(side.getByRole("status").filter({ hasText: "In chiamata" })).toBeVisible();
    await expect(side.getByTestId("participants")).toHaveText("2");
  }

  // Audio flows both ways: the bytes received grow on each side.
  for (const side of [client, psychic]) {
    await side.getByRole("button", { name: "Diagnostica" }).click();
    await expect.poll(() => inboundBytes(side), { timeout: 20_000 }).toBeGreaterThan(0);
    const first = await inboundBytes(side);
    await expect.poll(() => inboundBytes(side), { timeout: 10_000 }).toBeGreaterThan(first);
    await side.getByRole("button", { name: "Chiudi" }).click();
  }

  // The timer runs while connected.
  await expect(client.getByLabel("Durata della chiamata")).not.toHaveText("00:00");

  // Mute and unmute: while the client is muted the psychic receives silence (no audio energy).
  await psychic.getByRole("button", { name: "Diagnostica" }).click();
  await client.getByRole("button", { name: "Disattiva microfono" }).click();
  await expect(client.getByRole("button", { name: "Riattiva microfono" })).toHaveAttribute("aria-pressed", "true");
  await psychic.waitForTimeout(3_000);
  const mutedFrom = await inboundEnergy(psychic);
  await psychic.waitForTimeout(4_000);
  expect(await inboundEnergy(psychic)).toBeCloseTo(mutedFrom, 4);
  await client.getByRole("button", { name: "Riattiva microfono" }).click();
  await expect(client.getByRole("button", { name: "Disattiva microfono" })).toHaveAttribute("aria-pressed", "false");
  await expect.poll(() => inboundEnergy(psychic), { timeout: 10_000 }).toBeGreaterThan(mutedFrom + 0.0001);
  await psychic.getByRole("button", { name: "Chiudi" }).click();

  // The window closes (brought to 5 s from now rather than waited out): both are cut off, told so, and sent home.
  await runInternal("demoScenes:endCallIn", { bookingId, inSeconds: 5 });
  for (const side of [client, psychic]) {
    await expect(side.getByText("Chiamata terminata")).toBeVisible({ timeout: 15_000 });
  }
  await expect(client).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  await expect(psychic).toHaveURL(/\/psychic-dashboard$/, { timeout: 10_000 });

  // Afterwards the room refuses entry.
  await client.goto(`/call/${bookingId}`);
  await expect(client.getByText(/Il consulto non è più disponibile/)).toBeVisible();
  await client.context().close();
  await psychic.context().close();
  expect(errors, "console errors in the room").toEqual([]);
});

test("someone who is not a party is refused and sent home", async ({ browser }) => {
  const bookingId = (await runInternal("seed:callNow", { minutes: 30 })) as string;
  // Its own page: the refusal is a caught error the page logs, which the console check would flag.
  const admin = await personPage(browser, sessionFile("admin"));
  await admin.goto(`/call/${bookingId}`);
  await expect(admin.getByText("Non hai accesso a questo consulto")).toBeVisible();
  await expect(admin).toHaveURL(/\/admin-dashboard$/, { timeout: 10_000 });
  await admin.context().close();
});

test.describe("the demo client", () => {
  test.use({ storageState: sessionFile("client") });

  test("before the room opens a countdown shows; a refused microphone is explained in Italian", async ({ page }) => {
    const later = (await runInternal("seed:callNow", { minutes: 30, startsInMinutes: 20 })) as string;
    const now = (await runInternal("seed:callNow", { minutes: 30 })) as string;
    // The browser refuses the microphone, as when a person clicks "Blocca".
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
    });

    await page.goto(`/call/${later}`);
    await expect(page.getByRole("timer", { name: "Tempo all'apertura della stanza" })).toContainText(/Apertura tra 1[45] min/);
    await expect(page.getByRole("button", { name: "Prepara audio" })).toHaveCount(0);

    await page.goto(`/call/${now}`);
    await page.getByRole("button", { name: "Prepara audio" }).click();
    await expect(page.getByRole("alert")).toContainText("Accesso al microfono negato");
    await expect(page.getByRole("button", { name: "Entra nella conferenza" })).toHaveCount(0);
  });
});
