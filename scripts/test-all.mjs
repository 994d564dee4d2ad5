#!/usr/bin/env node
// Runs every suite (type-check, lint, import cycles, Vitest, Playwright) and ends with one line
// "N passed, N failed" over all of them. Type-check, lint and the cycle check count as one test each.
// Before the summary it names the ten slowest tests across Vitest and Playwright.
//
// The embedded backend's Vitest project (two files at a time; its files start backend processes and mostly
// wait on them) runs beside the checks, which are single-threaded, and its output follows theirs; the other
// Vitest projects then have both cores, and Playwright runs last.
import { spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";

const outDir = join(process.cwd(), "test-results", "summary");
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
/** Every test's time: { ms, label }. */
const timings = [];

function run(label, command, args, env = {}) {
  console.log(`\n━━ ${label}: ${[command, ...args].join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return { ok: result.status === 0, seconds };
}

function record(label, passed, failed, skipped, seconds) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  lines.push(`${label.padEnd(14)} ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""} (${seconds} s)`);
}

function check(label, command, args) {
  const { ok, seconds } = run(label, command, args);
  record(label, ok ? 1 : 0, ok ? 0 : 1, 0, seconds);
}

function vitestTimings(json) {
  for (const file of json.testResults ?? []) {
    const path = relative(process.cwd(), file.name);
    for (const test of file.assertionResults ?? []) {
      if (typeof test.duration !== "number") continue;
      timings.push({ ms: test.duration, label: `[vitest] ${[path, ...test.ancestorTitles, test.title].join(" › ")}` });
    }
  }
}

// Suites nest: the file, then each describe block; a test's time is that of all its attempts.
function playwrightTimings(suite, titles = []) {
  const path = suite.title ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      const ms = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
      timings.push({ ms, label: `[playwright ${test.projectName}] ${[...path, spec.title].join(" › ")}` });
    }
  }
  for (const child of suite.suites ?? []) playwrightTimings(child, path);
}

function printSlowest(count) {
  const slowest = timings.sort((a, b) => b.ms - a.ms).slice(0, count);
  if (slowest.length === 0) return;
  console.log(`\n━━ The ${slowest.length} slowest tests`);
  for (const { ms, label } of slowest) {
    const text = label.length > 160 ? `${label.slice(0, 159)}…` : label;
    console.log(`${(ms / 1000).toFixed(1).padStart(6)} s  ${text}`);
  }
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return null;
  }
}

/** Vitest's arguments for some of its projects, with a JSON report. */
function vitestArgs(report, projects) {
  return ["vitest", "run", ...projects.map((name) => `--project=${name}`), "--reporter=default", "--reporter=json", `--outputFile.json=${report}`];
}

/** Records a Vitest run from its JSON report; read at once, as Playwright empties test-results/ (its outputDir). */
function recordVitest(label, report, ok, seconds) {
  const json = readJson(report);
  if (json) {
    vitestTimings(json);
    const failed = json.numFailedTests + (ok || json.numFailedTests ? 0 : 1);
    record(label, json.numPassedTests, failed, json.numPendingTests + json.numTodoTests, seconds);
  } else {
    record(label, 0, 1, 0, seconds);
  }
}

/** Starts a command, its output to a file (`logPath`) or to this terminal; resolves when it ends. */
function runAsync(label, command, args, logPath) {
  console.log(`\n━━ ${label}${logPath ? " (its output follows the others')" : ""}: ${[command, ...args].join(" ")}`);
  const started = Date.now();
  const out = logPath ? openSync(logPath, "w") : null;
  const stdio = out === null ? "inherit" : ["ignore", out, out];
  // A run whose output goes to a file keeps its colours for when the file is printed.
  const child = spawn(command, args, { stdio, env: out === null ? process.env : { ...process.env, FORCE_COLOR: "1" } });
  return new Promise((resolve) => {
    child.on("close", (status) => {
      if (out !== null) closeSync(out);
      resolve({ ok: status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
    });
  });
}

{
  const backendReport = join(outDir, "vitest-backend.json");
  const backendLog = join(outDir, "vitest-backend.log");
  const backendRun = runAsync("vitest backend", "npx", vitestArgs(backendReport, ["local-backend"]), backendLog);

  // TypeScript's native compiler (tsgo): the same checks as tsc in about a seventh of the CPU, which the
  // embedded backend's files beside it get instead. `npm run typecheck:tsc` runs the JavaScript one.
  check("types app", "npx", ["tsgo", "-p", "tsconfig.json", "--noEmit"]);
  check("types convex", "npx", ["tsgo", "-p", "convex/tsconfig.json", "--noEmit"]);
  check("types backend", "npx", ["tsgo", "-p", "local-backend/tsconfig.json", "--noEmit"]);
  check("lint", "npx", ["eslint", ".", "--max-warnings", "0"]);
  check("cycles", "npm", ["run", "--silent", "check:cycles"]);
  // The whole-stack tests (tests/stack: the kill -9 fault test, npm start) mostly wait (a backend's seed, the kill,
  // the restart): after the checks, beside the embedded backend's other files, each on its own ports.
  {
    const report = join(outDir, "vitest-kill.json");
    const { ok, seconds } = run("vitest kill", "npx", vitestArgs(report, ["kill"]));
    recordVitest("vitest kill", report, ok, seconds);
  }

  const backend = await backendRun;
  console.log("\n━━ vitest backend: its output");
  process.stdout.write(readFileSync(backendLog));
  recordVitest("vitest backend", backendReport, backend.ok, backend.seconds);
}

// The other Vitest projects, with both cores. (Started beside the backend's last files instead, they shared the
// cores so badly that the whole took longer.)
{
  const report = join(outDir, "vitest.json");
  // Every project but the two run above (a new project must be named here).
  const { ok, seconds } = run("vitest", "npx", vitestArgs(report, ["repo", "convex", "providers", "ui", "ui-own-mocks"]));
  recordVitest("vitest", report, ok, seconds);
}

/** Where the browser tests ran, for the summary (set when they start). */
let network;

// Playwright in Debian's Chromium, inside a network namespace with only loopback when we may make one,
// so nothing a page does can leave the machine.
{
  const report = join(outDir, "playwright.json");
  const env = { PLAYWRIGHT_JSON_OUTPUT_NAME: report, PLAYWRIGHT_JSON_OUTPUT_FILE: report };
  const pwArgs = ["playwright", "test", "--reporter=list,json"];
  const isolated = spawnSync("unshare", ["-n", "sh", "-c", "ip link set lo up"], { stdio: "ignore" }).status === 0;
  // Both pass (calls included, docs/calls-and-offline.md); the summary says which this run was.
  network = isolated
    ? "the browser tests ran in a network namespace with only loopback (unshare -n)"
    : "the browser tests ran on the machine's network (unshare is not allowed here): loopback and every other interface";
  console.log(`\n━━ ${network}`);
  const { ok, seconds } = isolated
    ? run("playwright", "unshare", ["-n", "sh", "-c", `ip link set lo up && exec npx ${pwArgs.join(" ")}`], env)
    : run("playwright", "npx", pwArgs, env);
  const json = existsSync(report) ? readJson(report) : null;
  if (json?.stats) {
    for (const suite of json.suites ?? []) playwrightTimings(suite);
    const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = json.stats;
    const failed = unexpected + (ok || unexpected ? 0 : 1);
    record("playwright", expected + flaky, failed, skipped, seconds);
  } else {
    record("playwright", 0, 1, 0, seconds);
  }
}

printSlowest(10);
console.log("\n━━ Summary");
for (const line of lines) console.log(line);
if (network) console.log(network);
// Skipped tests (the exclusive project skips when a project it waits for failed) are named on their
// own line: the closing line is always the plain "N passed, N failed".
if (totals.skipped) console.log(`${totals.skipped} skipped`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
