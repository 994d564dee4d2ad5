// A chat consultation end to end: a new client and the demo psychic Selene write to each other live in two
// browsers (the same page as a call, the conversation instead of the audio), see each other typing, a phone
// number hidden before the client reads it, a message written while the client's socket is cut waiting and
// arriving once, the window's end closing the input on both sides, and the conversation afterwards from the
// client's dashboard, downloaded. At 360 px, the same room with the on-screen keyboard open.
import { readFile } from "node:fs/promises";
import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import { listedPsychic, mondayAhead, personPage, sessionState, signUpThroughApi } from "./api";
import { tickCheckoutConsent } from "./checkoutConsent";
import { armBackendFault, CUT_COOKIE } from "./backendLog";
import { runInternal } from "./env";
import { expect, expectAccessible, sessionFile, test } from "./fixtures";
import { unexpected } from "./offlinePsychic";
import { PHONE } from "./widths";

// The window is brought to its end by demoScenes:endCallIn; the cut socket comes back within the client's backoff.
test.describe.configure({ timeout: 120_000 });

const stateLine = (page: Page) => page.getByTestId("room-line");
const conversation = (page: Page) => page.getByRole("log", { name: "Conversazione" });
const messageInput = (page: Page) => page.getByRole("textbox", { name: "Il tuo messaggio" });
const messageWith = (page: Page, text: string) => conversation(page).getByRole("listitem").filter({ hasText: text });

/** A 15-minute chat open now between a new client of this test and Selene, a page for each. */
async function chatWithNewClient(browser: Browser, namePrefix: string, options: BrowserContextOptions = {}) {
  const name = `${namePrefix} ${Date.now().toString(36)}`;
  const account = await signUpThroughApi(name);
  const bookingId = (await runInternal("seed:callNow", { minutes: 15, type: "chat", clientEmail: account.email })) as string;
  const errors: string[] = [];
  const client = await personPage(browser, sessionState(account.session), errors, options);
  const psychic = await personPage(browser, sessionFile("psychic"), errors, options);
  return { name, bookingId, client, psychic, errors };
}

async function send(page: Page, text: string) {
  await messageInput(page).fill(text);
  await messageInput(page).press("Enter");
}

