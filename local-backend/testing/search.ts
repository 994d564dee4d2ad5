// Convex's search rules for a project's own convex-test suites: `await installSearchIndexes(convexTest(...))`
// (after registering its components) answers `withSearchIndex` as the embedded backend does (src/search.ts),
// instead of convex-test's scan that matches every word by prefix, unranked.
export { installSearchIndexes } from "../src/testingIndexes.ts";
