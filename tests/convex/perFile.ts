// Run before each Convex test file (vitest.config.ts setupFiles). The files of a worker share one module graph,
// so setup.ts is loaded once per worker: its per-test hooks are registered here, for every file.
import { afterEach, beforeEach } from "vitest";
import { afterEachTest, beforeEachTest, HOOK_TIMEOUT_MS, startTestFile } from "./setup";

startTestFile();
beforeEach(beforeEachTest, HOOK_TIMEOUT_MS);
afterEach(afterEachTest, HOOK_TIMEOUT_MS);
