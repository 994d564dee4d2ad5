import { expect, type Page } from "@playwright/test";
import { deletionText } from "@/lib/text/refundPromises";
import { expectAccessible } from "./fixtures";

/**
 * The terms and the FAQ state what the server does (docs/product-rules.md, "Accounts"): a client who deletes
 * the account is refunded as their own cancellation at that moment, a psychic's deletion or cancellation
 * refunds in full. The sentences are the ones the rule functions word, found on the pages as built.
 */
export async function readTheTermsAgainstTheRules(page: Page) {
  await page.goto("/terms");
  const main = page.getByRole("main");
  await expect(main.getByText(deletionText("client", "terms"), { exact: false })).toBeVisible();
  await expect(main.getByText(deletionText("psychic", "terms"), { exact: false })).toBeVisible();
  await expect(main.getByText(/rimborso completo/).first()).toBeVisible();
  // The old promise of a full refund on every deletion is gone.
  await expect(main.getByText(/eliminare il tuo account[^.]*annullati con rimborso completo/)).toHaveCount(0);
  await expectAccessible(page);

  await page.goto("/client-faq");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectAccessible(page);
}
