// The whole product started as the browser tests' webServer starts it (playwright.config.ts): scripts/start.mjs
// with the embedded backend, a fresh data folder and its own build folder, on six ports from `portBase`. Used by
// `npm run screenshots`, `npm run bench:pages` and `npm run bench:offline`; whatever it started is stopped at the end, on failure too.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium as chromiumLauncher, type Browser, type BrowserContextOptions } from "@playwright/test";
import { ConvexHttpClient } from "convex/browser";
import { api } from "../../convex/_generated/api";
import { demoAccounts } from "../../convex/demo/data";
import { chromium as chromiumOptions } from "../../tests/e2e/env";

const START_TIMEOUT_MS = 240_000;
const STOP_GRACE_MS = 10_000;
const DEMO_PASSWORD = "arcano-demo";

export type DemoRole = "client" | "psychic" | "admin";
export type StorageState = Exclude<BrowserContextOptions["storageState"], string | undefined>;

export interface LocalApp {
  url: string;
  backendUrl: string;
  /** Runs an internal Convex function (seed:callNow, say) with the admin key, as scripts/start.mjs runs seed:run. */
  runInternal(path: string, args: Record<string, unknown>): Promise<unknown>;
  /** A demo role signed in through the auth API the sign-in forms call, as a browser's saved state. */
  signedIn(role: DemoRole): Promise<StorageState>;
  /** The public card id of a listed demo psychic (the profile is /psychics/<id>). */
  psychicId(name: string): Promise<string>;
  stop(): Promise<void>;
}

/** The six ports from `base`, in the order tests/e2e/env.ts uses them. */
function portsFrom(base: number) {
  return { app: base, backend: base + 1, site: base + 2, mail: base + 3, stripe: base + 4, twilio: base + 5 };
}

