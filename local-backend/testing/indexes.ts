// The embedded backend's database indexes for a project's own convex-test suites: `await installDatabaseIndexes(t)`
// (after registering its components) answers index ranges, pages and searches from indexes kept in step with each
// commit (src/indexRanges.ts, src/search.ts), so a test at a large size reads, and counts, what the backend would.
export { installDatabaseIndexes } from "../src/testingIndexes.ts";
