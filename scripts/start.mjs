#!/usr/bin/env node
// `npm start` / `npm run dev`: the whole product on this machine, offline. Starts the local mail and
// Stripe stand-ins and the embedded Convex backend on the data folder, seeds the demo data on the first
// start, then serves the app wired to that backend (built, or Vite with hot reload in dev). Ctrl+C stops
// everything.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

/** A program of the embedded backend's package, by the name its package.json exports it under. */
const program = (name) => fileURLToPath(import.meta.resolve(`@arcano/local-backend/${name}`));
/** The Convex CLI from node_modules (`npx convex`). */
const convexCli = fileURLToPath(import.meta.resolve("convex/package.json")).replace(/package\.json$/, "bin/main.js");

const { values: opts } = parseArgs({
  options: {
    dev: { type: "boolean", default: false },
    "data-dir": { type: "string", default: process.env.ARCANO_DATA_DIR ?? ".local-data" },
    port: { type: "string", default: process.env.PORT ?? "5173" },
    "backend-port": { type: "string", default: process.env.BACKEND_PORT ?? "3210" },
    "site-port": { type: "string", default: process.env.BACKEND_SITE_PORT ?? "3211" },
    "mail-port": { type: "string", default: process.env.MAIL_PORT ?? "3212" },
    "stripe-port": { type: "string", default: process.env.STRIPE_PORT ?? "3213" },
    "twilio-port": { type: "string", default: process.env.TWILIO_PORT ?? "3214" },
    // Calls through the Twilio Voice stand-in instead of browser-to-browser WebRTC (docs/calls-and-offline.md).
    twilio: { type: "boolean", default: false },
    fresh: { type: "boolean", default: false },
    "no-seed": { type: "boolean", default: false },
    // Where the built app goes; parallel runs (tests) each use their own.
    "out-dir": { type: "string", default: "dist" },
    // Use the embedded backend even when .env.local names a Convex deployment (the browser tests do).
    local: { type: "boolean", default: false },
  },
});

/**
 * VITE_CONVEX_URL from the environment or .env.local (written by `npx convex dev`). A loopback address is
 * this machine's embedded backend (`npx convex dev` against it writes one there), which `npm start` runs itself.
 */
