import { signUpCodeSurvivesReload } from "./accountsAndInbox";
import { test } from "./fixtures";
import { WIDTHS } from "./widths";

for (const width of WIDTHS) {
  test.describe(width.name, () => {
    test.use(width.use);

    test("the sign-up code step survives a reload and says where the code went", async ({ page }) => {
      await signUpCodeSurvivesReload(page);
    });
  });
}
