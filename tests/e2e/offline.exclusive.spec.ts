// The backend killed with `kill -9` and started again by `npm start`: a psychic's switch and weekly hours
// saved meanwhile wait, marked, and land exactly once after the restart (read from the backend's own log);
// a client's payment and cancellation are disabled with their reason. Exclusive: every page of the run
// loses the backend meanwhile, so it runs alone, after all the others.
import { connectionWords, NEEDS_CONNECTION } from "@/lib/browser/connection";
import { bookAndPayThroughApi, mondayAhead, personPage, sessionState, signUpThroughApi } from "./api";
import { backendProcesses, lastCommitTs } from "./backendLog";
import { expect, expectAccessible, test } from "./fixtures";
import { banner, changeWhileOffline, expectLanded, expectWrittenOnce, newPsychic, openPsychicPages, unexpected } from "./offlinePsychic";
import { tickCheckoutConsent } from "./checkoutConsent";

test.describe.configure({ timeout: 90_000 });

test("the backend killed with kill -9 and started again: queued changes land once; paying and cancelling wait, disabled", async ({ browser }) => {
  const errors: string[] = [];
  const suffix = Date.now().toString(36).slice(-5);
  const { psychic, profileId } = await newPsychic(`Oriana ${suffix}`);
  const { settings, editor } = await openPsychicPages(browser, psychic, errors);

  // A client with a paid consultation with another psychic (this one goes unavailable), on the dashboard and on
  // that psychic's booking page with a time chosen.
  const other = await newPsychic(`Selvaggia ${suffix}`);
  const client = await signUpThroughApi(`Cliente Offline ${suffix}`);
  await bookAndPayThroughApi(client.session, { psychic: `Selvaggia ${suffix}`, date: mondayAhead(3), time: "10:00" });
  const dashboard = await personPage(browser, sessionState(client.session), errors);
  await dashboard.goto("/dashboard");
  const cancel = dashboard.getByRole("button", { name: new RegExp(`Annulla il consulto con Selvaggia ${suffix}`) });
  await expect(cancel).toBeEnabled();
  const booking = await dashboard.context().newPage();
  await booking.goto(`/psychics/${other.profileId}/book?duration=30&date=${mondayAhead(3)}&time=11:00`);
  await tickCheckoutConsent(booking);
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
  await expectWrittenOnce(psychic, profileId, since);
  await expect(cancel).toBeEnabled();
  await expect(pay).toBeEnabled();
  expect(unexpected(errors)).toEqual([]);
});
