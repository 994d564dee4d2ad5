// At 360 px, after paying for a consultation less than 24 hours ahead: the success page states its own
// terms with the calendar file and the microphone test, and the dashboard's first screen is the next
// consultation (when, with whom, when the room opens), then its 'Entra nella stanza' once the room is open.
import { personPage, sessionState } from "./api";
import { paidWithinADay } from "./afterBookingPromises";
import { runInternal } from "./env";
import { expect, expectAccessible, test } from "./fixtures";

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
