// Finding a good psychic free soon, at both widths: a topic tile on the home page opens the filtered list;
// 'soldi' finds the psychic of 'Denaro e Finanze' (Morgana in convex/demo/data.ts) and her card says so; a
// search that finds nobody suggests topics; 'Disponibili oggi' and the order by soonest free time, named on
// the page. The matching and the orders themselves are in tests/convex/model (topicSearch, catalogueOrder).
import { expect, expectAccessible, test } from "./fixtures";
import { findPsychicJourney } from "./findPsychic";
import { WIDTHS } from "./widths";

for (const width of WIDTHS) {
  test.describe(width.name, () => {
    test.use(width.use);

    test("from a home page topic to a psychic free soon: tiles, synonyms, suggestions, today and the stated order", async ({ page }) => {
      // Four page states, each scanned by axe (a few seconds each on a busy machine): more than the default 30 s.
      test.setTimeout(90_000);
      await findPsychicJourney(page, { expect, expectAccessible });
    });
  });
}