test("a client and a psychic chat live through a whole consultation, and the client keeps the conversation", async ({ browser }) => {
  const { name, bookingId, client, psychic, errors } = await chatWithNewClient(browser, "Ilaria");
  const cut = `chat-${Date.now().toString(36)}`;
  await client.context().addCookies([{ name: CUT_COOKIE, value: cut, domain: "127.0.0.1", path: "/" }]);

  await client.goto(`/call/${bookingId}`);
  await psychic.goto(`/call/${bookingId}`);
  await expect(client.getByRole("heading", { level: 1 })).toHaveText("Consulto con Selene");
  await expect(psychic.getByRole("heading", { level: 1 })).toHaveText(`Consulto con ${name}`);
  // Opening the page is being in the room: both lines say so, no audio to prepare.
  await expect(stateLine(client)).toHaveText("In chat con Selene");
  await expect(stateLine(psychic)).toHaveText(`In chat con ${name}`);
  await expect(client.getByRole("button", { name: /Prepara audio/ })).toHaveCount(0);
  await expectAccessible(client, "chat room, open, empty");

  // Typing shows on the other side; Enter sends; it arrives live and is read.
  await messageInput(client).pressSequentially("Buongiorno Selene, vorrei");
  await expect(psychic.getByText(`${name} sta scrivendo…`)).toBeVisible();
  await messageInput(client).press("Enter");
  await expect(messageWith(psychic, "Buongiorno Selene, vorrei")).toHaveCount(1);
  await expect(messageWith(client, "Buongiorno Selene, vorrei")).toContainText("Letto");
  await expect(psychic.getByText(`${name} sta scrivendo…`)).toHaveCount(0);

  // A phone number is hidden before the client reads it; Selene is told why.
  await send(psychic, "Se vuoi chiamami al 347 123 4567");
  await expect(messageWith(client, "Se vuoi chiamami al [numero nascosto]")).toHaveCount(1);
  await expect(conversation(client)).not.toContainText("347");
  await expect(messageWith(psychic, "[numero nascosto]")).toContainText("Abbiamo nascosto un numero di telefono");
  await expectAccessible(psychic, "chat room, a message with a number hidden");

  // The client's socket is cut: a message written meanwhile waits, marked, and arrives once when it is back.
  await armBackendFault({ refuseSyncMs: 6_000, refuseSyncTag: cut });
  await expect(client.getByTestId("connection-banner")).toBeVisible({ timeout: 5_000 });
  await send(client, "Sei ancora lì?");
  await expect(messageWith(client, "Sei ancora lì?")).toContainText("In attesa di connessione");
  await expectAccessible(client, "chat room offline, a message waiting");
  await expect(messageWith(psychic, "Sei ancora lì?")).toHaveCount(1, { timeout: 40_000 });
  await expect(messageWith(client, "Sei ancora lì?")).toContainText(/Inviato|Letto/);
  await client.reload();
  await expect(messageWith(client, "Sei ancora lì?")).toHaveCount(1);
  await expect(messageWith(psychic, "Sei ancora lì?")).toHaveCount(1);
  await send(psychic, "Sì, eccomi.");
  await expect(messageWith(client, "Sì, eccomi.")).toHaveCount(1);

  // The window's end closes the input on both sides and says so.
  await runInternal("demoScenes:endCallIn", { bookingId, inSeconds: 3 });
  for (const side of [client, psychic]) {
    await expect(stateLine(side)).toHaveText("Consulto terminato", { timeout: 15_000 });
    await expect(side.getByText("Il tempo del consulto è finito: la chat è chiusa.")).toBeVisible();
    await expect(messageInput(side)).toHaveCount(0);
  }
  await expectAccessible(client, "chat room, ended");

  // Afterwards the client finds the conversation from the dashboard, reads and downloads it.
  await client.goto("/dashboard");
  await client.getByRole("link", { name: "Leggi la conversazione" }).first().click();
  await expect(client).toHaveURL(new RegExp(`/call/${bookingId}$`));
  await expect(messageWith(client, "Sì, eccomi.")).toHaveCount(1);
  const [download] = await Promise.all([client.waitForEvent("download"), client.getByRole("button", { name: "Scarica la conversazione" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^conversazione-selene-\d{4}-\d{2}-\d{2}\.txt$/);
  const text = await readFile((await download.path())!, "utf8");
  expect(text).toContain(`${name}: Buongiorno Selene, vorrei`);
  expect(text).toContain("Selene: Se vuoi chiamami al [numero nascosto]");
  expect(text.match(/Sei ancora lì\?/g)).toHaveLength(1);

  await client.context().close();
  await psychic.context().close();
  expect(unexpected(errors), "console errors in the chat").toEqual([]);
});

test("at 360 px the conversation and the input stay in reach with the on-screen keyboard open", async ({ browser }) => {
  const { bookingId, client, psychic, errors } = await chatWithNewClient(browser, "Nadia", PHONE);
  await client.goto(`/call/${bookingId}`);
  await psychic.goto(`/call/${bookingId}`);
  await expect(stateLine(client)).toHaveText("In chat con Selene");
  for (let i = 1; i <= 6; i++) await send(psychic, `Carta numero ${i}: ecco cosa vedo per te.`);
  await expect(messageWith(client, "Carta numero 6")).toHaveCount(1);

  // The keyboard takes the lower half of the screen: the page resizes (interactive-widget=resizes-content).
  await messageInput(client).click();
  await client.setViewportSize({ width: 360, height: 400 });
  await expect(messageInput(client)).toBeInViewport();
  await expect(client.getByRole("button", { name: "Invia" })).toBeInViewport();
  await send(client, "Grazie, è chiaro.");
  await expect(messageWith(client, "Grazie, è chiaro.")).toBeInViewport();
  expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(client, "chat room at 360 px, keyboard open");

  await client.context().close();
  await psychic.context().close();
  expect(unexpected(errors), "console errors in the chat").toEqual([]);
});

test("a client books a chat: the type chosen on the booking page, kept in the address, priced and paid as a chat", async ({ browser }) => {
  test.setTimeout(60_000);
  const account = await signUpThroughApi("Bruna Chat");
  const errors: string[] = [];
  const page = await personPage(browser, sessionState(account.session), errors);
  const selene = await listedPsychic("Selene");
  const date = mondayAhead(14);
  await page.goto(`/psychics/${selene.id}/book?date=${date}&duration=30`);
  const types = page.getByRole("radiogroup", { name: "Tipo di consulto" });
  await expect(types.getByRole("radio", { name: "Voce" })).toBeChecked();
  await types.getByRole("radio", { name: "Chat" }).click();
  await expect(page).toHaveURL(/[?&]type=chat/);
  await expect(page).toHaveURL(new RegExp(`date=${date}`));
  await page.getByRole("button", { name: "10:00", exact: true }).click();
  const summary = page.getByRole("complementary", { name: "Riepilogo e pagamento" });
  await expect(summary).toContainText("Consulto in chat");
  // Selene's 30 minutes in chat cost 30 €, her call 35 €.
  await expect(summary).toContainText("30,00 €");
  await expectAccessible(page, "booking page, a chat chosen");
  await tickCheckoutConsent(page);
  await summary.getByRole("button", { name: "Paga e prenota" }).click();
  await expect(page).toHaveURL(/\/c\/pay\/cs_/);
  await expect(page.getByText("30,00 €").first()).toBeVisible();
  await page.getByLabel("Numero della carta").fill("4242 4242 4242 4242");
  await page.getByLabel("Scadenza (MM/AA)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Intestatario").fill("Bruna Chat");
  await page.getByRole("button", { name: /^Paga \d/ }).click();
  await expect(page).toHaveURL(/\/payment-success/);
  await expect(page.getByRole("heading", { level: 1, name: "Pagamento completato" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("main")).toContainText("Tipo");
  await expect(page.getByRole("main")).toContainText("Chat");
  await page.goto("/dashboard");
  await expect(page.getByRole("main")).toContainText("Consulto in chat");
  await page.context().close();
  expect(unexpected(errors), "console errors while booking a chat").toEqual([]);
});
