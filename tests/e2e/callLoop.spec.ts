// The call closes the loop (issue "Book with confidence"): the psychic sees the client's microphone off,
// both sides are warned two minutes before the end (and hear the minutes left), and the end takes the
// review in place, under a nickname, and offers Selene's next free times, one tap to the booking page.
import type { Page } from "@playwright/test";
import { runInternal } from "./env";
import { callWithNewClient, openAndEnter } from "./callRoom";
import { callLaunchOptions, expect, expectAccessible, test } from "./fixtures";
import { PHONE } from "./widths";

test.use({ launchOptions: callLaunchOptions, permissions: ["microphone"] });

const stateLine = (page: Page) => page.getByTestId("room-line");

test("mute seen across, the two-minute warning on both sides, the review in place and 'Prenota di nuovo'", async ({ browser }) => {
  // Two browsers in a call, its end brought forward twice, a settlement and four scans: well over 30 s.
  test.setTimeout(120_000);
  const { name, bookingId, client, psychic, errors } = await callWithNewClient(browser, "Elena Chiusura");
  await openAndEnter(client, bookingId, "Selene");
  await openAndEnter(psychic, bookingId, name);
  await expect(stateLine(psychic)).toHaveText(`In chiamata con ${name}`);

  // The client switches the microphone off: the psychic's screen says so, and no longer once it is on again.
  await client.getByRole("button", { name: "Disattiva microfono" }).click();
  await expect(psychic.getByTestId("other-muted")).toHaveText(`${name} ha disattivato il microfono`);
  await expectAccessible(psychic, "the psychic sees the client muted");
  await client.getByRole("button", { name: "Riattiva microfono" }).click();
  await expect(psychic.getByTestId("other-muted")).toHaveText("");

  // Less than two minutes left: both sides see the warning and screen readers hear the minutes.
  await runInternal("demoScenes:endCallIn", { bookingId, inSeconds: 110 });
  for (const side of [client, psychic]) {
    await expect(side.getByTestId("end-warning")).toContainText("Mancano meno di 2 minuti");
    await expect(side.getByTestId("time-announcer")).toHaveText("Mancano 2 minuti alla fine del consulto.");
  }
  await expectAccessible(client, "the two-minute warning");

  // The end: the review right there once the consultation is held, and Selene's next free times.
  await runInternal("demoScenes:endCallIn", { bookingId, inSeconds: 2 });
  await expect(stateLine(client)).toHaveText("Consulto terminato", { timeout: 15_000 });
  const review = client.getByRole("region", { name: "Com'è andato il consulto con Selene?" });
  await expect(review).toBeVisible({ timeout: 15_000 });
  const times = client.getByRole("list", { name: "Prossimi orari liberi di Selene" }).getByRole("link");
  await expect(times.first()).toBeVisible();
  await expectAccessible(client, "the end with the review and 'Prenota di nuovo'");

  const nickname = `Luna ${Date.now().toString(36).slice(-4)}`;
  await review.getByRole("radio", { name: "5 stelle" }).click();
  await review.getByLabel("La tua recensione").fill("Consulto chiaro, mi ha aiutato a decidere.");
  await review.getByRole("radio", { name: "Un nickname" }).click();
  await review.getByLabel(/^Nickname/).fill(nickname);
  await review.getByRole("button", { name: "Pubblica la recensione" }).click();
  await expect(client.getByText(/Grazie! La tua recensione è sul profilo di Selene/)).toBeVisible();
  await expectAccessible(client, "the end after the review");

  // One tap on a time: Selene's booking page with that time and this length chosen.
  const href = await times.first().getAttribute("href");
  expect(href).toMatch(/\/psychics\/[^/]+\/book\?date=\d{4}-\d\d-\d\d&time=\d\d:\d\d&duration=15$/);
  const [, date, time] = href!.match(/date=([\d-]+)&time=([\d:]+)/)!;
  await times.first().click();
  // The profile's address may become its readable one on the way (old ids redirect), keeping the choice.
  await expect(client).toHaveURL(/\/book\?/);
  const chosen = new URL(client.url()).searchParams;
  expect([chosen.get("date"), chosen.get("time"), chosen.get("duration")]).toEqual([date, time, "15"]);
  await client.context().close();
  await psychic.context().close();
  expect(errors, "console errors in the room").toEqual([]);
});

test.describe("on a 360 px phone", () => {
  test.use(PHONE);

  // The call's last minutes and its end on a phone (360 px): the two-minute warning, then the review in
  // place and 'Prenota di nuovo' with Selene's next free times, each state scanned.
  test("on a phone: the two-minute warning, then the review and Selene's next times at the end", async ({ browser }) => {
    // Two browsers in a call, its end brought forward twice and a settlement: more than 30 s.
    test.setTimeout(90_000);
    const phone = { viewport: { width: 360, height: 740 }, hasTouch: true };
    const { name, bookingId, client, psychic, errors } = await callWithNewClient(browser, "Elena Telefono", phone);
    await openAndEnter(client, bookingId, "Selene");
    await openAndEnter(psychic, bookingId, name);
    await expect(client.getByTestId("room-line")).toHaveText("In chiamata con Selene");

    await runInternal("demoScenes:endCallIn", { bookingId, inSeconds: 110 });
    await expect(client.getByTestId("end-warning")).toBeInViewport();
    await expect(client.getByTestId("time-announcer")).toHaveText("Mancano 2 minuti alla fine del consulto.");
    await expectAccessible(client, "the two-minute warning at 360 px");

    await runInternal("demoScenes:endCallIn", { bookingId, inSeconds: 2 });
    await expect(client.getByRole("region", { name: "Com'è andato il consulto con Selene?" })).toBeVisible({ timeout: 15_000 });
    await expect(client.getByRole("list", { name: "Prossimi orari liberi di Selene" }).getByRole("link").first()).toBeVisible();
    await expectAccessible(client, "the end at 360 px");
    // Nothing wider than the phone.
    expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await client.context().close();
    await psychic.context().close();
    expect(errors, "console errors in the room").toEqual([]);
  });
});
