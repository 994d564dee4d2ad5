// The local Stripe stand-in, run as `npm start` runs it (a child process, secrets in its environment), a local
// webhook endpoint to receive its deliveries, and the real stripe SDK configured only with host, port and protocol.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Stripe from "stripe";
import { packageDir } from "./backend";

type Received = { body: string; signature: string; path: string };
export type StandIn = {
  url: string;
  apiKey: string;
  webhookSecret: string;
  connectWebhookSecret: string;
  /** What the overview and the `/__local/…` test routes take. */
  accessToken: string;
  overviewUrl: string;
  dataDir: string;
  stop(): Promise<void>;
};
type Ready = Omit<StandIn, "dataDir" | "stop">;

/** What a test started; `afterEach(stopAll)` stops and removes it. */
const cleanups: Array<() => Promise<void> | void> = [];
export async function stopAll() {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}

const READY = "STRIPE_STANDIN_READY ";
export const API_KEY = "sk_test_local_stand_in_test";
export const SECRET = "whsec_local_stand_in_test_secret";
export const CONNECT_SECRET = "whsec_local_stand_in_test_connect_secret";

export async function startStandIn(
  opts: { dataDir?: string; webhookUrl?: string; connectWebhookUrl?: string; args?: string[]; env?: Record<string, string> } = {},
): Promise<StandIn> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), "stripe-stand-in-"));
  if (!opts.dataDir) cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const args = ["--import", "tsx", join(packageDir, "stripe/main.ts"), "--data-dir", dataDir, "--port", "0"];
  args.push(...(opts.webhookUrl ? ["--webhook-url", opts.webhookUrl] : []));
  args.push(...(opts.connectWebhookUrl ? ["--connect-webhook-url", opts.connectWebhookUrl] : []));
  // As scripts/start.mjs passes them: through the environment, never the command line.
  const env = {
    ...process.env,
    STRIPE_STANDIN_API_KEY: API_KEY,
    STRIPE_STANDIN_WEBHOOK_SECRET: SECRET,
    STRIPE_STANDIN_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
    ...opts.env,
  };
  const child: ChildProcess = spawn(process.execPath, [...args, ...(opts.args ?? [])], { env, stdio: ["ignore", "pipe", "pipe"] });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  cleanups.push(stop);
  let output = "";
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split("\n").find((l) => l.startsWith(READY));
      if (line) resolve(JSON.parse(line.slice(READY.length)));
    });
    void exited.then(() => reject(new Error(`stand-in exited before its ready line:\n${output}`)));
  });
  return { ...ready, dataDir, stop };
}

