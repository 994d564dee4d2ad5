import { contactAnsweredFromInbox, signUpCodeSurvivesReload } from "./accountsAndInbox";
import { test } from "./fixtures";

test("at 360 px the sign-up code step survives a reload and says where the code went", async ({ page }) => {
  await signUpCodeSurvivesReload(page);
});

test("at 360 px the admin answers a contact message from the inbox, and the sender gets the acknowledgement and the answer", async ({ browser, viewport }) => {
  await contactAnsweredFromInbox(browser, viewport);
});
