// 'Verificati' is true, at both widths: approval with its preview and the verification call, and the payouts
// reminder (the journey is in verifiedApproval.ts).
import { sessionFile, test } from "./fixtures";
import { approveWithVerificationAndRemind } from "./verifiedApproval";
import { WIDTHS } from "./widths";

test.use({ storageState: sessionFile("admin") });

/** Each width approves a psychic of its own. */
const psychicName = { "at 1280 px": "Altea", "at 360 px": "Mira" } as const;

for (const width of WIDTHS) {
  test.describe(width.name, () => {
    test.use(width.use);

    test("approval previews what goes public, is refused until the verification call is recorded, then approves; 'Pagamenti' reminds the psychic to onboard", async ({
      page,
      consoleErrors,
    }) => {
      // Four accessibility scans, a server refusal and two tabs' live lists: over a minute on a loaded machine.
      test.setTimeout(120_000);
      await approveWithVerificationAndRemind(page, consoleErrors, `${psychicName[width.name]} ${Date.now().toString(36)}`);
    });
  });
}
