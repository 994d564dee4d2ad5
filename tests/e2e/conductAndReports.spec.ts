// The code of conduct and 'Segnala', end to end: a new psychic is refused Publish until they accept the
// code in the profile editor, then publishes; the demo client reports a consultation given and the
// admin's open inbox shows it at once, as a 'Segnalazione', unread.
import { api } from "@convex/_generated/api";
import { defaultAvailability } from "@convex/model/profileRules";
import { backendAs, personPage, sessionState, signUpThroughApi } from "./api";
import { expect, expectRefusals, sessionFile, test } from "./fixtures";

test("a new psychic accepts the code of conduct in the profile editor, then publishes", async ({ page, browser }) => {
  test.setTimeout(60_000);
  const suffix = Date.now().toString(36).slice(-5);
  const name = `Orsola ${suffix}`;
  const psychic = await signUpThroughApi(`Orsola Psychic ${suffix}`, "psychic");
  const backend = backendAs(psychic.session);
  await backend.mutation(api.psychicProfiles.ensureMine, {});
  await backend.mutation(api.psychicProfiles.saveMine, {
    psychicName: name,
    bio: "Leggo le rune con calma, per le domande di lavoro.",
    specialties: ["Rune"],
    specializations: ["Decisioni Importanti"],
    yearsExperience: 2,
    availableDurations: [30],
    pricesCents: { "30": 3000 },
    availability: defaultAvailability(),
  });
  const errors: string[] = [];
  const editor = await personPage(browser, sessionState(psychic.session), errors);
  await editor.goto("/psychic/profile");
  const conduct = editor.getByRole("region", { name: "Codice di condotta dei cartomanti" });
  await expect(conduct).toContainText("Niente rituali né «rimozioni» a pagamento");

  // Publish before accepting: refused, in Italian, and the profile stays a draft.
  await editor.getByRole("button", { name: "Salva e pubblica" }).click();
  await expect(editor.getByTestId("toast").filter({ hasText: "accetta prima il codice di condotta" })).toBeVisible();
  await expect(editor.getByLabel("Stato: Bozza")).toBeVisible();
  expectRefusals(errors, ["CONDUCT_NOT_ACCEPTED"]);

  await conduct.getByRole("button", { name: "Ho letto e accetto il codice di condotta" }).click();
  await expect(conduct.getByRole("status")).toContainText(/Hai accettato il codice di condotta \(versione \d+\)/);
  await editor.getByRole("button", { name: "Salva e pubblica" }).click();
  await expect(editor.getByText("Profilo pubblicato").first()).toBeVisible();
  await expect(editor.getByLabel("Stato: Approvato")).toBeVisible();

  // Listed for the public.
  await page.goto("/psychics");
  await expect(page.getByRole("article", { name })).toBeVisible();
  await editor.context().close();
  expect(errors, "console errors on the psychic's page").toEqual([]);
});

test("the demo client reports a consultation given and the admin's open inbox shows it live, unread", async ({ browser }) => {
  test.setTimeout(60_000);
  const adminErrors: string[] = [];
  const admin = await personPage(browser, sessionFile("admin"), adminErrors);
  await admin.goto("/admin/messages");
  await expect(admin.getByRole("heading", { level: 1, name: "Messaggi di contatto" })).toBeVisible();
  await expect(admin.getByTestId("messages-found")).toHaveText(/\d+ messaggi? trovat/);

  const errors: string[] = [];
  const client = await personPage(browser, sessionFile("client"), errors);
  await client.goto("/dashboard");
  const all = client.getByRole("list", { name: "Tutti i consulti" });
  await all
    .getByRole("button", { name: /^Segnala il consulto con / })
    .first()
    .click();
  const dialog = client.getByRole("dialog", { name: "Segnala il consulto" });
  await dialog.getByLabel("Motivo").selectOption({ label: "Tentativo di contatto fuori piattaforma" });
  const text = `Mi ha chiesto di scrivergli su WhatsApp per il prossimo consulto (${Date.now().toString(36)}).`;
  await dialog.getByLabel("Cosa è successo").fill(text);
  await dialog.getByRole("button", { name: "Invia la segnalazione" }).click();
  await expect(client.getByTestId("toast").filter({ hasText: "Segnalazione inviata" })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(all.getByText("Segnalato").first()).toBeVisible();

  // The admin's open inbox, without a reload: the report as its own category, unread, with its reason.
  const card = admin.getByRole("article").filter({ hasText: text });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Segnalazione");
  await expect(card).toContainText("Motivo: Tentativo di contatto fuori piattaforma");
  await expect(card.getByTestId("message-status")).toHaveText("Non letto");
  await expect(admin.getByRole("banner").getByTestId("unread-badge")).toBeVisible();

  await client.context().close();
  await admin.context().close();
  expect(errors, "console errors on the client's page").toEqual([]);
  expect(adminErrors, "console errors on the admin's page").toEqual([]);
});
