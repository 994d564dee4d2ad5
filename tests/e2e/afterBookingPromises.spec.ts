// After paying for a consultation that starts in less than 24 hours, every place states this booking's own
// terms, never the general "fino a 24 ore prima con rimborso completo": the success page (with the calendar
// file and the microphone test), the confirmation email, the dashboard row (which also says why it can no
// longer be moved) and the cancel dialog, amber for the half refund.
import { personPage, sessionState } from "./api";
import { paidWithinADay } from "./afterBookingPromises";
import { latestEmailTo, runInternal } from "./env";
import { expect, expectAccessible, test } from "./fixtures";
import { PHONE } from "./widths";

const halfTerms = /Inizia tra meno di 24 ore: annullando entro \S+ \d+ \S+, \d\d:\d\d ricevi il 50% \(\d+,\d\d\s€\)\./;

test("a booking paid less than 24 hours ahead is promised half, with its deadline, on the success page, the email, the row and the dialog", async ({
  browser,
}) => {
  // A payment through the Stripe stand-in and its webhook, the email, then three page states each scanned.
  test.setTimeout(90_000);
  const { client, psychic, bookingId, checkoutSessionId } = await paidWithinADay("Bruno Promesse", "soonest");
  const errors: string[] = [];
  const page = await personPage(browser, sessionState(client.session), errors);

  await page.goto(`/payment-success?session_id=${checkoutSessionId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Pagamento completato" })).toBeVisible();
  const terms = page.getByRole("list", { name: "Condizioni di annullamento di questo consulto" });
  await expect(terms).toContainText(halfTerms);
  await expect(page.locator("main")).not.toContainText(/rimborso completo/i);
  await expect(page.getByRole("link", { name: /Prova il microfono/ })).toHaveAttribute("href", `/call/${bookingId}`);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: /Aggiungi al calendario/ }).click();
  expect((await download).suggestedFilename()).toBe("consulto.ics");
  await expectAccessible(page, "the success page of a booking less than 24 hours ahead");

  // The confirmation email, as the local mailbox received it.
  await expect.poll(async () => (await latestEmailTo(client.email))?.subject ?? "").toContain("Consulto confermato");
  const email = (await latestEmailTo(client.email))!;
  expect(email.text).toMatch(halfTerms);
  expect(email.text).not.toMatch(/rimborso completo/i);

  await page.goto("/dashboard");
  const row = page.getByRole("listitem").filter({ hasText: psychic }).filter({ hasText: halfTerms }).first();
  await expect(row).toContainText("Non più spostabile: mancano meno di 24 ore");
  await expect(row).not.toContainText(/rimborso completo/i);
  await expect(row.getByRole("link", { name: /^Sposta/ })).toHaveCount(0);
  await expectAccessible(page, "the dashboard with a booking less than 24 hours ahead");

  await row.getByRole("button", { name: /^Annulla il consulto con/ }).click();
  const dialog = page.getByRole("alertdialog", { name: "Annullare il consulto?" });
  const refund = dialog.getByRole("status");
  await expect(refund).toContainText(/Rimborso del 50%: \d+,\d\d\s€ su \d+,\d\d\s€\./);
  // Amber for half: green is kept for a full refund.
  await expect(refund).toHaveAttribute("data-accent-color", "amber");
  await expectAccessible(page, "the cancel dialog of a half refund");
  await dialog.getByRole("button", { name: "Mantieni il consulto" }).click();
  await expect(dialog).toBeHidden();
  expect(errors, "console errors on the client's pages").toEqual([]);
});

test.describe("on a 360 px phone", () => {
  test.use(PHONE);

  // At 360 px, after paying for a consultation less than 24 hours ahead: the success page states its own
  // terms with the calendar file and the microphone test, and the dashboard's first screen is the next
  // consultation (when, with whom, when the room opens), then its 'Entra nella stanza' once the room is open.
  const phone = { viewport: { width: 360, height: 740 }, hasTouch: true };

  test("on a phone the success page states this booking's terms, and the dashboard leads with the next consultation and its room", async ({ browser }) => {
    // A payment through the Stripe stand-in and its webhook, then three page states each scanned.
    test.setTimeout(90_000);
    const { client, psychic, checkoutSessionId } = await paidWithinADay("Carla Telefono", "latest");
    const errors: string[] = [];
    const page = await personPage(browser, sessionState(client.session), errors, phone);

    await page.goto(`/payment-success?session_id=${checkoutSessionId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Pagamento completato" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Condizioni di annullamento di questo consulto" })).toContainText(
      /Inizia tra meno di 24 ore: annullando entro .+ ricevi il 50%/,
    );
    await expect(page.locator("main")).not.toContainText(/rimborso completo/i);
    await expect(page.getByRole("button", { name: /Aggiungi al calendario/ })).toBeVisible();
    await expect(page.getByRole("link", { name: /Prova il microfono/ })).toBeVisible();
    await expectAccessible(page, "the success page at 360 px");

    await page.goto("/dashboard");
    const next = page.getByRole("region", { name: "Il tuo prossimo consulto" });
    await expect(next).toContainText(`con ${psychic}`);
    await expect(next).toContainText(/La stanza si apre (oggi|domani) alle \d\d:\d\d\./);
    // In the first screen, before the lists and the counts.
    expect((await next.boundingBox())!.y + 100).toBeLessThan(740);
    const first = page.getByRole("region").first();
    await expect(first).toHaveAccessibleName("Il tuo prossimo consulto");
    await expectAccessible(page, "the client's dashboard at 360 px, the room not open yet");

    // A consultation of theirs starting in 3 minutes: the room is open, and it leads.
    await runInternal("seed:callNow", { minutes: 15, startsInMinutes: 3, clientEmail: client.email });
    await expect(next.getByRole("link", { name: "Entra nella stanza" })).toBeVisible();
    await expect(next).toContainText("con Selene");
    await expectAccessible(page, "the client's dashboard at 360 px, the room open");
    expect(errors, "console errors on the client's pages").toEqual([]);
  });
});
