// The admin area and the contact form, live across browsers: a message sent by a visitor reaches
// the admin's open inbox and header badge without a reload; moderation changes the public list.
import type { Browser, Page } from "@playwright/test";
import { personPage } from "./api";
import { runInternal } from "./env";
import { expect, sessionFile, test } from "./fixtures";

/** The demo admin in a browser of their own, beside the test's visitor or client. */
const adminPage = (browser: Browser): Promise<Page> => personPage(browser, sessionFile("admin"));

async function unreadBadge(page: Page): Promise<number> {
  const badge = page.getByRole("banner").getByTestId("unread-badge");
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
}

test("a visitor's contact message appears live in the admin's inbox, which marks it read and replied", async ({ page, browser }) => {
  // Two browsers, a form filled in and four live updates in the admin's inbox: more than 30 s on a loaded machine.
  test.setTimeout(60_000);
  const admin = await adminPage(browser);
  const adminErrors: string[] = [];
  admin.on("console", (message) => {
    if (message.type() === "error") adminErrors.push(message.text());
  });
  await admin.goto("/admin/messages");
  await expect(admin.getByRole("heading", { level: 1, name: "Messaggi di contatto" })).toBeVisible();
  await expect(admin.getByTestId("messages-found")).toHaveText(/\d+ messaggi? trovat/);
  const unreadBefore = await unreadBadge(admin);
  const foundBefore = Number((await admin.getByTestId("messages-found").textContent())?.match(/\d+/)?.[0]);

  const subject = `Domanda sul rimborso ${Date.now()}`;
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Modulo di contatto" });
  await form.getByLabel("Nome").fill("Giulia Ferri");
  await form.getByLabel("Email").fill("giulia.ferri@esempio.it");
  await form.getByRole("radio", { name: "Cliente" }).check();
  await form.getByRole("combobox", { name: "Categoria (facoltativa)" }).click();
  await page.getByRole("option", { name: "Pagamenti" }).click();
  await form.getByLabel("Oggetto").fill(subject);
  await form.getByLabel("Messaggio").fill("Ho annullato un consulto ieri: quando arriva il rimborso sulla carta?");
  await form.getByRole("button", { name: "Invia messaggio" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Messaggio inviato!" })).toContainText("Ti risponderemo il prima possibile.");
  // Cleared for the next message.
  await expect(form.getByLabel("Oggetto")).toHaveValue("");
  await expect(form.getByLabel("Messaggio")).toHaveValue("");

  // The admin's open inbox, without a reload: the card, the count found and the header badge.
  const card = admin.getByRole("article", { name: subject });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Giulia Ferri");
  await expect(card).toContainText("giulia.ferri@esempio.it");
  await expect(card).toContainText("Pagamenti");
  await expect(card.getByTestId("message-status")).toHaveText("Non letto");
  // At least this one more: a report from a consultation (conductAndReports.spec.ts) may land beside it.
  const found = async () => Number((await admin.getByTestId("messages-found").textContent())?.match(/\d+/)?.[0]);
  await expect.poll(found).toBeGreaterThanOrEqual(foundBefore + 1);
  await expect.poll(() => unreadBadge(admin)).toBeGreaterThanOrEqual(unreadBefore + 1);
  await expect(card.getByRole("link", { name: "Rispondi via email" })).toHaveAttribute(
    "href",
    `mailto:giulia.ferri@esempio.it?subject=${encodeURIComponent(`Re: ${subject}`)}`,
  );

  const unreadBeforeReading = await unreadBadge(admin);
  await card.getByRole("button", { name: "Segna come letto" }).click();
  await expect(card.getByTestId("message-status")).toHaveText("Letto");
  await expect(card.getByRole("button", { name: "Segna come letto" })).toHaveCount(0);
  await expect.poll(() => unreadBadge(admin)).toBe(unreadBeforeReading - 1);

  await card.getByRole("button", { name: "Segna come risposto" }).click();
  await expect(card.getByTestId("message-status")).toHaveText("Risposto");
  await expect(card.getByRole("button", { name: "Segna come risposto" })).toHaveCount(0);

  // Filters: the replied list holds it, the unread list does not.
  await admin.getByRole("radio", { name: /Non letti/ }).click();
  await expect(admin.getByRole("article", { name: subject })).toHaveCount(0);
  await admin.getByRole("radio", { name: /Risposti/ }).click();
  await expect(admin.getByRole("article", { name: subject })).toBeVisible();
  expect(adminErrors).toEqual([]);
  await admin.context().close();
});

test.describe("the demo client", () => {
  test.use({ storageState: sessionFile("client") });

  test("a signed-in client's name and email are filled in on the contact form", async ({ page }) => {
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Modulo di contatto" });
    await expect(form.getByLabel("Email")).toHaveValue("cliente@esempio.it");
    await expect(form.getByLabel("Nome")).not.toHaveValue("");
    // Required fields are checked before anything is sent.
    await form.getByRole("button", { name: "Invia messaggio" }).click();
    await expect(form.getByText("Inserisci l'oggetto del messaggio.")).toBeVisible();
    await expect(form.getByText("Scrivi il tuo messaggio.")).toBeVisible();
  });
});

test("the admin approves a pending psychic, who then appears in the public list", async ({ page, browser }) => {
  // Two browsers, a dialog and the public list following live: more than 30 s on a loaded machine.
  test.setTimeout(60_000);
  // A psychic of its own waiting for review (the demo's Vega stays for people trying the product).
  const psychicName = `Altea ${Date.now().toString(36)}`;
  const { email } = (await runInternal("demoScenes:pendingPsychic", { psychicName })) as { email: string };
  const admin = await adminPage(browser);
  await page.goto("/psychics");
  await expect.poll(() => page.getByRole("article").count()).toBeGreaterThanOrEqual(8);
  await expect(page.getByRole("article", { name: psychicName })).toHaveCount(0);

  await admin.goto("/admin-dashboard?tab=cartomanti");
  const review = admin.getByRole("article", { name: `Profilo di ${psychicName}` });
  await expect(review).toContainText(email);
  await expect(review).toContainText("Nuovo profilo");
  await review.getByRole("button", { name: "Rifiuta" }).click();
  const dialog = admin.getByRole("dialog");
  await expect(dialog).toContainText(`Rifiuta il profilo di ${psychicName}`);
  await dialog.getByRole("button", { name: "Conferma rifiuto" }).click();
  await expect(dialog.getByText("Scrivi una nota per il cartomante")).toBeVisible();
  await dialog.getByRole("button", { name: "Indietro" }).click();

  // Approval shows what goes public and needs the verification call, recorded in the same dialog.
  await review.getByRole("button", { name: "Approva" }).click();
  const approval = admin.getByRole("dialog", { name: `Approva il profilo di ${psychicName}` });
  await approval.getByRole("radio", { name: /Superata/ }).click();
  await approval.getByRole("button", { name: "Registra la chiamata" }).click();
  await expect(approval.getByText(/: superata\./)).toBeVisible();
  await approval.getByRole("button", { name: "Conferma e approva" }).click();
  await expect(admin.getByTestId("toast").filter({ hasText: "Profilo approvato" })).toBeVisible();
  await expect(admin.getByRole("article", { name: `Profilo di ${psychicName}` })).toHaveCount(0);
  await expect(admin.getByRole("table", { name: "Cartomanti" }).getByRole("row", { name: new RegExp(psychicName) })).toContainText("Approvato");

  // The visitor's open list, live.
  await expect(page.getByRole("article", { name: psychicName })).toBeVisible();
  await admin.context().close();
});

test.describe("the demo admin", () => {
  test.use({ storageState: sessionFile("admin") });

  test("every tab of the admin dashboard shows its data", async ({ page }) => {
    await page.goto("/admin-dashboard");
    const tabs = page.getByRole("tablist", { name: "Sezioni del pannello" });

    await expect(page.getByRole("region", { name: "Cartomanti" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Ricavi" })).toContainText("€");

    await tabs.getByRole("tab", { name: "Utenti" }).click();
    await expect(page).toHaveURL(/tab=utenti/);
    const users = page.getByRole("table", { name: "Utenti" });
    // Newest first, a page at a time: the demo accounts are found by the search, wherever the suite's sign-ups put them.
    await expect(users).toContainText(/@esempio\.it/);
    await page.getByLabel("Cerca per nome o email").fill("cliente@esempio.it");
    await expect(users).toContainText("cliente@esempio.it");
    await page.getByLabel("Cerca per nome o email").fill("cartomante@esempio.it");
    await expect(users.getByRole("row")).toHaveCount(2);
    await expect(users).toContainText("Selene");
    await page.getByLabel("Cerca per nome o email").fill("nessuno-con-questo-nome");
    await expect(page.getByText("Nessun utente trovato")).toBeVisible();

    await tabs.getByRole("tab", { name: "Clienti" }).click();
    await expect(page.getByRole("table", { name: "Clienti" })).toContainText(/@esempio\.it/);

    await tabs.getByRole("tab", { name: "Prenotazioni" }).click();
    await expect(page.getByRole("heading", { name: /Da controllare/ })).toBeVisible();
    await expect(page.getByRole("table", { name: "Ultime prenotazioni" })).toBeVisible();

    await tabs.getByRole("tab", { name: /Messaggi/ }).click();
    await expect(page.getByText(/su \d+\.|in tutto/)).toBeVisible();

    await tabs.getByRole("tab", { name: "Impostazioni" }).click();
    for (const name of ["Registrazione cartomanti", "Prenotazioni", "Modalità manutenzione", "Approvazione dei profili"]) {
      await expect(page.getByRole("switch", { name })).toBeVisible();
    }
    await expect(page.getByRole("switch", { name: "Prenotazioni" })).toBeChecked();
    // Reloading keeps the tab.
    await page.goto(page.url());
    await expect(page.getByRole("tab", { name: "Impostazioni" })).toHaveAttribute("aria-selected", "true");
  });
});

test("the admin asks again for a refund Stripe refused: it goes through, and the client's open dashboard says so", async ({ browser }) => {
  // Two browsers and a refund through the Stripe stand-in and its webhook: more than 30 s on a loaded machine.
  test.setTimeout(60_000);
  // The demo client's consultation with Aurora, cancelled by the psychic, whose refund was left failed.
  const client = await personPage(browser, sessionFile("client"));
  await client.goto("/dashboard");
  const cancelled = client.getByRole("list", { name: "Tutti i consulti" }).getByRole("listitem").filter({ hasText: "Aurora" });
  await expect(cancelled).toContainText("Rimborso non riuscito");

  const admin = await adminPage(browser);
  await admin.goto("/admin-dashboard?tab=prenotazioni");
  const toCheck = admin.getByRole("table", { name: "Prenotazioni da controllare" });
  await expect(toCheck).toContainText("Il rimborso non è riuscito dopo vari tentativi");
  await toCheck.getByRole("button", { name: /^Riprova il rimborso di Giulia Bianchi/ }).click();
  await expect(admin.getByTestId("toast").filter({ hasText: "Rimborso richiesto di nuovo" })).toBeVisible();
  // Off the list at once.
  await expect(admin.getByRole("button", { name: /^Riprova il rimborso di Giulia Bianchi/ })).toHaveCount(0);

  // Through the Stripe stand-in and its charge.refunded webhook, to the client's page without a reload.
  await expect(cancelled.getByText(/^Rimborsato il \d{2}\/\d{2}\/\d{4}$/)).toBeVisible({ timeout: 20_000 });
  await client.context().close();
  await admin.context().close();
});