/** A webhook endpoint answering each delivery with the next status of `statuses`, then with `otherwise`. */
export async function receiver(statuses: number[] = [], path = "/stripe/webhook") {
  const received: Received[] = [];
  const answers = { otherwise: 200 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ body: Buffer.concat(chunks).toString("utf8"), signature: String(req.headers["stripe-signature"]), path: req.url ?? "" });
      res.writeHead(statuses.shift() ?? answers.otherwise).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}${path}`, received, answers };
}

/** The SDK as the product configures it against the stand-in: host, port and protocol only. */
export function sdk(url: string, key = API_KEY) {
  const { hostname, port } = new URL(url);
  return new Stripe(key, { host: hostname, port: Number(port), protocol: "http" });
}

const verifier = new Stripe("sk_test_unused");
/** Events of `type` received so far, each checked with the SDK's signature verification against `secret`. */
export async function eventsOf(delivered: Received[], type: string, secret = SECRET) {
  const events = await Promise.all(delivered.map((d) => verifier.webhooks.constructEventAsync(d.body, d.signature, secret)));
  return events.filter((event) => event.type === type);
}
export { verifier };

// ─── Connect ───

/** A reader's Express account as the product creates it. */
export const readerAccountParams = (readerId = "reader_1"): Stripe.AccountCreateParams => ({
  type: "express",
  country: "IT",
  email: "selene@esempio.it",
  business_type: "individual",
  capabilities: { transfers: { requested: true } },
  settings: { payouts: { schedule: { interval: "weekly", weekly_anchor: "monday" } } },
  metadata: { readerId },
});

/** Complete personal data and Stripe's Italian test IBAN, as the hosted onboarding form names its fields. */
export const ONBOARDING_FORM = {
  firstName: "Selene",
  lastName: "Bianchi",
  birthDate: "1988-04-12",
  line1: "Via Roma 12",
  postalCode: "20121",
  city: "Milano",
  taxCode: "",
  iban: "IT60 X054 2811 1010 0000 0123 456",
};

/** Opens an account link as a browser does (following its redirects) and reads the form's page. */
export async function openOnboarding(linkUrl: string) {
  const response = await fetch(linkUrl);
  const page = await response.text();
  const action = page.match(/<form method="post" action="([^"]+)"/)?.[1];
  return { status: response.status, page, pageUrl: response.url, action: action && new URL(action, response.url).toString() };
}

/** Posts the onboarding form; the answer's redirect is not followed. */
export function submitOnboarding(actionUrl: string, fields: Record<string, string> = {}) {
  return fetch(actionUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...ONBOARDING_FORM, ...fields }).toString(),
    redirect: "manual",
  });
}

export const RETURN_URL = "http://127.0.0.1:5173/psychic/settings?stripe=return";
export const REFRESH_URL = "http://127.0.0.1:5173/psychic/settings?stripe=refresh";

/** A new reader account onboarded through the hosted page (`fields` change the form, e.g. the document). */
export async function onboardedAccount(standIn: StandIn, fields: Record<string, string> = {}, readerId = "reader_1") {
  const stripe = sdk(standIn.url);
  const account = await stripe.accounts.create(readerAccountParams(readerId));
  const link = await stripe.accountLinks.create({
    account: account.id,
    type: "account_onboarding",
    refresh_url: REFRESH_URL,
    return_url: RETURN_URL,
  });
  const form = await openOnboarding(link.url);
  const response = await submitOnboarding(form.action!, fields);
  if (response.status !== 303) throw new Error(`onboarding answered ${response.status}: ${await response.text()}`);
  return stripe.accounts.retrieve(account.id);
}

/** A Checkout Session paid by the test route, with the booking's transfer group; its intent and charge. */
export async function paidCharge(standIn: StandIn, amount = 5000, transferGroup = "booking_123") {
  const stripe = sdk(standIn.url);
  const session = await stripe.checkout.sessions.create({
    mode: "payment",
    line_items: [{ quantity: 1, price_data: { currency: "eur", unit_amount: amount, product_data: { name: "Consulto con Selene" } } }],
    client_reference_id: transferGroup,
    payment_intent_data: { transfer_group: transferGroup, metadata: { bookingId: transferGroup } },
    success_url: "http://127.0.0.1:5173/payment-success?session_id={CHECKOUT_SESSION_ID}",
  });
  const pay = await fetch(`${standIn.url}/__local/sessions/${session.id}/pay`, { method: "POST", headers: localAuth(standIn) });
  if (!pay.ok) throw new Error(`the test payment answered ${pay.status}: ${await pay.text()}`);
  const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ["payment_intent"] });
  const intent = paid.payment_intent as Stripe.PaymentIntent;
  return { session: paid, intent, chargeId: intent.latest_charge as string };
}

/** The header the stand-in's test routes (`/__local/…`) take: its access token. */
export const localAuth = (standIn: Pick<StandIn, "accessToken">) => ({ authorization: `Bearer ${standIn.accessToken}` });

/** GETs one of the stand-in's test routes, with its access token, as JSON. */
export async function getLocal<T = unknown>(standIn: StandIn, path: string): Promise<T> {
  const response = await fetch(`${standIn.url}${path}`, { headers: localAuth(standIn) });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** POSTs JSON to one of the stand-in's test routes, with its access token. */
export async function postLocal(standIn: StandIn, path: string, body: unknown = {}) {
  const response = await fetch(`${standIn.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...localAuth(standIn) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
