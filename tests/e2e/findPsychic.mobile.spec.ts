// The same journey as findPsychic.spec.ts on a phone (360 × 740): tiles, synonyms, suggestions, today, the order.
import { expect, expectAccessible, test } from "./fixtures";
import { findPsychicJourney } from "./findPsychic";

test("at 360 px, from a home page topic to a psychic free soon, with the order named", async ({ page }) => {
  // Four page states, each scanned by axe (a few seconds each on a busy machine): more than the default 30 s.
  test.setTimeout(90_000);
  await findPsychicJourney(page, { expect, expectAccessible });
});
