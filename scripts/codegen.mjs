#!/usr/bin/env node
// `npm run codegen`: convex/_generated from the code, offline. With components the Convex CLI generates their
// API from a deployment's analysis of the push, so this pushes to a throwaway embedded backend (its own data
// folder, free ports) and keeps only the generated code. Against a real deployment `npx convex dev` does the same.
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const backendMain = fileURLToPath(import.meta.resolve("@arcano/local-backend/backend/main"));
const cli = fileURLToPath(import.meta.resolve("convex/package.json")).replace(/package\.json$/, "bin/main.js");
const READY = "LOCAL_BACKEND_READY ";

const dataDir = mkdtempSync(join(tmpdir(), "arcano-codegen-"));
const backend = spawn(process.execPath, ["--import", "tsx", backendMain, "--data-dir", join(dataDir, "backend"), "--port", "0", "--site-port", "0"], {
  stdio: ["ignore", "pipe", "inherit"],
});
const ready = await new Promise((resolve, reject) => {
  let out = "";
  backend.stdout.on("data", (chunk) => {
    out += chunk.toString();
    const at = out.indexOf(READY);
    if (at >= 0 && out.indexOf("\n", at) > 0) resolve(JSON.parse(out.slice(at + READY.length, out.indexOf("\n", at))));
  });
  backend.once("exit", (code) => reject(new Error(`il backend locale è terminato (${code}) prima di essere pronto`)));
});
let status = 0;
try {
  execFileSync(process.execPath, [cli, "codegen", "--typecheck", "disable", ...process.argv.slice(2)], {
    stdio: "inherit",
    // The deployment in the environment, never on a command line (`ps` shows those to every user).
    env: { ...process.env, CI: "1", CONVEX_DEPLOYMENT: "", CONVEX_SELF_HOSTED_URL: ready.cloudUrl, CONVEX_SELF_HOSTED_ADMIN_KEY: ready.adminKey },
  });
} catch (error) {
  status = error.status ?? 1;
} finally {
  backend.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
