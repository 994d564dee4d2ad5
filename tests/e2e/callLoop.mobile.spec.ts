// The call's last minutes and its end on a phone (360 px): the two-minute warning, then the review in
// place and 'Prenota di nuovo' with Selene's next free times, each state scanned.
import { runInternal } from "./env";
import { callWithNewClient, openAndEnter } from "./callRoom";
import { callLaunchOptions, expect, expectAccessible, test } from "./fixtures";

test.use({ launchOptions: callLaunchOptions, permissions: ["microphone"] });

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