function configuredDeployment() {
  const fromFile = () => {
    if (!existsSync(".env.local")) return undefined;
    const line = readFileSync(".env.local", "utf8")
      .split("\n")
      .find((l) => /^\s*VITE_CONVEX_URL\s*=/.test(l));
    return line?.split("=").slice(1).join("=").trim().replace(/^(['"])(.*)\1$/, "$2") || undefined;
  };
  const url = process.env.VITE_CONVEX_URL || fromFile();
  if (!url) return undefined;
  try {
    if (["127.0.0.1", "localhost", "[::1]"].includes(new URL(url).hostname)) return undefined;
  } catch {
    // Not a URL: left for the app to report.
  }
  return url;
}

const dataDir = resolve(opts["data-dir"]);
const deploymentUrl = opts.local ? undefined : configuredDeployment();
if (!deploymentUrl) {
  if (opts.fresh) rmSync(dataDir, { recursive: true, force: true });
  // Emails with reset codes, payments, the database and its keys: readable by this user only.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
}

const children = new Set();
function stopAll(code = 0) {
  for (const child of children) child.kill("SIGTERM");
  process.exit(code);
}
process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));

/** How often a crashed embedded backend is started again before `npm start` gives up (within a minute). */
const BACKEND_RESTARTS_PER_MINUTE = 5;

function start(command, args, { env = {}, onLine, restartOnCrash = false, restarts = [] } = {}) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  children.add(child);
  let buffer = "";
  child.stdout.on("data", (chunk) => {
    buffer += chunk.toString();
    let newline;
    while ((newline = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      if (!onLine?.(line)) process.stdout.write(`${line}\n`);
    }
  });
  child.on("exit", (code, signal) => {
    children.delete(child);
    if (signal === "SIGTERM") return;
    // The backend's log is durable (every acknowledged write is on disk), so after a crash it comes back
    // as it was, and open pages reconnect and send what they queued meanwhile.
    const recent = restarts.filter((at) => Date.now() - at < 60_000);
    if (restartOnCrash && signal !== "SIGINT" && recent.length < BACKEND_RESTARTS_PER_MINUTE) {
      console.error(`${args.find((a) => a.endsWith("main.ts")) ?? command} si è fermato (${code ?? signal}): riavvio.`);
      setTimeout(() => start(command, args, { env, onLine, restartOnCrash, restarts: [...recent, Date.now()] }), 500);
      return;
    }
    console.error(`${command} ${args[0] ?? ""} è terminato (${code ?? signal}); arresto.`);
    stopAll(code || 1);
  });
  return child;
}

/**
 * Starts a helper process and resolves with the JSON of its `<TAG> {...}` ready line. Secrets go in
 * `env`, never in `args`: every user of the machine can read a process's command line (`ps`), only its
 * owner its environment.
 */
function startWithReadyLine(tag, args, env = {}, { restartOnCrash = false } = {}) {
  return new Promise((resolveReady) => {
    start(process.execPath, ["--import", "tsx", ...args], {
      env,
      restartOnCrash,
      onLine: (line) => {
        if (!line.startsWith(`${tag} `)) return false;
        resolveReady(JSON.parse(line.slice(tag.length + 1)));
        return true;
      },
    });
  });
}

/**
 * `npx convex deploy` (or `npx convex dev`, watching) against the embedded backend. The CLI is pointed at it by an
 * owner-only env file in the data folder (the admin key never on a command line). Resolves once the functions are
 * served; a refused push stops the stack.
 */
function pushFunctions(backend) {
  const envFile = resolve(dataDir, "backend", "cli.env");
  writeFileSync(envFile, `CONVEX_SELF_HOSTED_URL=${backend.cloudUrl}\nCONVEX_SELF_HOSTED_ADMIN_KEY=${backend.adminKey}\n`, { mode: 0o600 });
  chmodSync(envFile, 0o600);
  const args = opts.dev
    ? ["dev", "--typecheck", "disable", "--tail-logs", "disable", "--env-file", envFile]
    : ["deploy", "--typecheck", "disable", "--codegen", "disable", "--env-file", envFile];
  // CONVEX_DEPLOYMENT from the environment or .env.local would name a cloud deployment: the env file decides.
  // Against a self-hosted deployment `npx convex dev` saves its URLs into .env.local (dropping CONVEX_DEPLOYMENT),
  // once, as it starts. .env.local stays the developer's own (a cloud deployment's, or none: builds and tests must
  // not pick up this backend's addresses), so it is put back as it was once the first push is served.
  const envLocal = existsSync(".env.local") ? readFileSync(".env.local") : null;
  const restoreEnvLocal = () => {
    if (envLocal === null) rmSync(".env.local", { force: true });
    else if (!readFileSync(".env.local").equals(envLocal)) writeFileSync(".env.local", envLocal);
  };
  const child = spawn(process.execPath, [convexCli, ...args], {
    env: { ...process.env, CI: "1", CONVEX_DEPLOYMENT: "", CONVEX_SELF_HOSTED_URL: "", CONVEX_SELF_HOSTED_ADMIN_KEY: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  let output = "";
  return new Promise((pushed) => {
    let ready = false;
    const onData = (chunk) => {
      output += chunk.toString();
      if (ready) {
        // The watcher's later pushes and their errors, as `npx convex dev` prints them.
        process.stdout.write(chunk);
      } else if (opts.dev && output.includes("Convex functions ready!")) {
        ready = true;
        restoreEnvLocal();
        pushed();
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code, signal) => {
      children.delete(child);
      if (opts.dev && !ready) restoreEnvLocal();
      if (signal === "SIGTERM") return;
      if (code === 0 && !opts.dev) return pushed();
      console.error(`${output}\nInvio delle funzioni al backend locale non riuscito (npx convex ${args[0]}: ${code ?? signal}); arresto.`);
      stopAll(code || 1);
    });
  });
}

/** The embedded backend, the mail catcher and the Stripe stand-in, seeded: what `npm start` runs offline. */
async function startLocalStack() {
  // 1. The local mail catcher: the app's Resend SDK sends here, and its page shows what was sent.
  const mailKey = `re_local_${randomBytes(16).toString("hex")}`;
  const mailReady = startWithReadyLine(
    "MAIL_CATCHER_READY",
    [program("mail/main"), "--data-dir", resolve(dataDir, "mail"), "--port", opts["mail-port"]],
    // Its page's access token is random at each start: the address printed below carries it.
    { MAIL_CATCHER_API_KEY: mailKey },
  );

  // 2. The local Stripe stand-in: the app's Stripe SDK calls it, its hosted checkout takes test cards, its
  // hosted Connect onboarding takes the test IBAN, and it signs and sends webhooks to the backend's HTTP
  // actions, as Stripe would: the platform's events to /stripe/webhook, connected accounts' events (Connect)
  // to /stripe/connect-webhook, each endpoint with its own signing secret. Its overview and test routes take its
  // access token, random at each start: the address printed below carries it.
  const stripeReady = startWithReadyLine(
    "STRIPE_STANDIN_READY",
    [
      program("stripe/main"),
      "--data-dir",
      resolve(dataDir, "stripe"),
      "--port",
      opts["stripe-port"],
      "--webhook-url",
      `http://127.0.0.1:${opts["site-port"]}/stripe/webhook`,
      "--connect-webhook-url",
      `http://127.0.0.1:${opts["site-port"]}/stripe/connect-webhook`,
    ],
    {
      STRIPE_STANDIN_API_KEY: `sk_test_local_${randomBytes(12).toString("hex")}`,
      STRIPE_STANDIN_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString("base64url")}`,
      STRIPE_STANDIN_CONNECT_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString("base64url")}`,
    },
  );

  // 3. The local Twilio Voice stand-in: the Voice SDK's signalling and media, the TwiML app that calls the
  // backend's /twilio/voice, and the conference's signed status callbacks. A browser reaches it only when told to
  // map Twilio's hosts to it (docs/calls-and-offline.md), so calls use it only with --twilio (or once a test sets
  // the backend's TWILIO_* variables, as `npx convex env set` would).
  const twilioReady = startWithReadyLine(
    "TWILIO_STANDIN_READY",
    [
      program("twilio/main"),
      "--data-dir",
      resolve(dataDir, "twilio"),
      "--port",
      opts["twilio-port"],
      "--voice-url",
      `http://127.0.0.1:${opts["site-port"]}/twilio/voice`,
    ],
    {
      TWILIO_STANDIN_ACCOUNT_SID: `AC${randomBytes(16).toString("hex")}`,
      TWILIO_STANDIN_API_KEY_SID: `SK${randomBytes(16).toString("hex")}`,
      TWILIO_STANDIN_API_KEY_SECRET: randomBytes(24).toString("base64url"),
      TWILIO_STANDIN_AUTH_TOKEN: randomBytes(16).toString("hex"),
      TWILIO_STANDIN_TWIML_APP_SID: `AP${randomBytes(16).toString("hex")}`,
    },
  );
  // The three stand-ins do not need each other: they start side by side.
  const [mail, stripe, twilio] = await Promise.all([mailReady, stripeReady, twilioReady]);
  const twilioEnv = {
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_API_KEY_SID: twilio.apiKeySid,
    TWILIO_API_KEY_SECRET: twilio.apiKeySecret,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_TWIML_APP_SID: twilio.appSid,
  };

  // 4. The embedded backend; its ready line carries its addresses and admin key. It serves the code last pushed
  // to it (a restart after a crash too); step 5 pushes the current code with the Convex CLI.
  const backend = await startWithReadyLine(
    "LOCAL_BACKEND_READY",
    [
      program("backend/main"),
      "--data-dir",
      resolve(dataDir, "backend"),
      "--port",
      opts["backend-port"],
      "--site-port",
      opts["site-port"],
    ],
    {
      // What the Convex functions read (see .env.local.example), handed over as the deployment's variables:
      // `npx convex env list` shows them, as a deployment's set with `npx convex env set`.
      LOCAL_BACKEND_ENV: JSON.stringify({
        SITE_URL: `http://127.0.0.1:${opts.port}`,
        RESEND_API_KEY: mailKey,
        RESEND_BASE_URL: mail.url,
        STRIPE_SECRET_KEY: stripe.apiKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_CONNECT_WEBHOOK_SECRET: stripe.connectWebhookSecret,
        STRIPE_API_BASE: stripe.url,
        // The demo seed pays and onboards at the stand-in's test routes, which take its access token.
        STRIPE_STANDIN_ACCESS_TOKEN: stripe.accessToken,
        ADMIN_EMAIL_DOMAIN: process.env.ADMIN_EMAIL_DOMAIN ?? "arcano.it",
        // The issuer of the commission invoices (lib/platform/platformFiscal.ts): a demo company offline.
        PLATFORM_COMPANY_NAME: process.env.PLATFORM_COMPANY_NAME ?? "Arcano S.r.l. (dati dimostrativi)",
        PLATFORM_VAT_NUMBER: process.env.PLATFORM_VAT_NUMBER ?? "12345678903",
        PLATFORM_STREET: process.env.PLATFORM_STREET ?? "Via dei Mercanti 1",
        PLATFORM_POSTCODE: process.env.PLATFORM_POSTCODE ?? "20121",
        PLATFORM_TOWN: process.env.PLATFORM_TOWN ?? "Milano",
        PLATFORM_PROVINCE: process.env.PLATFORM_PROVINCE ?? "MI",
        ...(opts.twilio ? twilioEnv : {}),
      }),
    },
    { restartOnCrash: true },
  );

  // 5. The functions, components included, pushed with the Convex CLI as to any deployment: `deploy` once, or in
  // dev `dev`, which watches convex/ and pushes each change.
  await pushFunctions(backend);

  // 6. Demo data, once per data folder (the seed itself is idempotent too).
  if (!opts["no-seed"]) {
    const response = await fetch(`${backend.cloudUrl}/api/function`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Convex ${backend.adminKey}` },
      body: JSON.stringify({ path: "seed:run", args: {}, format: "json" }),
    });
    const result = await response.json();
    if (result.status !== "success") {
      console.error("Caricamento dei dati demo non riuscito:", result.errorMessage ?? result);
      stopAll(1);
    }
  }
  return { backend, mail, stripe, twilio };
}

// 7. The app, wired to the backend; vite.config.ts computes its security headers (CSP) from the same addresses.
// The site URL (HTTP actions: the origin pass) is derived from a .convex.cloud address by the app itself; the local
// backend's is passed. The addresses follow from the options, so the build runs while the stack starts and seeds.
const plannedBackend = { cloudUrl: `http://127.0.0.1:${opts["backend-port"]}`, siteUrl: `http://127.0.0.1:${opts["site-port"]}` };
const convexUrl = deploymentUrl ?? plannedBackend.cloudUrl;
const appEnv = { VITE_CONVEX_URL: convexUrl, ...(deploymentUrl ? {} : { VITE_CONVEX_SITE_URL: plannedBackend.siteUrl }) };
const appUrl = `http://127.0.0.1:${opts.port}`;

function viteBuild(args) {
  return new Promise((done, fail) => {
    const build = spawn("npx", ["vite", "build", "--logLevel", "warn", ...args], {
      env: { ...process.env, ...appEnv },
      stdio: "inherit",
    });
    children.add(build);
    build.on("exit", (code) => {
      children.delete(build);
      if (code === 0) done();
      else fail(new Error(`vite build ${args.join(" ")}: ${code}`));
    });
  });
}

/** The app, then the server's renderer of its open pages inside it (SERVER_RENDER_DIR of scripts/pageServing.ts). */
async function buildApp() {
  if (!existsSync("node_modules")) throw new Error("Esegui prima `npm ci`.");
  await viteBuild(["--outDir", opts["out-dir"], "--emptyOutDir"]);
  await viteBuild(["--ssr", "--outDir", resolve(opts["out-dir"], ".server"), "--emptyOutDir"]);
}

const built = opts.dev ? Promise.resolve() : buildApp();
// A failed build stops the stack at once rather than after the seed.
built.catch((error) => {
  console.error(error.message);
  stopAll(1);
});
const local = deploymentUrl ? null : await startLocalStack();
if (local && (local.backend.cloudUrl !== plannedBackend.cloudUrl || local.backend.siteUrl !== plannedBackend.siteUrl)) {
  console.error(`Il backend locale risponde su ${local.backend.cloudUrl}, non su ${plannedBackend.cloudUrl}; arresto.`);
  stopAll(1);
}
await built;
if (opts.dev) {
  start("npx", ["vite", "--host", "127.0.0.1", "--port", opts.port, "--strictPort"], { env: appEnv });
} else {
  start("npx", ["vite", "preview", "--host", "127.0.0.1", "--port", opts.port, "--strictPort", "--outDir", opts["out-dir"]], {
    env: appEnv,
    onLine: () => true,
  });
}

if (local) {
  console.log(`
Arcano è pronto: ${appUrl}
  backend Convex locale: ${local.backend.cloudUrl} (azioni HTTP: ${local.backend.siteUrl})
  CLI Convex su questo backend (npx convex dev, env, data, logs, export, import):
    export CONVEX_SELF_HOSTED_URL=${local.backend.cloudUrl}
    export CONVEX_SELF_HOSTED_ADMIN_KEY='${local.backend.adminKey}'
  posta in arrivo locale: ${local.mail.mailboxUrl}
  pagamenti Stripe locali: ${local.stripe.overviewUrl} (carta di prova 4242 4242 4242 4242)
  chiamate: ${opts.twilio ? `Twilio Voice locale su ${local.twilio.url}: apri Chromium con --host-resolver-rules="MAP *.twilio.com 127.0.0.1:${local.twilio.port}" --ignore-certificate-errors-spki-list=${local.twilio.spki}` : "WebRTC tra i browser (--twilio per il servizio Twilio locale)"}
  dati: ${dataDir} (svuota con \`npm run reset\`)
  account demo (password: arcano-demo):
    cliente       cliente@esempio.it
    cartomante    cartomante@esempio.it
    amministratore admin@arcano.it
`);
} else {
  console.log(`
Arcano è pronto: ${appUrl}
  deployment Convex: ${convexUrl} (da VITE_CONVEX_URL; il backend locale non è avviato, usa --local per forzarlo)
`);
}
