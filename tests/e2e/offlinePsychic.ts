// The psychic and client of the offline journeys (offline.spec.ts, offline.exclusive.spec.ts): a fresh published
// psychic, their two pages, the changes made while the connection is down, and the proof each landed once.
import type { Browser, Page } from "@playwright/test";
import { api } from "@convex/_generated/api";
import { defaultAvailability } from "@convex/model/profileRules";
import { connectionWords } from "@/lib/browser/connection";
import { acceptConductThroughApi, backendAs, personPage, sessionState, signUpThroughApi, type NewAccount } from "./api";
import { CUT_COOKIE, writesOf } from "./backendLog";
import { expect } from "./fixtures";

/** A published psychic, fresh for this test, with `availability` (by default Monday 09:00–12:00 and 14:00–17:00). */
export async function newPsychic(name: string, availability = defaultAvailability()): Promise<{ psychic: NewAccount; profileId: string }> {
  const psychic = await signUpThroughApi(name, "psychic");
  const backend = backendAs(psychic.session);
  const profileId = await backend.mutation(api.psychicProfiles.ensureMine, {});
  await acceptConductThroughApi(psychic.session);
  await backend.mutation(api.psychicProfiles.publishMine, {
    psychicName: name,
    bio: "Leggo i tarocchi con calma, per le domande di cuore e di lavoro.",
    specialties: ["Tarocchi"],
    // Not a topic the search journeys look for: these psychics are listed while those tests run.
    specializations: ["Decisioni Importanti"],
    yearsExperience: 4,
    availableDurations: [30],
    pricesCents: { "30": 3000 },
    availability,
  });
  return { psychic, profileId };
}

/** Console errors other than the browser's own lines about the socket that could not connect. */
export function unexpected(errors: string[]): string[] {
  return errors.filter((text) => !/WebSocket connection to .* failed|ERR_CONNECTION_REFUSED|Failed to load resource/.test(text));
}

export const banner = (page: Page) => page.getByTestId("connection-banner");

/** The psychic's two pages, open before the drop: the switches and the profile editor with its week. */
export async function openPsychicPages(browser: Browser, psychic: NewAccount, errors: string[], cutTag?: string) {
  const settings = await personPage(browser, sessionState(psychic.session), errors);
  // The backend's test-only cut can be scoped to this browser's sockets by a cookie (backendLog.armBackendFault).
  if (cutTag) await settings.context().addCookies([{ name: CUT_COOKIE, value: cutTag, domain: "127.0.0.1", path: "/" }]);
  await settings.goto("/psychic/settings");
  await expect(settings.getByRole("main").getByRole("switch", { name: "Disponibile per consulti" })).toBeChecked();
  const editor = await settings.context().newPage();
  editor.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await editor.goto("/psychic/profile");
  await expect(editor.getByRole("group", { name: "Disponibilità di Martedì" })).toContainText("Chiuso");
  return { settings, editor };
}

/** Offline: the switch goes off and Tuesday opens 09:00–10:00; each control says it waits for the connection. */
export async function changeWhileOffline(settings: Page, editor: Page) {
  const available = settings.getByRole("main").getByRole("switch", { name: "Disponibile per consulti" });
  await available.click();
  await expect(available).not.toBeChecked();
  await expect(settings.getByTestId("pending-write").first()).toHaveText(connectionWords.waiting);

  const tuesday = editor.getByRole("group", { name: "Disponibilità di Martedì" });
  await tuesday.getByRole("checkbox").click();
  await tuesday.getByRole("button", { name: "Aggiungi una fascia oraria a Martedì" }).click();
  await editor.getByRole("button", { name: /^Salva (le modifiche|e pubblica)$/ }).click();
  await expect(editor.getByTestId("pending-write")).toHaveText(connectionWords.waiting);
}

/** Back online: both writes acknowledged, the marks gone, the banner says so and then clears. */
export async function expectLanded(settings: Page, editor: Page) {
  await expect(banner(settings)).toContainText(connectionWords.backOnline, { timeout: 60_000 });
  await expect(settings.getByTestId("pending-write").first()).toBeEmpty({ timeout: 15_000 });
  // Each page's client reconnects on its own backoff (up to 16 s ± half), so the editor may come back well after.
  await expect(editor.getByTestId("pending-write")).toBeEmpty({ timeout: 60_000 });
  await expect(banner(settings)).toBeEmpty({ timeout: 10_000 });
  await expect(banner(editor)).toBeEmpty();
}

/** The server's profile has both changes, each written by exactly one commit since `since`. */
export async function expectWrittenOnce(psychic: NewAccount, profileId: string, since: bigint) {
  const profile = await backendAs(psychic.session).query(api.psychicProfiles.getMine, {});
  expect(profile?.isAvailable).toBe(false);
  expect(profile?.availability.tuesday.enabled).toBe(true);
  const versions = writesOf(profileId, since);
  const switchedOff = versions.filter((doc, i) => doc.isAvailable === false && (i === 0 || versions[i - 1].isAvailable !== false));
  const tuesdayOpened = versions.filter((doc) => (doc.availability as { tuesday: { enabled: boolean } }).tuesday.enabled);
  // Each queued write is one commit: a second run of either would add a version.
  expect(versions, JSON.stringify(versions.map((doc) => ({ isAvailable: doc.isAvailable })))).toHaveLength(2);
  expect(switchedOff).toHaveLength(1);
  expect(tuesdayOpened.length).toBeGreaterThanOrEqual(1);
}
