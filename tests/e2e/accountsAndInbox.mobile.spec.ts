import { signUpCodeSurvivesReload } from "./accountsAndInbox";
import { test } from "./fixtures";

test("at 360 px the sign-up code step survives a reload and says where the code went", async ({ page }) => {
  await signUpCodeSurvivesReload(page);
});
