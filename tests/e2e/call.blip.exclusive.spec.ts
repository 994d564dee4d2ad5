// The call survives a blip (issue "Local-first"): both parties talk, the real network goes away for
// five seconds (the loopback every server and both browsers speak through is taken down, not a mock),
// and the audio comes back by itself, with no click, while the big timer keeps counting from the same
// start. Exclusive: cutting the network would hurt any test running beside it.
import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { callWithNewClient, openAndEnter } from "./callRoom";
import { callLaunchOptions, expect, expectAccessible, test } from "./fixtures";

test.use({ launchOptions: callLaunchOptions, permissions: ["microphone"] });

/** Only inside a network namespace of its own (scripts/test-all.mjs runs Playwright in `unshare -n`): loopback alone. */
function inPrivateNetwork(): boolean {
  try {
    const links = execFileSync("ip", ["-o", "link"], { encoding: "utf8" }).trim().split("\n");
    return links.length === 1 && /^\d+: lo:/.test(links[0]!);
  } catch {
    return false;
  }
}

const setLoopback = (state: "up" | "down") => execFileSync("ip", ["link", "set", "lo", state]);

/** Bytes and audio energy received so far, and the last events, read from 'Diagnostica' (opened and closed again). */
async function diagnostics(page: Page) {
  await page.getByRole("button", { name: "Diagnostica" }).click();
  const dialog = page.getByRole("dialog", { name: "Diagnostica della chiamata" });
  const bytes = Number(await dialog.getByTestId("inbound-bytes").textContent());
  const energy = Number(await dialog.getByTestId("inbound-energy").textContent());
  const events = await dialog.getByRole("list", { name: "Ultimi eventi" }).getByRole("listitem").allTextContents();
  await dialog.getByRole("button", { name: "Chiudi" }).click();
  await expect(dialog).toBeHidden();
  return { bytes, energy, events };
}

/** Audio arrives now: bytes and energy grow between two readings (a new connection counts from zero). */
async function audioFlows(page: Page) {
  const first = await diagnostics(page);
  await expect
    .poll(async () => {
      const now = await diagnostics(page);
      return now.bytes > first.bytes && now.energy > first.energy;
    })
    .toBe(true);
}

/** The big timer's seconds left ("14:32" → 872). */
async function secondsLeft(page: Page): Promise<number> {
  const text = (await page.getByRole("timer", { name: "Tempo rimasto" }).textContent()) ?? "";
  const [minutes, seconds] = text.split(":").map(Number);
  return minutes! * 60 + seconds!;
}

/** The longer cut: long enough for the room to say 'Riconnessione…'. */
const LONG_CUT_MS = 11_000;

/** Takes the network down for `ms`, calling `meanwhile` every 200 ms until it is back; returns when it came back. */
async function cutNetwork(ms: number, meanwhile: () => Promise<void>): Promise<number> {
  setLoopback("down");
  try {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      await meanwhile();
      await new Promise((done) => setTimeout(done, 200));
    }
  } finally {
    setLoopback("up");
  }
  return Date.now();
}

/** The bytes received as the open 'Diagnostica' of `page` shows them (refreshed every 2 s). */
const shownBytes = async (page: Page) => Number(await page.getByTestId("inbound-bytes").textContent());

/** Milliseconds from `since` until the open diagnostics of `page` show bytes arriving again (they refresh every 2 s), and that they keep coming. */
async function bytesResume(page: Page, since: number): Promise<number> {
  const frozen = await shownBytes(page);
  await expect.poll(() => shownBytes(page), { timeout: 30_000, intervals: [100] }).not.toBe(frozen);
  const resumed = Date.now() - since;
  const moved = await shownBytes(page);
  await expect.poll(() => shownBytes(page), { timeout: 10_000, intervals: [100] }).toBeGreaterThan(moved);
  return resumed;
}

