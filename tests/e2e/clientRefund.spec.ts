// A refund that Stripe kept refusing reads as failed to its client, as it does to the admin, with what
// happens next: never 'Rimborso in corso'. Their own paid consultation, cancelled by the psychic with
// its refund failed at once (demoScenes.refundFailsFor), not the demo client's, which the admin's test retries.
import { bookAndPayThroughApi, mondayAhead, personPage, sessionState, signUpThroughApi } from "./api";
import { runInternal } from "./env";
import { expect, test } from "./fixtures";

test("a client whose refund failed sees 'Rimborso non riuscito' and what happens next; their row's buttons read as buttons", async ({ browser }) => {
  const client = await signUpThroughApi("Nadia Rimborsi");
  const { bookingId } = await bookAndPayThroughApi(client.session, { psychic: "Selene", date: mondayAhead(11), time: "14:30" });
  await runInternal("demoScenes:refundFailsFor", { bookingId });
  // And one still to come, whose 'Sposta' and 'Annulla il consulto' are buttons, not underlined links.
  await bookAndPayThroughApi(client.session, { psychic: "Selene", date: mondayAhead(11), time: "16:00" });

  const errors: string[] = [];
  const page = await personPage(browser, sessionState(client.session), errors);
  await page.goto("/dashboard");
  const row = page.getByRole("region", { name: "Tutti i consulti" }).getByRole("listitem").filter({ hasText: ", 14:30" });
  await expect(row).toContainText("Annullato");
  await expect(row).toContainText("Rimborso non riuscito");
  await expect(row).toContainText("lo stiamo verificando e lo invieremo di nuovo");
  await expect(row).not.toContainText("Rimborso in corso");
  const contact = row.getByRole("link", { name: "Hai domande? Scrivici" });
  await expect(contact).toHaveAttribute("href", "/contact");
  // A link in running text is underlined; a link drawn as a button is not.
  await expect(contact).toHaveCSS("text-decoration-line", "underline");
  const upcoming = page.getByRole("list", { name: "Prossimi consulti" }).getByRole("listitem").filter({ hasText: "16:00" });
  await expect(upcoming.getByRole("link", { name: /^Sposta il consulto con Selene/ })).toHaveCSS("text-decoration-line", "none");
  await expect(upcoming.getByRole("button", { name: /^Annulla il consulto con Selene/ })).toHaveText("Annulla il consulto");
  expect(errors, "console errors on the client's page").toEqual([]);
});
