#!/usr/bin/env node
// `npm run parity -- --suite <folder>`: Convex's own integration suite (`js-integration-tests` of the open-source
// backend, get-convex/convex-backend) run against the embedded backend, to measure how far it behaves as Convex's
// does. The suite is not ours to copy into this repository: it is taken from a checkout given at run time, copied to
// a temporary folder with its own dependencies (from the npm registry), its `convex/` pushed with the Convex CLI to a
// fresh embedded backend, and its Jest tests run against it. Not part of `npm test` (it needs the suite and the
// registry); docs/embedded-backend.md, "Parity", says what passes and what differs.
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const { values: opts } = parseArgs({
  options: {
    // A js-integration-tests folder (e.g. npm-packages/js-integration-tests of a convex-backend checkout).
    suite: { type: "string" },
    // Where to write the per-file results (JSON); printed either way.
    out: { type: "string" },
    // Only the test files whose path matches (Jest's pattern).
    only: { type: "string" },
    keep: { type: "boolean", default: false },
  },
});
if (!opts.suite || !existsSync(join(opts.suite, "convex"))) {
  console.error("Uso: npm run parity -- --suite <cartella js-integration-tests> [--only <file>] [--out risultati.json]");
  process.exit(2);
}

const backendMain = fileURLToPath(import.meta.resolve("@arcano/local-backend/backend/main"));
const convexVersion = JSON.parse(readFileSync(fileURLToPath(import.meta.resolve("convex/package.json")), "utf8")).version;
const work = mkdtempSync(join(tmpdir(), "arcano-parity-"));
const suite = join(work, "suite");

// 1. The suite, with this project's Convex version, and its Node actions bundled whole: the embedded backend does not
// install `node.externalPackages` (docs/embedded-backend.md, "What still differs").
cpSync(resolve(opts.suite), suite, { recursive: true, filter: (src) => !src.includes("node_modules") });
const pkg = JSON.parse(readFileSync(join(suite, "package.json"), "utf8"));
pkg.devDependencies.convex = convexVersion;
// Upstream's workspace provides it; query.test.tsx runs in it.
pkg.devDependencies["jest-environment-jsdom"] = pkg.devDependencies["@jest/types"];
writeFileSync(join(suite, "package.json"), JSON.stringify(pkg, null, 2));
writeFileSync(join(suite, "convex.json"), "{}\n");
// The one module that needs them (it imports Jest, which no bundle can hold): left out, its tests fail.
rmSync(join(suite, "convex/actions/externalNodeDeps.ts"), { force: true });
console.log(`━━ the suite's dependencies (convex ${convexVersion})`);
execFileSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: suite, stdio: "inherit" });

// 2. A fresh embedded backend, the suite's functions pushed to it with the CLI.
const backend = spawn(process.execPath, ["--import", "tsx", backendMain, "--data-dir", join(work, "data"), "--port", "0", "--site-port", "0"], {
  stdio: ["ignore", "pipe", "pipe"],
});
let backendLog = "";
backend.stderr.on("data", (chunk) => (backendLog += chunk));
const ready = await new Promise((done, fail) => {
  let out = "";
  backend.stdout.on("data", (chunk) => {
    out += chunk;
    backendLog += chunk;
    const line = out.split("\n").find((l) => l.startsWith("LOCAL_BACKEND_READY "));
    if (line) done(JSON.parse(line.slice("LOCAL_BACKEND_READY ".length)));
  });
  backend.once("exit", (code) => fail(new Error(`il backend locale è terminato (${code}):\n${backendLog}`)));
});
const deployment = { CONVEX_SELF_HOSTED_URL: ready.cloudUrl, CONVEX_SELF_HOSTED_ADMIN_KEY: ready.adminKey, CONVEX_DEPLOYMENT: "" };
let summary;
try {
  console.log("━━ npx convex deploy of the suite's convex/");
  execFileSync(process.execPath, [join(suite, "node_modules/convex/bin/main.js"), "deploy", "--typecheck", "disable"], {
    cwd: suite,
    stdio: "inherit",
    env: { ...process.env, ...deployment, CI: "1" },
  });

  // 3. Its Jest tests, one file at a time as upstream runs them, against this backend.
  console.log("━━ jest");
  const report = join(work, "jest.json");
  const jest = spawn(
    process.execPath,
    [join(suite, "node_modules/jest/bin/jest.js"), "--json", `--outputFile=${report}`, "--maxWorkers=1", "--forceExit", ...(opts.only ? [opts.only] : [])],
    {
      cwd: suite,
      stdio: "inherit",
      // SKIP_INSTANCE_SECRET_TESTS: the suite's own switch for a backend whose instance secret is not Convex's dev
      // secret (its expired upload token was signed with that one).
      env: { ...process.env, DEPLOYMENT_URL: ready.cloudUrl, SITE_URL: ready.siteUrl, ADMIN_KEY: ready.adminKey, SKIP_INSTANCE_SECRET_TESTS: "1" },
    },
  );
  await new Promise((done) => jest.once("exit", done));
  const results = existsSync(report) ? JSON.parse(readFileSync(report, "utf8")) : { testResults: [] };
  summary = results.testResults.map((file) => ({
    file: file.name.slice(suite.length + 1),
    passed: file.assertionResults.filter((t) => t.status === "passed").length,
    failed: file.assertionResults.filter((t) => t.status === "failed").map((t) => t.fullName),
    // A file that did not run at all (it did not compile, or its setup failed).
    error: file.assertionResults.length === 0 ? (file.message ?? "").split("\n").slice(0, 6).join("\n") : undefined,
  }));
} finally {
  backend.kill("SIGTERM");
  if (!opts.keep) rmSync(work, { recursive: true, force: true });
  else console.log(`kept: ${work}`);
}

console.log("\n━━ parity, file by file");
for (const file of summary.sort((a, b) => a.file.localeCompare(b.file))) {
  console.log(`${file.file.padEnd(44)} ${String(file.passed).padStart(3)} passed, ${String(file.failed.length).padStart(3)} failed${file.error ? "  (did not run)" : ""}`);
}
if (opts.out) writeFileSync(opts.out, JSON.stringify(summary, null, 2));
const passed = summary.reduce((n, f) => n + f.passed, 0);
const failed = summary.reduce((n, f) => n + f.failed.length + (f.error ? 1 : 0), 0);
console.log(`${passed} passed, ${failed} failed`);
