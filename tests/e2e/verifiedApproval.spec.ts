// 'Verificati' is true, at 1280: approval with its preview and the verification call, and the payouts reminder
// (the journey is in verifiedApproval.ts).
import { sessionFile, test } from "./fixtures";
import { approveWithVerificationAndRemind } from "./verifiedApproval";

test.use({ storageState: sessionFile("admin") });

test("approval previews what goes public, is refused until the verification call is recorded, then approves; 'Pagamenti' reminds the psychic to onboard", async ({
  page,
  consoleErrors,
}) => {
  // Four accessibility scans, a server refusal and two tabs' live lists: over a minute on a loaded machine.
  test.setTimeout(120_000);
  await approveWithVerificationAndRemind(page, consoleErrors, `Altea ${Date.now().toString(36)}`);
});
