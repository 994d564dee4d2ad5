// Accessibility of the code of conduct and 'Segnala': the profile editor of a psychic who has not yet
// accepted the code (the card asking for it), and the report dialog open on the client's dashboard.
import { api } from "@convex/_generated/api";
import { backendAs, personPage, sessionState, signUpThroughApi } from "./api";
import { expect, expectAccessible, sessionFile, test } from "./fixtures";

test("/psychic/profile with the code of conduct still to accept", async ({ browser }) => {
  const psychic = await signUpThroughApi(`Ilaria Psychic ${Date.now().toString(36).slice(-5)}`, "psychic");
  await backendAs(psychic.session).mutation(api.psychicProfiles.ensureMine, {});
  const page = await personPage(browser, sessionState(psychic.session));
  await page.goto("/psychic/profile");
  await expect(page.getByRole("button", { name: "Ho letto e accetto il codice di condotta" })).toBeVisible();
  await expectAccessible(page, "/psychic/profile, code of conduct to accept");
  await page.context().close();
});

test("/dashboard with the 'Segnala' dialog open", async ({ browser }) => {
  const page = await personPage(browser, sessionFile("client"));
  await page.goto("/dashboard");
  await page
    .getByRole("list", { name: "Tutti i consulti" })
    .getByRole("button", { name: /^Segnala il consulto con / })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "Segnala il consulto" });
  // The errors of an empty form shown, so their state is checked too.
  await dialog.getByRole("button", { name: "Invia la segnalazione" }).click();
  await expect(dialog.getByText("Scegli il motivo della segnalazione.")).toBeVisible();
  await expectAccessible(page, "/dashboard, 'Segnala' dialog with its errors");
  await page.context().close();
});