test("network cuts during a call: the audio comes back by itself, 'Riconnessione…' meanwhile, and the timer keeps its start", async ({ browser }) => {
  test.skip(!inPrivateNetwork(), "cuts the network only inside a private network namespace (unshare -n), never the host's loopback");
  test.setTimeout(180_000);
  const { name, bookingId, client, psychic, errors } = await callWithNewClient(browser, "Bruno Blip");
  const line = (page: Page) => page.getByTestId("room-line");
  const inCall = async () => {
    await expect(line(client)).toHaveText("In chiamata con Selene");
    await expect(line(psychic)).toHaveText(`In chiamata con ${name}`);
  };

  await openAndEnter(client, bookingId, "Selene");
  await openAndEnter(psychic, bookingId, name);
  await inCall();
  for (const side of [client, psychic]) await expect.poll(async () => (await diagnostics(side)).bytes, { timeout: 20_000 }).toBeGreaterThan(0);
  for (const side of [client, psychic]) await audioFlows(side);

  // Every text the client's state line takes from here, with its time.
  await client.evaluate(() => {
    const element = document.querySelector('[data-testid="room-line"]')!;
    const seen: Array<[number, string]> = [];
    (window as unknown as { lineHistory: typeof seen }).lineHistory = seen;
    new MutationObserver(() => seen.push([Date.now(), element.textContent ?? ""])).observe(element, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  const lineHistory = async (since: number) =>
    (await client.evaluate(() => (window as unknown as { lineHistory: Array<[number, string]> }).lineHistory.splice(0))).map(
      ([at, text]) => `${at - since} ms ${text}`,
    );
  // The psychic watches the bytes arrive; the client's room stays in view.
  await psychic.getByRole("button", { name: "Diagnostica" }).click();
  const leftAtStart = await secondsLeft(client);
  const start = Date.now();
  /** The big timer shows the time left counted from the same start: what it showed less the time gone by. */
  const timerKeptItsStart = async () => {
    const elapsed = Math.round((Date.now() - start) / 1000);
    expect(Math.abs(leftAtStart - elapsed - (await secondsLeft(client)))).toBeLessThanOrEqual(2);
  };

  // A blip of five seconds: nothing reaches the backend, the app server or the other browser. No click
  // anywhere from here: the audio flows again on both sides by itself.
  const blipBack = await cutNetwork(5_000, async () => undefined);
  const blipMs = await bytesResume(psychic, blipBack);
  await audioFlows(client);
  await inCall();
  await timerKeptItsStart();
  const blipLines = await lineHistory(blipBack);

  // A longer cut: the line goes down ('disconnected'), the room says 'Riconnessione…' (and passes axe
  // meanwhile), and once the network is back the client's ICE restart brings the audio back.
  let reconnectingShown = false;
  // 'Riconnessione…' shows 5–7 s into a cut (the browser calls the line disconnected, then 2 s of grace).
  const longBack = await cutNetwork(LONG_CUT_MS, async () => {
    if (reconnectingShown || (await line(client).textContent()) !== "Riconnessione…") return;
    reconnectingShown = true;
    await expect(client.getByRole("status").filter({ hasText: "Riconnessione…" })).toHaveAttribute("aria-live", "polite");
    await expectAccessible(client, "call room while reconnecting");
  });
  expect(reconnectingShown, "'Riconnessione…' while the network was down").toBe(true);
  const longMs = await bytesResume(psychic, longBack);
  await audioFlows(client);
  await inCall();
  await timerKeptItsStart();
  // And it stays back once the restart offers queued during the cut have been answered (the answer
  // can come several seconds after the audio, the socket's TCP backing off after a long cut).
  const answeredAfterRestart = (events: string[]) =>
    events.findLastIndex((event) => event.endsWith("Risposta audio ricevuta")) >
    events.findLastIndex((event) => event.endsWith("Riavvio ICE: nuova offerta inviata"));
  await expect.poll(async () => answeredAfterRestart((await diagnostics(client)).events), { timeout: 30_000, intervals: [1_000] }).toBe(true);
  await client.waitForTimeout(4_000);
  await audioFlows(client);
  await expect.poll(() => shownBytes(psychic)).toBeGreaterThan(await shownBytes(psychic));
  await inCall();
  const longLines = await lineHistory(longBack);
  for (const side of [client, psychic]) await expect(side.getByRole("button", { name: /Entra nella chiamata|Rientra|Riprova/ })).toHaveCount(0);

  await psychic.getByRole("button", { name: "Chiudi" }).click();
  const events = (await diagnostics(client)).events;
  const figures = [
    `5 s cut: audio back ${blipMs} ms after the network; state line meanwhile: ${blipLines.join(", ") || "unchanged"}`,
    `${LONG_CUT_MS / 1000} s cut: audio back ${longMs} ms after the network; state line (ms from its return): ${longLines.join(", ")}`,
    `client's last events: ${events.join(" | ")}`,
  ];
  for (const figure of figures) test.info().annotations.push({ type: "figures", description: figure });

  await client.context().close();
  await psychic.context().close();
  expect(errors, "console errors in the room").toEqual([]);
});
