// Command line: node --import tsx local-backend/src/main.ts [--convex-dir convex] --data-dir .local-data \
//   [--port 3210] [--site-port 3211] [--env-file .env.local] [--watch]
// With --convex-dir it builds and serves that folder; without, the code last pushed with `npx convex dev`
// or `npx convex deploy` (CONVEX_SELF_HOSTED_URL and CONVEX_SELF_HOSTED_ADMIN_KEY from the ready line).
// Prints one line `LOCAL_BACKEND_READY {"cloudUrl":...,"siteUrl":...}` once it accepts connections.
import fs from "node:fs";
import { startBackend, type Backend } from "./server.ts";
import { DataDirInUseError } from "./lock.ts";
import { ModuleLoadError } from "./modules.ts";
import { backendLog } from "./logs.ts";
import { failActionOfUncaughtException } from "./functions.ts";
import { installLongTimers } from "./longTimers.ts";

function option(argv: string[], name: string, fallback?: string): string {
  const i = argv.indexOf(name);
  const v = i >= 0 ? argv[i + 1] : fallback;
  if (v === undefined) throw new Error(`Missing ${name}`);
  return v;
}

/** KEY=VALUE lines (quotes stripped); variables already in the environment win. */
function loadEnvFile(file: string): void {
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m || line.trim().startsWith("#")) continue;
    const value = m[2].replace(/^(['"])(.*)\1$/, "$2");
    process.env[m[1]] ??= value;
  }
}

// Before convex/ is loaded: a job scheduled weeks ahead must not run at once (longTimers.ts).
installLongTimers();

// Deep enough to reach a caller's frames through the engine's own (errors name the app's frames only).
Error.stackTraceLimit = 50;

const argv = process.argv.slice(2);
const envFile = argv.includes("--env-file") ? option(argv, "--env-file") : undefined;
if (envFile) loadEnvFile(envFile);

const port = Number(option(argv, "--port", "3210"));
const sitePort = Number(option(argv, "--site-port", "3211"));
let backend: Backend;
try {
  backend = await startBackend({
    convexDir: argv.includes("--convex-dir") ? option(argv, "--convex-dir") : undefined,
    dataDir: option(argv, "--data-dir", ".local-data"),
    port,
    sitePort,
    watch: argv.includes("--watch"),
  });
} catch (e) {
  // The start-up failures a person can fix get a plain sentence instead of a stack trace.
  const err = e as NodeJS.ErrnoException & { port?: number };
  if (err.code === "EADDRINUSE") backendLog(`Port ${err.port ?? `${port} or ${sitePort}`} is already in use: is another backend running? Choose others with --port and --site-port.`);
  else if (e instanceof DataDirInUseError) backendLog(e.message);
  else if (e instanceof ModuleLoadError) backendLog(`convex/ cannot be loaded, as \`npx convex dev\` would refuse it:\n${e.message}`);
  else throw e;
  process.exit(1);
}
process.stdout.write(`LOCAL_BACKEND_READY ${JSON.stringify({ cloudUrl: backend.cloudUrl, siteUrl: backend.siteUrl, adminKey: backend.adminKey, pid: process.pid })}\n`);

// A failing function, job or handler is reported, never fatal.
process.on("uncaughtException", (e) => {
  if (!failActionOfUncaughtException(e)) backendLog(`uncaught: ${e?.stack ?? String(e)}`);
});
process.on("unhandledRejection", (e) => backendLog(`unhandled rejection: ${(e as Error)?.stack ?? String(e)}`));
for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.once(sig, () => {
    void backend.close().then(() => process.exit(0));
  });
}
