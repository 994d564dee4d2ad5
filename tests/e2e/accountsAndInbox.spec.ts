import { contactAnsweredFromInbox, signUpCodeSurvivesReload } from "./accountsAndInbox";
import { test } from "./fixtures";

test("the sign-up code step survives a reload and says where the code went", async ({ page }) => {
  await signUpCodeSurvivesReload(page);
});

test("a contact message is acknowledged by email, and the admin's answer from the inbox reaches the sender", async ({ browser, viewport }) => {
  await contactAnsweredFromInbox(browser, viewport);
});
