// The consultation room end to end, offline provider: the client and the demo psychic of a booking
// made open now with seed:callNow talk browser to browser (Chromium's fake microphone), read one
// state line that is true on both sides through entering, leaving, coming back and the end, mute,
// and are cut off by the end of the paid window; anyone else is refused.
import type { Page } from "@playwright/test";
import { personPage } from "./api";
import { runInternal } from "./env";
import { callWithNewClient, enterCall, openAndEnter } from "./callRoom";
import { callLaunchOptions, expect, sessionFile, test } from "./fixtures";

test.use({ launchOptions: callLaunchOptions, permissions: ["microphone"] });

/** The room's one state line. */
const stateLine = (page: Page) => page.getByTestId("room-line");

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

  await openAndEnter(client, bookingId, "Selene");
  await openAndEnter(psychic, bookingId, "Giulia Bianchi");
  await expect(stateLine(client)).toHaveText("In chiamata con Selene");
  await expect(stateLine(psychic)).toHaveText("In chiamata con Giulia Bianchi");

  // Audio flows both ways: the bytes received grow on each side.
  for (const side of [client, psychic]) {
    await side.getByRole("button", { name: "Diagnostica" }).click();
    await expect.poll(() => inboundBytes(side), { timeout: 20_000 }).toBeGreaterThan(0);
    const first = await inboundBytes(side);
    await expect.poll(() => inboundBytes(side), { timeout: 10_000 }).toBeGreaterThan(first);
    await side.getByRole("button", { name: "Chiudi" }).click();
  }

  // The big timer counts down the time left in the paid window.
  const left = client.getByRole("timer", { name: "Tempo rimasto" });
  const first = await left.textContent();
  await expect(left).not.toHaveText(first ?? "");

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

  // The window closes (brought to 5 s from now rather than waited out): both are cut off and told so.
  await runInternal("demoScenes:endCallIn", { bookingId, inSeconds: 5 });
  for (const side of [client, psychic]) {
    await expect(stateLine(side)).toHaveText("Consulto terminato", { timeout: 15_000 });
    await expect(side.getByRole("button", { name: /Disattiva microfono|Esci/ })).toHaveCount(0);
  }

  // Afterwards the room says it is over, and nobody can enter.
  await client.goto(`/call/${bookingId}`);
  await expect(stateLine(client)).toHaveText("Consulto terminato");
  await expect(client.getByRole("button", { name: "Prepara audio" })).toHaveCount(0);
  await client.context().close();
  await psychic.context().close();
  expect(errors, "console errors in the room").toEqual([]);
});

test("one state line, true on both sides, through entering, leaving with a confirmation, coming back and the end", async ({ browser }) => {
  test.setTimeout(90_000);
  const { name, bookingId, client, psychic, errors } = await callWithNewClient(browser, "Dario Stato");

  await client.goto(`/call/${bookingId}`);
  await psychic.goto(`/call/${bookingId}`);
  await expect(client.getByRole("heading", { name: "Consulto con Selene", level: 1 })).toBeVisible();
  await expect(psychic.getByRole("heading", { name: `Consulto con ${name}`, level: 1 })).toBeVisible();
  // Both people on both screens; no site header or footer.
  for (const side of [client, psychic]) {
    const people = side.getByRole("list", { name: "Partecipanti al consulto" });
    await expect(people.getByRole("listitem")).toHaveText([/Selene.*Cartomante$/, new RegExp(`${name}.*Cliente$`)]);
    await expect(side.getByRole("contentinfo")).toHaveCount(0);
    await expect(stateLine(side)).toHaveText("Nessuno è ancora nella chiamata");
  }
  await expect(psychic.getByRole("region", { name: `Note di ${name}` })).toBeVisible();

  // The client alone in the call: waiting, and the psychic sees them waiting.
  await enterCall(client);
  await expect(stateLine(client)).toHaveText("In attesa di Selene");
  await expect(stateLine(psychic)).toHaveText(`${name} ti aspetta nella chiamata`);

  // Both in.
  await enterCall(psychic);
  await expect(stateLine(client)).toHaveText("In chiamata con Selene");
  await expect(stateLine(psychic)).toHaveText(`In chiamata con ${name}`);

  // 'Esci' asks first: 'Resta' keeps the call; 'Esci' leaves it, and the psychic sees it at once.
  await client.getByRole("button", { name: "Esci" }).click();
  const dialog = client.getByRole("alertdialog", { name: "Uscire dalla chiamata?" });
  await dialog.getByRole("button", { name: "Resta" }).click();
  await expect(dialog).toBeHidden();
  await expect(stateLine(client)).toHaveText("In chiamata con Selene");
  await client.getByRole("button", { name: "Esci" }).click();
  await dialog.getByRole("button", { name: "Esci" }).click();
  await expect(stateLine(client)).toHaveText("Selene ti aspetta nella chiamata");
  await expect(stateLine(psychic)).toHaveText(`${name} ha lasciato la chiamata`);

  // Back in.
  await enterCall(client, { again: true });
  await expect(stateLine(client)).toHaveText("In chiamata con Selene");
  await expect(stateLine(psychic)).toHaveText(`In chiamata con ${name}`);

  // The end: both read it; the client is offered a review of this consultation in place, the psychic its outcome.
  await runInternal("demoScenes:endCallIn", { bookingId, inSeconds: 3 });
  for (const side of [client, psychic]) await expect(stateLine(side)).toHaveText("Consulto terminato", { timeout: 15_000 });
  await expect(client.getByRole("region", { name: "Com'è andato il consulto con Selene?" })).toBeVisible({ timeout: 15_000 });
  await expect(psychic.getByRole("link", { name: "Segna esito" })).toBeVisible();
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
    await expect(page.getByRole("button", { name: "Entra nella chiamata" })).toHaveCount(0);
  });
});
