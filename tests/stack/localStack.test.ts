// `npm start` (scripts/start.mjs) as it runs on a laptop: the stand-ins and the backend get their secrets
// through the environment, which only their owner can read, never on a command line, which `ps` shows to
// every user; and the data folder it creates is the owner's only. Read from /proc, so Linux only.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { eventually, removeDir } from "@arcano/local-backend/testing/backend";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Every process under `root` (its children, theirs, …), with its command line and environment. */
function descendants(root: number): Array<{ pid: number; cmdline: string; environ: Record<string, string> }> {
  const parents = new Map<number, number>();
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // pid (comm) state ppid …: the name may hold spaces, so read after its closing parenthesis.
      const stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // Gone already.
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift()!;
    for (const [child, parent] of parents) {
      if (parent !== pid) continue;
      found.push(child);
      queue.push(child);
    }
  }
  return found.flatMap((pid) => {
    try {
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
      const environ = Object.fromEntries(
        fs
          .readFileSync(`/proc/${pid}/environ`, "utf8")
          .split("\0")
          .filter(Boolean)
          .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
      );
      return [{ pid, cmdline, environ }];
    } catch {
      return [];
    }
  });
}

const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "local-stack-")), "data");
afterAll(() => removeDir(path.dirname(dataDir)));

describe.skipIf(process.platform !== "linux")("npm start's local stack", () => {
  it("passes no secret on a command line, and keeps its data folder the owner's only", async () => {
    const env = { ...process.env };
    delete env.VITE_CONVEX_URL;
    const args = [
      "scripts/start.mjs",
      "--local",
      "--fresh",
      "--no-seed",
      "--data-dir",
      dataDir,
      "--out-dir",
      path.join(path.dirname(dataDir), "dist"),
    ];
    args.push("--port", "0", "--backend-port", "0", "--site-port", "0", "--mail-port", "0", "--stripe-port", "0", "--twilio-port", "0");
    // Its own process group, so the whole stack (and a build it may have begun) stops with it.
    const start = spawn(process.execPath, args, { cwd: repoRoot, env, detached: true, stdio: "ignore" });
    try {
      const stack = await eventually(
        () => {
          const processes = descendants(start.pid!);
          const backend = processes.find((p) => p.cmdline.includes("local-backend/src/main.ts"));
          const written = ["keys.json", "environment.json"].every((file) => fs.existsSync(path.join(dataDir, "backend", file)));
          return backend && written ? processes : undefined;
        },
        "the mail catcher, the Stripe and Twilio stand-ins and the backend",
        60_000,
      );
      const mail = stack.find((p) => p.cmdline.includes("local-backend/mail/main.ts"))!;
      const stripe = stack.find((p) => p.cmdline.includes("local-backend/stripe/main.ts"))!;
      const backend = stack.find((p) => p.cmdline.includes("local-backend/src/main.ts"))!;
      const twilio = stack.find((p) => p.cmdline.includes("local-backend/twilio/main.ts"))!;
      const secrets = {
        twilioApiKeySecret: twilio.environ.TWILIO_STANDIN_API_KEY_SECRET,
        twilioAuthToken: twilio.environ.TWILIO_STANDIN_AUTH_TOKEN,
        mailApiKey: mail.environ.MAIL_CATCHER_API_KEY,
        stripeApiKey: stripe.environ.STRIPE_STANDIN_API_KEY,
        webhookSecret: stripe.environ.STRIPE_STANDIN_WEBHOOK_SECRET,
        connectWebhookSecret: stripe.environ.STRIPE_STANDIN_CONNECT_WEBHOOK_SECRET,
        mailboxToken: fs.readFileSync(path.join(dataDir, "mail", "access-token"), "utf8"),
        stripeAccessToken: fs.readFileSync(path.join(dataDir, "stripe", "access-token"), "utf8"),
        adminKey: (JSON.parse(fs.readFileSync(path.join(dataDir, "backend", "keys.json"), "utf8")) as { adminKey: string }).adminKey,
      };
      for (const [name, value] of Object.entries(secrets)) expect(value, name).toMatch(/.{16,}/);
      // The backend takes the same secrets from its environment as the deployment's variables (the Convex
      // functions read them from process.env, as on a deployment; `npx convex env list` lists them).
      expect(JSON.parse(backend.environ.LOCAL_BACKEND_ENV)).toMatchObject({
        RESEND_API_KEY: secrets.mailApiKey,
        STRIPE_SECRET_KEY: secrets.stripeApiKey,
        STRIPE_WEBHOOK_SECRET: secrets.webhookSecret,
        STRIPE_CONNECT_WEBHOOK_SECRET: secrets.connectWebhookSecret,
        // The demo seed's payments and onboarding at the stand-in's test routes.
        STRIPE_STANDIN_ACCESS_TOKEN: secrets.stripeAccessToken,
      });
      expect(secrets.connectWebhookSecret).not.toBe(secrets.webhookSecret);
      const commandLines = [fs.readFileSync(`/proc/${start.pid}/cmdline`, "utf8"), ...descendants(start.pid!).map((p) => p.cmdline)];
      for (const line of commandLines) {
        for (const [name, value] of Object.entries(secrets)) expect(line.includes(value), `${name} in ${line}`).toBe(false);
      }

      const modeOf = (file: string) => fs.statSync(path.join(dataDir, file)).mode & 0o777;
      for (const dir of ["", "mail", "stripe", "twilio", "backend"]) expect(modeOf(dir), `${dir || "data"}/`).toBe(0o700);
      const ownerOnly = ["mail/access-token", "stripe/access-token", "backend/keys.json", "backend/environment.json", "twilio/standin.json", "twilio/certificate.json"];
      for (const file of ownerOnly) expect(modeOf(file), file).toBe(0o600);
    } finally {
      process.kill(-start.pid!, "SIGKILL");
    }
  });
});