/** Debian's Chromium with the browser tests' flags (tests/e2e/env.ts). */
export function launchChromium(): Promise<Browser> {
  return chromiumLauncher.launch(chromiumOptions);
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Starts the whole app (`startLocalApp`) and Chromium, runs `work` with both, then closes them; a failure is
 * printed and ends the process with `exitCode`.
 */
export async function withLocalAppAndBrowser(
  portBase: number,
  work: (app: LocalApp, browser: Browser) => Promise<void>,
  exitCode = 1,
): Promise<void> {
  const app = await startLocalApp({ portBase });
  let failed: unknown = null;
  try {
    const browser = await launchChromium();
    try {
      await work(app, browser);
    } finally {
      await browser.close();
    }
  } catch (error) {
    failed = error;
  } finally {
    await app.stop();
  }
  if (failed) {
    console.error(failed);
    process.exit(exitCode);
  }
}

export async function startLocalApp({ portBase, log = console.log }: { portBase: number; log?: (line: string) => void }): Promise<LocalApp> {
  const ports = portsFrom(portBase);
  const dataDir = mkdtempSync(join(tmpdir(), "arcano-local-data-"));
  const outDir = mkdtempSync(join(tmpdir(), "arcano-local-dist-"));
  const url = `http://127.0.0.1:${ports.app}`;
  const backendUrl = `http://127.0.0.1:${ports.backend}`;
  const args = [
    "scripts/start.mjs",
    "--local",
    "--fresh",
    ...["--data-dir", dataDir, "--out-dir", outDir],
    ...["--port", String(ports.app), "--backend-port", String(ports.backend), "--site-port", String(ports.site)],
    ...["--mail-port", String(ports.mail), "--stripe-port", String(ports.stripe), "--twilio-port", String(ports.twilio)],
  ];
  // Its own process group: start.mjs's children (backend, stand-ins, vite preview through npx) are stopped with it.
  const child = spawn(process.execPath, args, { detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-6000));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);

  let stopped: Promise<void> | null = null;
  let groupGone = false;
  const stop = () =>
    (stopped ??= stopGroup(child).finally(() => {
      groupGone = true;
      cleanUp(dataDir, outDir);
    }));
  // Ctrl+C or a kill stops the app too; a crash of this process at least signals the group.
  const onSignal = () => void stop().then(() => process.exit(130));
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  process.once("exit", () => groupGone || signalGroup(child, "SIGKILL"));

  try {
    log(`avvio dell'app su ${url} (build e dati demo: circa un minuto)…`);
    await waitUntilServing(child, url, () => output);
  } catch (error) {
    await stop();
    throw error;
  }

  const adminKey = () => (JSON.parse(readFileSync(join(dataDir, "backend", "keys.json"), "utf8")) as { adminKey: string }).adminKey;
  const namespace = backendUrl.replace(/[^a-zA-Z0-9]/g, "");
  return {
    url,
    backendUrl,
    async runInternal(path, fnArgs) {
      const response = await fetch(`${backendUrl}/api/function`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Convex ${adminKey()}` },
        body: JSON.stringify({ path, args: fnArgs, format: "json" }),
      });
      const result = (await response.json()) as { status: string; value?: unknown; errorMessage?: string };
      if (result.status !== "success") throw new Error(`${path}: ${result.errorMessage}`);
      return result.value;
    },
    async signedIn(role) {
      const email = demoAccounts[role].email;
      const params = { flow: "signIn", email, password: DEMO_PASSWORD, ...(role === "admin" ? { adminLogin: true } : {}) };
      const result = await new ConvexHttpClient(backendUrl, { logger: false }).action(api.auth.signIn, { provider: "password", params });
      if (!result.tokens) throw new Error(`no session for ${email}`);
      // Where @convex-dev/auth keeps the session in the browser: localStorage, namespaced by the backend's address.
      const localStorage = [
        { name: `__convexAuthJWT_${namespace}`, value: result.tokens.token },
        { name: `__convexAuthRefreshToken_${namespace}`, value: result.tokens.refreshToken },
      ];
      return { cookies: [], origins: [{ origin: url, localStorage }] };
    },
    async psychicId(name) {
      const { page: psychics } = await new ConvexHttpClient(backendUrl, { logger: false }).query(api.catalogue.listPage, { paginationOpts: { numItems: 10, cursor: null }, search: name, now: Date.now() });
      const psychic = psychics.find((card) => card.psychicName === name);
      if (!psychic) throw new Error(`${name} is not in the public list`);
      return psychic.id;
    },
    stop,
  };
}

/** Resolves once the app answers on `url`; rejects if start.mjs exits first or takes too long. */
async function waitUntilServing(child: ChildProcess, url: string, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`scripts/start.mjs è terminato (${child.exitCode ?? child.signalCode}) prima di essere pronto:\n${output()}`);
    }
    if (output().includes("Arcano è pronto")) {
      const ok = await fetch(url).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return;
    }
    await sleep(250);
  }
  throw new Error(`l'app non ha risposto su ${url} entro ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

/** SIGTERM to the group (start.mjs stops its children), SIGKILL to whatever is left after the grace period. */
async function stopGroup(child: ChildProcess): Promise<void> {
  const exited =
    child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((done) => child.once("exit", () => done()));
  signalGroup(child, "SIGTERM");
  await Promise.race([exited, sleep(STOP_GRACE_MS)]);
  // The children may outlive start.mjs by a moment; nothing of the group may stay behind.
  await sleep(300);
  signalGroup(child, "SIGKILL");
}

function cleanUp(...dirs: string[]) {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}

/** A Monday `weeksAhead` weeks from now (Selene works Monday 09:00–11:30 and 14:00–17:30), as tests/e2e/api.ts picks it. */
export function mondayAhead(weeksAhead: number): string {
  const date = new Date(Date.now() + weeksAhead * 7 * 24 * 3600_000);
  while (date.getUTCDay() !== 1) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** `--port-base N` from the command line, else PORT_BASE, else `fallback`. */
export function portBaseFromArgs(fallback: number): number {
  const index = process.argv.indexOf("--port-base");
  const raw = index >= 0 ? process.argv[index + 1] : process.env.PORT_BASE;
  const base = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(base) || base < 1024 || base > 65530) throw new Error(`--port-base: ${raw} non è una porta valida`);
  return base;
}
