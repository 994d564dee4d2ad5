// Favourites and 'Avvisami': a client stars a psychic and finds them under 'Preferiti'; a client waits
// for a full day, a second client cancels, and the first is told live on the dashboard and by email.
// A fresh psychic with one half hour a week, so no other test's bookings touch that day.
import { api } from "@convex/_generated/api";
import { weekFrom } from "@convex/demo/data";
import { backendAs, bookAndPayThroughApi, personPage, sessionState, signUpThroughApi } from "./api";
import { latestEmailTo } from "./env";
import { expect, expectAccessible, test } from "./fixtures";
import { newPsychic } from "./offlinePsychic";

/** A published psychic open on Wednesdays at 10:00 only, 30 minutes for € 30. */
const psychicOfOneHalfHour = (name: string) => newPsychic(name, weekFrom({ wednesday: ["10:00"] }));

/** A Wednesday `weeksAhead` weeks from now, as a date. */
function wednesdayAhead(weeksAhead: number): string {
  const date = new Date(Date.now() + weeksAhead * 7 * 24 * 3600_000);
  while (date.getUTCDay() !== 3) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

const unique = () => Date.now().toString(36).slice(-5);

test("a client stars a psychic on the profile and finds them under 'Preferiti'", async ({ browser }) => {
  const name = `Lettrice Stella ${unique()}`;
  const { profileId } = await psychicOfOneHalfHour(name);
  const client = await signUpThroughApi("Paola Preferiti");
  const errors: string[] = [];
  const page = await personPage(browser, sessionState(client.session), errors);

  await page.goto("/dashboard");
  const favourites = page.getByRole("region", { name: "Preferiti" });
  await expect(favourites).toContainText("Nessun cartomante tra i preferiti");
  await expectAccessible(page, "dashboard, no favourites");

  await page.goto(`/psychics/${profileId}`);
  const star = page.getByRole("button", { name: `Salva ${name} tra i preferiti` });
  await expect(star).toHaveAttribute("aria-pressed", "false");
  await star.click();
  await expect(star).toHaveAttribute("aria-pressed", "true");
  await expectAccessible(page, "profile with the star on");

  await page.goto("/dashboard");
  await expect(favourites.getByRole("link", { name, exact: true })).toHaveAttribute("href", `/psychics/${profileId}`);
  await expect(favourites.getByRole("button", { name: `Salva ${name} tra i preferiti` })).toHaveAttribute("aria-pressed", "true");
  await expectAccessible(page, "dashboard with a favourite");
  expect(errors, "console errors on the client's page").toEqual([]);
});

test("a client waits for a full day; another cancels; the first gets the notice live and the email", async ({ browser }) => {
  const name = `Lettrice Avviso ${unique()}`;
  const { profileId } = await psychicOfOneHalfHour(name);
  const date = wednesdayAhead(3);
  const waiting = await signUpThroughApi("Wanda Attesa");
  const other = await signUpThroughApi("Ornella Disdetta");
  const { bookingId } = await bookAndPayThroughApi(other.session, { psychic: name, date, time: "10:00" });

  const errors: string[] = [];
  const page = await personPage(browser, sessionState(waiting.session), errors);
  await page.goto(`/psychics/${profileId}/book?date=${date}&duration=30`);
  await expect(page.getByText("Nessun orario disponibile in questa data")).toBeVisible();
  const alert = page.getByRole("region", { name: "Avvisami" });
  const button = alert.getByRole("button", { name: "Avvisami" });
  await expect(button).toHaveAttribute("aria-pressed", "false");
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "true");
  await expect(alert).toContainText("Ti avviseremo per email e nelle notifiche");
  await expectAccessible(page, "booking page, 'Avvisami' on");
  // Stored on the server before the other client cancels.
  await expect
    .poll(
      async () =>
        (
          await backendAs(waiting.session).query(api.availabilityAlerts.getMineForPsychic, {
            psychicProfileId: profileId,
            date,
            durationMinutes: 30,
            now: Date.now(),
          })
        )?.day,
    )
    .toBe(true);

  await page.goto("/dashboard");
  const notices = page.getByRole("region", { name: "Notifiche" });
  await expect(notices).toContainText("Nessuna notifica");

  await backendAs(other.session).mutation(api.bookings.cancelByClient, { bookingId });
  await expect(notices).toContainText(`Si è liberato un orario con ${name}`, { timeout: 20_000 });
  await expect(notices).toContainText("1 da leggere");
  await expectAccessible(page, "dashboard with a notice");

  await expect
    .poll(async () => (await latestEmailTo(waiting.email))?.subject ?? "", { timeout: 20_000 })
    .toContain(`Avvisami: orario libero con ${name}`);
  expect((await latestEmailTo(waiting.email))?.text).toContain(`/psychics/${profileId}/book?date=${date}&duration=30`);

  await notices.getByRole("button", { name: "Segna come letta" }).click();
  await expect(notices).not.toContainText("Da leggere");
  await notices.getByRole("link", { name: "Scegli l'orario" }).click();
  // The notice links by id; the page then puts the psychic's readable address in its place.
  const slug = name.toLowerCase().replaceAll(" ", "-");
  await expect(page).toHaveURL(new RegExp(`/psychics/(${profileId}|${slug}[a-z0-9-]*)/book\\?date=${date}&duration=30`));
  await expect(page.getByRole("button", { name: "10:00" })).toBeVisible();
  expect(errors, "console errors on the client's page").toEqual([]);
});
