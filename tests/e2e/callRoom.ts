// The consultation room's steps shared by the call journeys (call.spec.ts, callLoop*.spec.ts, call.blip.exclusive.spec.ts).
import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import { personPage, sessionState, signUpThroughApi } from "./api";
import { runInternal } from "./env";
import { expect, sessionFile } from "./fixtures";

/** Prepares the audio (the level meter appears) and enters the call; `again` after leaving it is one tap, no check. */
export async function enterCall(page: Page, { again = false } = {}) {
  if (again) {
    await expect(page.getByRole("button", { name: "Prepara audio" })).toHaveCount(0);
    await page.getByRole("button", { name: "Rientra nella chiamata" }).click();
    return;
  }
  await page.getByRole("button", { name: "Prepara audio" }).click();
  await expect(page.getByRole("progressbar", { name: /Microfono pronto/ })).toBeVisible();
  await page.getByRole("button", { name: "Entra nella chiamata" }).click();
}

/** Opens the room, titled after the other person, and enters the call. */
export async function openAndEnter(page: Page, bookingId: string, otherName: string) {
  await page.goto(`/call/${bookingId}`);
  await expect(page.getByRole("heading", { name: `Consulto con ${otherName}`, level: 1 })).toBeVisible();
  await enterCall(page);
}

/**
 * A 15-minute consultation open now between a new client of this test (named `namePrefix` and a unique
 * suffix, so the names on screen and the booking are nobody else's) and the demo psychic Selene, with a
 * page for each, the microphone allowed; their console errors land in `errors`.
 */
export async function callWithNewClient(browser: Browser, namePrefix: string, clientOptions: BrowserContextOptions = {}) {
  const name = `${namePrefix} ${Date.now().toString(36)}`;
  const account = await signUpThroughApi(name);
  const bookingId = (await runInternal("seed:callNow", { minutes: 15, clientEmail: account.email })) as string;
  const errors: string[] = [];
  const microphone = { permissions: ["microphone"] };
  const client = await personPage(browser, sessionState(account.session), errors, { ...microphone, ...clientOptions });
  const psychic = await personPage(browser, sessionFile("psychic"), errors, microphone);
  return { name, bookingId, client, psychic, errors };
}
