// A project's own convex-test suites given the embedded backend's indexes (`@arcano/local-backend/testing/search`,
// `…/testing/indexes`): its searches, and with installDatabaseIndexes its ranges and pages too, answer as the
// backend's do. Reaches into convex-test as internals.ts does, through its probes.
import { checkConvexTestVersion, captureState, probeInternals, watchCommits } from "./internals.ts";
import { DatabaseIndexes } from "./indexRanges.ts";
import { patchIndexRanges } from "./internalIndexRanges.ts";
import { patchSearch } from "./internalSearch.ts";
import { SearchIndexes } from "./search.ts";
import type { TestAccessor } from "./internalTypes.ts";

/**
 * Gives a convex-test instance of one's own (a project's Convex tests) this backend's search indexes, so its
 * searches follow Convex's rules as the embedded backend's do; call it once the components are registered.
 * Each search builds its index from the documents it reads (test data is small), so no commit is watched.
 */
export async function installSearchIndexes<T>(t: T): Promise<T> {
  checkConvexTestVersion();
  const { global, execStorage } = await captureState(t as unknown as TestAccessor);
  probeInternals(t, global, execStorage);
  for (const [path, info] of Object.entries(global.components)) patchSearch(info.db, path, new SearchIndexes(), () => true);
  return t;
}

/**
 * Gives a convex-test instance the embedded backend's database indexes and search indexes, kept in step with its
 * commits, so ranges, pages and searches read what they would on the backend (and convex-test's own metrics count
 * those reads): for tests that measure reads at a large size. Call it once the components are registered.
 */
export async function installDatabaseIndexes<T>(t: T): Promise<T> {
  checkConvexTestVersion();
  const { global, execStorage } = await captureState(t as unknown as TestAccessor);
  probeInternals(t, global, execStorage);
  const searchIndexes = new SearchIndexes();
  const dbIndexes = new DatabaseIndexes();
  watchCommits(global, (changes) => {
    searchIndexes.apply(changes);
    dbIndexes.apply(changes);
  });
  for (const [path, info] of Object.entries(global.components)) {
    patchSearch(info.db, path, searchIndexes, () => false);
    patchIndexRanges(info.db, path, dbIndexes, () => info.db._documents);
  }
  return t;
}
