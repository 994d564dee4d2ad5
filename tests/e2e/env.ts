import { existsSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
/** Where the e2e run's servers listen (playwright.config.ts starts them). */
// E2E_PORT_BASE lets two runs share a machine (each on its own six ports).
const base = Number(process.env.E2E_PORT_BASE ?? 4317);
export const e2ePorts = { app: base, backend: base + 1, site: base + 2, mail: base + 3, stripe: base + 4, twilio: base + 5 } as const;
const mailboxUrl = `http://127.0.0.1:${e2ePorts.mail}`;

/** A fresh address per test, so parallel tests never share an account. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@esempio.it`;
}

/** The e2e run's data folder (playwright.config.ts passes it to scripts/start.mjs). */
export const e2eDataDir = join(tmpdir(), `arcano-e2e-data-${e2ePorts.app}`);

/** The latest email sent to `to`, read from the local mailbox with its access token (new at each start). */
export async function latestEmailTo(to: string): Promise<{ subject: string; text?: string } | undefined> {
  const token = readFileSync(join(e2eDataDir, "mail", "access-token"), "utf8");
  const response = await fetch(`${mailboxUrl}/api/messages?to=${encodeURIComponent(to)}`, { headers: { authorization: `Bearer ${token}` } });
  const list = (await response.json()) as Array<{ subject: string; text?: string }>;
  return list[0];
}

/** What the Stripe stand-in's test routes (`/__local/…`) take: its access token (new at each start). */
export function stripeTestRouteHeaders(): Record<string, string> {
  const token = readFileSync(join(e2eDataDir, "stripe", "access-token"), "utf8");
  return { "content-type": "application/json", authorization: `Bearer ${token}` };
}

/** The six-digit code of the latest email to `to`, once it has arrived (a sign-up or reset code). */
export async function codeSentTo(to: string, subjectPart: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const message = await latestEmailTo(to);
    const code = message?.subject.includes(subjectPart) ? message.text?.match(/\b(\d{6})\b/)?.[1] : undefined;
    if (code) return code;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`no code "${subjectPart}" reached ${to}`);
}

/** Runs an internal Convex function (seed:callNow, say) on the e2e backend with its admin key, as scripts/start.mjs does. */
export async function runInternal(path: string, args: Record<string, unknown>): Promise<unknown> {
  const keysFile = join(e2eDataDir, "backend", "keys.json");
  const { adminKey } = JSON.parse(readFileSync(keysFile, "utf8")) as { adminKey: string };
  const response = await fetch(`http://127.0.0.1:${e2ePorts.backend}/api/function`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Convex ${adminKey}` },
    body: JSON.stringify({ path, args, format: "json" }),
  });
  const result = (await response.json()) as { status: string; value?: unknown; errorMessage?: string };
  if (result.status !== "success") throw new Error(`${path}: ${result.errorMessage}`);
  return result.value;
}

export type DemoRole = "client" | "psychic" | "admin";

/** Where the sessions project (sessions.setup.ts) saves each demo role's signed-in browser state. */
export function sessionFile(role: DemoRole): string {
  return join(tmpdir(), `arcano-e2e-sessions-${e2ePorts.app}`, `${role}.json`);
}

/**
 * Debian's Chromium (Playwright's own browser download is not reachable from these machines) and its flags.
 * Its headless shell when installed (`apt-get install chromium-headless-shell`, as .ci/run does): the same
 * engine without the desktop browser around it, which ran the browser tests in two thirds of the time.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
  ],
};
