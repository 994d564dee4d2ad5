import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromium, e2ePorts } from "./tests/e2e/env";

const baseURL = `http://127.0.0.1:${e2ePorts.app}`;
const launchOptions = chromium;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // A failed test keeps its trace (actions, DOM snapshots, network) and a screenshot of the moment it failed.
  // The trace's screencast is left out: recording every test's frames cost a quarter of the suite's CPU. CI keeps
  // no artefacts, so there the trace is not recorded at all; the failure's screenshot and message still print.
  use: {
    baseURL,
    trace: process.env.CI ? "off" : { mode: "retain-on-failure", screenshots: false, snapshots: true, sources: true },
    screenshot: "only-on-failure",
    locale: "it-IT",
    timezoneId: "Europe/Rome",
    // The app shell's service worker would precache the whole build (3.5 MB) in every test's fresh context;
    // the specs about it (offline.*.spec.ts) allow it with test.use({ serviceWorkers: "allow" }).
    serviceWorkers: "block",
  },
  projects: [
    // Each demo role signed in once; the other projects start from the saved sessions (env.ts sessionFile).
    { name: "sessions", use: { ...devices["Desktop Chrome"], launchOptions }, testMatch: /sessions\.setup\.ts/ },
    // At 1280 px; a spec proves a journey at 360 px too in a block that uses tests/e2e/widths.ts's PHONE.
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], launchOptions },
      testIgnore: /.*\.exclusive\.spec\.ts/,
      dependencies: ["sessions"],
    },
    // Platform-wide switches (settings.exclusive.spec.ts): after every other test, one at a time.
    {
      name: "exclusive",
      use: { ...devices["Desktop Chrome"], launchOptions },
      testMatch: /.*\.exclusive\.spec\.ts/,
      dependencies: ["desktop"],
      fullyParallel: false,
      // Its files flip switches too: one test at a time across them.
      workers: 1,
    },
  ],
  // The whole product as `npm start` runs it, on its own ports and a fresh data folder.
  webServer: {
    command: [
      "node scripts/start.mjs --local --fresh",
      `--data-dir ${join(tmpdir(), `arcano-e2e-data-${e2ePorts.app}`)}`,
      `--out-dir ${join(tmpdir(), `arcano-e2e-dist-${e2ePorts.app}`)}`,
      `--port ${e2ePorts.app} --backend-port ${e2ePorts.backend}`,
      `--site-port ${e2ePorts.site} --mail-port ${e2ePorts.mail} --stripe-port ${e2ePorts.stripe}`,
      `--twilio-port ${e2ePorts.twilio}`,
    ].join(" "),
    url: baseURL,
    // The offline journeys (offline.exclusive.spec.ts) make the backend drop its sockets for a while.
    env: { LOCAL_BACKEND_TEST_FAULTS: "1" },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
