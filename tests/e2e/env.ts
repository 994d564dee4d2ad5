/** Where the e2e run's servers listen (playwright.config.ts starts them). */
// E2E_PORT_BASE lets two runs share a machine (each on its own five ports).
const base = Number(process.env.E2E_PORT_BASE ?? 4317);
export const e2ePorts = { app: base, backend: base + 1, site: base + 2, mail: base + 3, stripe: base + 4 } as const;
export const mailboxUrl = `http://127.0.0.1:${e2ePorts.mail}`;

/** A fresh address per test, so parallel tests never share an account. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@esempio.it`;
}

/** The latest email sent to `to`, read from the local mailbox. */
export async function latestEmailTo(to: string): Promise<{ subject: string; text?: string } | undefined> {
  const response = await fetch(`${mailboxUrl}/api/messages?to=${encodeURIComponent(to)}`);
  const list = (await response.json()) as Array<{ subject: string; text?: string }>;
  return list[0];
}
