// Answering marks a message replied, so the inbox's unread figure falls: these journeys run in the exclusive
// project, after the others, where admin.spec.ts's count of the unread badge cannot see them.
import { contactAnsweredFromInbox } from "./accountsAndInbox";
import { test } from "./fixtures";

test("a contact message is acknowledged by email, and the admin's answer from the inbox reaches the sender", async ({ browser, viewport }) => {
  await contactAnsweredFromInbox(browser, viewport);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test("at 360 px the admin answers a contact message from the inbox, and the sender gets the acknowledgement and the answer", async ({ browser, viewport }) => {
    await contactAnsweredFromInbox(browser, viewport);
  });
});
