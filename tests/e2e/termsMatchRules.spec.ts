import { test } from "@playwright/test";
import { readTheTermsAgainstTheRules } from "./termsMatchRules";

test("the terms say what deleting an account refunds on each side, as the server's rules word it", async ({ page }) => {
  await readTheTermsAgainstTheRules(page);
});
