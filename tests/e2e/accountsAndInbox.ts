// The accounts-and-inbox journeys, shared by the 1280 px and 360 px specs: the sign-up code step that survives
// a reload, and a contact message acknowledged by email and answered from the admin's inbox.
import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import { ConvexHttpClient } from "convex/browser";
import { api } from "../../convex/_generated/api";
import { backendUrl, originPass, personPage } from "./api";
import { codeSentTo, latestEmailTo, sessionFile, uniqueEmail } from "./env";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * Each journey's budget: a sign-up hashes the password twice and reloads; the inbox journey drives a second
 * browser and waits for two emails through the outbox's provider job; each scans two states.
 */
const JOURNEY_TIMEOUT_MS = 90_000;

/** Sign-up at /register, a reload on the code step (the mail app and back), then the code from the mailbox. */
export async function signUpCodeSurvivesReload(page: Page) {
  test.setTimeout(JOURNEY_TIMEOUT_MS);
  const email = uniqueEmail("ricarica");
  await page.goto("/register");
  const details = page.getByRole("form", { name: "Registrati" });
  await details.getByLabel("Nome e cognome").fill("Rita Carica");
  await details.getByLabel("Email").fill(email);
  await details.getByLabel("Password", { exact: true }).fill("segreta-1");
  await details.getByLabel("Conferma password").fill("segreta-1");
  await details.getByRole("checkbox", { name: /Dichiaro di avere almeno 18 anni/ }).check();
  await details.getByRole("button", { name: "Crea account" }).click();

  const codeStep = page.getByRole("form", { name: "Conferma l'indirizzo email" });
  await expect(codeStep.getByTestId("sign-up-code-sent-to")).toHaveText("Abbiamo inviato un codice a r***@esempio.it");
  await expect(codeStep).toContainText("vale 15 minuti. Controlla anche lo spam.");
  await expectAccessible(page, "the sign-up code step");

  await page.reload();
  await expect(codeStep.getByTestId("sign-up-code-sent-to")).toHaveText("Abbiamo inviato un codice a r***@esempio.it");
  // The tab keeps the address only.
  expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }))).not.toContain("segreta-1");
  await codeStep.getByLabel("Codice").fill(await codeSentTo(email, "attivare l'account"));
  await codeStep.getByRole("button", { name: "Attiva l'account" }).click();
  // Signed in and taken home (at 360 px the greeting is inside the closed menu).
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A contact message (sent as the contact page sends it), its acknowledgement, the admin's answer and its email. */
export async function contactAnsweredFromInbox(browser: Browser, viewport: BrowserContextOptions["viewport"]) {
  test.setTimeout(JOURNEY_TIMEOUT_MS);
  const email = uniqueEmail("scrive");
  const subject = `Quando arriva il rimborso ${Date.now()}`;
  await new ConvexHttpClient(backendUrl).mutation(api.contact.send, {
    name: "Sara Scrive",
    email,
    userType: "client",
    category: "payment",
    subject,
    message: "Ho annullato ieri: quando vedo il rimborso sulla carta?",
    originPass: await originPass(),
  });
  await expect.poll(async () => (await latestEmailTo(email))?.subject).toBe("Abbiamo ricevuto il tuo messaggio");

  const admin = await personPage(browser, sessionFile("admin"), undefined, { viewport });
  await admin.goto("/admin/messages");
  const card = admin.getByRole("article", { name: subject });
  await card.getByRole("button", { name: "Rispondi" }).click();
  const form = card.getByRole("form", { name: "Rispondi al messaggio" });
  await expect(form.getByLabel("La tua risposta")).toBeVisible();
  await expectAccessible(admin, "the inbox's answer form");

  const answer = "Buongiorno Sara, il rimborso arriva sulla carta entro 5-10 giorni lavorativi.";
  await form.getByLabel("La tua risposta").fill(answer);
  await form.getByRole("button", { name: "Invia risposta" }).click();
  const thread = card.getByRole("list", { name: "Risposte inviate" });
  await expect(thread).toContainText(answer);
  await expect(thread).toContainText("Risposta di");
  await expect(card.getByTestId("message-status")).toHaveText("Risposto");
  await expectAccessible(admin, "a message with its answer");

  await expect.poll(async () => (await latestEmailTo(email))?.subject).toBe(`Re: ${subject}`);
  expect((await latestEmailTo(email))?.text).toContain(answer);
  await admin.context().close();
}
