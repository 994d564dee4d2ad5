import { test } from "@playwright/test";
import { readTheTermsAgainstTheRules } from "./termsMatchRules";
import { WIDTHS } from "./widths";

for (const width of WIDTHS) {
  test.describe(width.name, () => {
    test.use(width.use);

    test("the terms say what deleting an account refunds on each side, as the server's rules word it", async ({ page }) => {
      await readTheTermsAgainstTheRules(page);
    });
  });
}
