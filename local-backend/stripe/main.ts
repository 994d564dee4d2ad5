// `node --import tsx local-backend/stripe/main.ts --data-dir DIR [--port 3213] [--webhook-url URL]
//   [--connect-webhook-url URL] [--expiry-check-ms N] [--webhook-retry-ms N] [--payout-check-ms N] [--allow-short-expiry]`
// The secrets come through the environment, never the command line (`ps` shows it to everyone):
// STRIPE_STANDIN_API_KEY (sk_test_local_…), STRIPE_STANDIN_WEBHOOK_SECRET (whsec_…, the platform endpoint's) and
// STRIPE_STANDIN_CONNECT_WEBHOOK_SECRET (whsec_…, the Connect endpoint's), random when unset, and
// STRIPE_STANDIN_ACCESS_TOKEN (what the overview and the `/__local/…` test routes take), random at each start when unset.
// Prints one ready line, `STRIPE_STANDIN_READY {"url":…,"apiKey":…,"webhookSecret":…,"connectWebhookSecret":…,
// "accessToken":…,"overviewUrl":…}`, for the process that started it; `overviewUrl` carries the access token.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { startStripeStandIn } from "./standIn.ts";

const { values } = parseArgs({
  options: {
    "data-dir": { type: "string" },
    port: { type: "string", default: "3213" },
    "webhook-url": { type: "string" },
    "connect-webhook-url": { type: "string" },
    "expiry-check-ms": { type: "string", default: "1000" },
    "webhook-retry-ms": { type: "string", default: "1000" },
    "payout-check-ms": { type: "string", default: "60000" },
    "allow-short-expiry": { type: "boolean", default: false },
  },
});
if (!values["data-dir"]) {
  console.error(
    "Uso: [STRIPE_STANDIN_API_KEY=sk_test_…] [STRIPE_STANDIN_WEBHOOK_SECRET=whsec_…] [STRIPE_STANDIN_CONNECT_WEBHOOK_SECRET=whsec_…] " +
      "[STRIPE_STANDIN_ACCESS_TOKEN=…] " +
      "main.ts --data-dir DIR [--port N] [--webhook-url URL] [--connect-webhook-url URL]",
  );
  process.exit(2);
}
const apiKey = process.env.STRIPE_STANDIN_API_KEY || `sk_test_local_${randomBytes(12).toString("hex")}`;
const webhookSecret = process.env.STRIPE_STANDIN_WEBHOOK_SECRET || `whsec_${randomBytes(24).toString("base64url")}`;
const connectWebhookSecret = process.env.STRIPE_STANDIN_CONNECT_WEBHOOK_SECRET || `whsec_${randomBytes(24).toString("base64url")}`;
const standIn = await startStripeStandIn({
  dataDir: values["data-dir"],
  port: Number(values.port),
  apiKey,
  webhookSecret,
  accessToken: process.env.STRIPE_STANDIN_ACCESS_TOKEN || undefined,
  webhookUrl: values["webhook-url"],
  connectWebhookSecret,
  connectWebhookUrl: values["connect-webhook-url"],
  payoutCheckMs: Number(values["payout-check-ms"]),
  expiryCheckMs: Number(values["expiry-check-ms"]),
  webhookRetryMs: Number(values["webhook-retry-ms"]),
  allowShortExpiry: values["allow-short-expiry"],
});
const { url, accessToken, overviewUrl } = standIn;
console.log(`STRIPE_STANDIN_READY ${JSON.stringify({ url, apiKey, webhookSecret, connectWebhookSecret, accessToken, overviewUrl })}`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
