// Losing the connection for real: the backend drops its sync sockets and refuses new ones for 30 s, or is
// killed with `kill -9` and started again. A reader's switch and weekly hours saved meanwhile wait,
// marked, and land exactly once when the socket is back (read from the backend's own log); a client's
// payment and cancellation are disabled with their reason. Exclusive: every page of the run loses the
// backend meanwhile, so these run alone, after all the others.
import type { Page } from "@playwright/test";
import { api } from "@convex/_generated/api";
import { defaultAvailability } from "@convex/model/profileRules";
import { connectionWords, NEEDS_CONNECTION } from "@/lib/connection";
import { backendAs, bookAndPayThroughApi, mondayAhead, personPage, sessionState, signUpThroughApi, type NewAccount } from "./api";
import { armBackendFault, backendProcesses, lastCommitTs, writesOf } from "./backendLog";
import { expect, expectAccessible, test } from "./fixtures";

// 30 s without the backend, then the Convex client's reconnection backoff.
test.describe.configure({ timeout: 150_000 });

/** A published reader with the default week (Monday 09:00–12:00 and 14:00–17:00), fresh for this test. */
async function newReader(name: string): Promise<{ reader: NewAccount; profileId: string }> {
  const reader = await signUpThroughApi(name, "psychic");
  const backend = backendAs(reader.session);
  const profileId = await backend.mutation(api.psychicProfiles.ensureMine, {});
  await backend.mutation(api.psychicProfiles.publishMine, {
    psychicName: name,
    bio: "Leggo i tarocchi con calma, per le domande di cuore e di lavoro.",
    specialties: ["Tarocchi"],
    specializations: ["Amore e Relazioni"],
    yearsExperience: 4,
    availableDurations: [30],
    pricing: { "30": 30 },
    availability: defaultAvailability(),
  });
  return { reader, profileId };
}

/** Console errors other than the browser's own lines about the socket that could not connect. */
function unexpected(errors: string[]): string[] {
  return errors.filter((text) => !/WebSocket connection to .* failed|ERR_CONNECTION_REFUSED|Failed to load resource/.test(text));
}

const banner = (page: Page) => page.getByTestId("connection-banner");

/** The reader's two pages, open before the drop: the switches and the profile editor with its week. */
async function openReaderPages(browser: Parameters<typeof personPage>[0], reader: NewAccount, errors: string[]) {
  const settings = await personPage(browser, sessionState(reader.session), errors);
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
async function changeWhileOffline(settings: Page, editor: Page) {
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
async function expectLanded(settings: Page, editor: Page) {
  await expect(banner(settings)).toContainText(connectionWords.backOnline, { timeout: 60_000 });
  await expect(settings.getByTestId("pending-write").first()).toBeEmpty({ timeout: 15_000 });
  await expect(editor.getByTestId("pending-write")).toBeEmpty({ timeout: 15_000 });
  await expect(banner(settings)).toBeEmpty({ timeout: 10_000 });
  await expect(banner(editor)).toBeEmpty();
}

/** The server's profile has both changes, each written by exactly one commit since `since`. */
async function expectWrittenOnce(reader: NewAccount, profileId: string, since: bigint) {
  const profile = await backendAs(reader.session).query(api.psychicProfiles.getMine, {});
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

test("the backend drops every socket for 30 s: the reader's changes wait, marked, and land once when it is back", async ({ browser }) => {
  const errors: string[] = [];
  const { reader, profileId } = await newReader(`Nives ${Date.now().toString(36).slice(-5)}`);
  const { settings, editor } = await openReaderPages(browser, reader, errors);
  const since = await lastCommitTs();

  const cutAt = Date.now();
  await armBackendFault({ refuseSyncMs: 30_000 });
  await expect(banner(settings)).toHaveText(connectionWords.offline, { timeout: 3_000 });
  await expect(banner(editor)).toHaveText(connectionWords.offline, { timeout: 3_000 });
  expect(Date.now() - cutAt).toBeLessThan(3_000);

  await changeWhileOffline(settings, editor);
  await expectAccessible(settings, "the settings offline, a switch waiting");
  await expectAccessible(editor, "the profile editor offline, a save waiting");
  // Nothing reached the server while the sockets were refused (its HTTP API still answers).
  expect((await backendAs(reader.session).query(api.psychicProfiles.getMine, {}))?.isAvailable).toBe(true);

  await expectLanded(settings, editor);
  expect(Date.now() - cutAt).toBeGreaterThanOrEqual(30_000);
  await expectWrittenOnce(reader, profileId, since);
  expect(unexpected(errors)).toEqual([]);
});

test("the backend killed with kill -9 and started again: queued changes land once; paying and cancelling wait, disabled", async ({ browser }) => {
  const errors: string[] = [];
  const suffix = Date.now().toString(36).slice(-5);
  const { reader, profileId } = await newReader(`Oriana ${suffix}`);
  const { settings, editor } = await openReaderPages(browser, reader, errors);

  // A client with a paid consultation with another reader (this one goes unavailable), on the dashboard and on
  // that reader's booking page with a time chosen.
  const other = await newReader(`Selvaggia ${suffix}`);
  const client = await signUpThroughApi(`Cliente Offline ${suffix}`);
  await bookAndPayThroughApi(client.session, { psychic: `Selvaggia ${suffix}`, date: mondayAhead(3), time: "10:00" });
  const dashboard = await personPage(browser, sessionState(client.session), errors);
  await dashboard.goto("/dashboard");
  const cancel = dashboard.getByRole("button", { name: new RegExp(`Annulla il consulto con Selvaggia ${suffix}`) });
  await expect(cancel).toBeEnabled();
  const booking = await dashboard.context().newPage();
  await booking.goto(`/psychics/${other.profileId}/book?duration=30&date=${mondayAhead(3)}&time=11:00`);
  const pay = booking.getByRole("button", { name: "Paga e prenota" });
  await expect(pay).toBeEnabled();

  const since = await lastCommitTs();
  // `npm start` starts a killed backend again at once; holding it (SIGSTOP) keeps the backend down while the
  // changes are made, and SIGCONT lets it see the death and restart the backend on its log.
  const { backend, supervisor } = backendProcesses();
  process.kill(supervisor, "SIGSTOP");
  try {
    process.kill(backend, "SIGKILL");
    for (const page of [settings, editor, dashboard, booking]) await expect(banner(page)).toHaveText(connectionWords.offline, { timeout: 3_000 });

    await expect(cancel).toBeDisabled();
    await expect(cancel).toHaveAccessibleDescription(NEEDS_CONNECTION);
    await expect(pay).toBeDisabled();
    await expect(pay).toHaveAccessibleDescription(NEEDS_CONNECTION);
    await expectAccessible(dashboard, "the client's dashboard offline");
    await changeWhileOffline(settings, editor);
  } finally {
    process.kill(supervisor, "SIGCONT");
  }

  await expectLanded(settings, editor);
  await expectWrittenOnce(reader, profileId, since);
  await expect(cancel).toBeEnabled();
  await expect(pay).toBeEnabled();
  expect(unexpected(errors)).toEqual([]);
});
