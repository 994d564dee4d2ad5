// 'Verificati' is true, at 360 × 740: the same approval and reminder on a phone (verifiedApproval.ts).
import { sessionFile, test } from "./fixtures";
import { approveWithVerificationAndRemind } from "./verifiedApproval";

test.use({ storageState: sessionFile("admin") });

test("on a phone, approval previews what goes public, is refused until the verification call is recorded, then approves; the reminder goes", async ({
  page,
  consoleErrors,
}) => {
  // Four accessibility scans, a server refusal and two tabs' live lists: over a minute on a loaded machine.
  test.setTimeout(120_000);
  await approveWithVerificationAndRemind(page, consoleErrors, `Mira ${Date.now().toString(36)}`);
});
