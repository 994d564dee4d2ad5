// A refund that Stripe kept refusing reads as failed to its client, as it does to the admin, with what
// happens next: never 'Rimborso in corso'. Their own paid consultation, cancelled by the psychic with
// its refund failed at once (demoScenes.refundFailsFor), not the demo client's, which the admin's test retries.
import { bookAndPayThroughApi, mondayAhead, personPage, sessionState, signUpThroughApi } from "./api";
import { runInternal } from "./env";
import { expect, test } from "./fixtures";

test("a client whose refund failed sees 'Rimborso non riuscito' and what happens next", async ({ browser }) => {
  const client = await signUpThroughApi("Nadia Rimborsi");
  const { bookingId } = await bookAndPayThroughApi(client.session, { psychic: "Selene", date: mondayAhead(11), time: "14:30" });
  await runInternal("demoScenes:refundFailsFor", { bookingId });

  const errors: string[] = [];
  const page = await personPage(browser, sessionState(client.session), errors);
  await page.goto("/dashboard");
  const row = page.getByRole("region", { name: "Tutti i consulti" }).getByRole("listitem").filter({ hasText: "Selene" });
  await expect(row).toContainText("Annullato");
  await expect(row).toContainText("Rimborso non riuscito");
  await expect(row).toContainText("lo stiamo verificando e lo invieremo di nuovo");
  await expect(row).not.toContainText("Rimborso in corso");
  await expect(row.getByRole("link", { name: "Hai domande? Scrivici" })).toHaveAttribute("href", "/contact");
  expect(errors, "console errors on the client's page").toEqual([]);
});
