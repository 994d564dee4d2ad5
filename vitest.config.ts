import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { aliases } from "./vite.config.ts";

// The stand-ins without an embedded backend: the product's calls against them, and their outage switch.
const providerTests = ["tests/providers/**/*.test.ts", "local-backend/tests/providerFaults.test.ts"];
// The product on its own local stack (the embedded backend, the stand-ins, the demo seed): its jobs across kill -9
// and `npm start`'s secrets, mostly waiting; scripts/test-all.mjs runs them beside the embedded backend's files,
// after the type-checks and lint.
const stackTests = ["tests/stack/**/*.test.ts"];
// Component tests that mock modules of their own ("ui-own-mocks").
const uiOwnMocks = ["tests/ui/pageLoading.test.tsx", "tests/ui/profileEditorPage.test.tsx", "tests/ui/earningsPage.test.tsx"];
const warmStripeValidators = "local-backend/testing/warmStripeValidators.ts";

// Convex functions run under the edge runtime as they do on Convex, React components under happy-dom,
// the embedded backend's tests under node.
export default defineConfig({
  plugins: [react()],
  resolve: { alias: aliases },
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on the two-core machines,
    // where two finish the suite about a quarter sooner.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        // Checks on the repository itself (package.json, package-lock.json).
        // Some start eslint or dpdm through npx: seconds each, more on a loaded machine.
        test: { name: "repo", environment: "node", include: ["tests/*.test.ts"], testTimeout: 30_000 },
      },
      {
        extends: true,
        test: {
          name: "convex",
          environment: "edge-runtime",
          // Worker threads start and import faster than Vitest's default child processes: about a tenth less
          // time for these files, a sixth for the components'.
          pool: "threads",
          // The files of a worker share one module graph: the product's modules are imported once per worker, not
          // once per file (a third of the project's time). tests/convex/perFile.ts gives each file its hooks.
          isolate: false,
          include: ["tests/convex/**/*.test.ts"],
          setupFiles: ["tests/convex/perFile.ts"],
          testTimeout: 30_000,
          server: { deps: { inline: ["convex-test"] } },
        },
      },
      {
        extends: true,
        test: {
          // The embedded backend runs as child processes; tests talk to it with the real Convex clients.
          // Two files at a time: their backends mostly wait (starts, restarts, retries), each on ports the
          // system hands out (a restarted one binds its own again, taken from a range too wide to collide).
          name: "local-backend",
          environment: "node",
          // The package's own tests (local-backend/README.md).
          include: ["local-backend/tests/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...providerTests],
          globalSetup: [warmStripeValidators],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: "kill",
          environment: "node",
          include: stackTests,
          globalSetup: [warmStripeValidators],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // The product's functions (convex-test) against the provider stand-ins with their outage switch: no
          // embedded backend, each stand-in on a port of its own, so these files run beside the others.
          name: "providers",
          environment: "node",
          include: providerTests,
          globalSetup: [warmStripeValidators],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // Components under happy-dom (what they use of the DOM, in less than half jsdom's start-up per file), the
          // files of a worker in one module graph: each file's own imports are not loaded again (about a fifth of
          // the time it took). The Convex hooks are the same stand-in for all (convexHooks.ts).
          name: "ui",
          environment: "happy-dom",
          pool: "threads",
          isolate: false,
          include: ["tests/ui/**/*.test.{ts,tsx}"],
          exclude: [...configDefaults.exclude, ...uiOwnMocks],
          setupFiles: ["tests/ui/setup.ts", "tests/ui/convexHooks.ts"],
          // Typing into forms is slow when the whole suite shares two cores; a hung test still fails.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          // The component files that mock modules of their own (a lazy page, the PDF, their own hooks): each in a
          // module graph of its own, where those mocks hold.
          name: "ui-own-mocks",
          environment: "happy-dom",
          pool: "threads",
          include: uiOwnMocks,
          setupFiles: ["tests/ui/setup.ts"],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
