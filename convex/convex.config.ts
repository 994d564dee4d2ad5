// The components the app mounts (README, "Components"): each has its own tables and functions, reached through
// `components.<name>` in convex/_generated/api. Pushed with the Convex CLI (`npm start` does it).
import { defineApp } from "convex/server";
import { v } from "convex/values";
import rateLimiter from "@convex-dev/rate-limiter/convex.config";
import workpool from "@convex-dev/workpool/convex.config";

// The deployment's variables the functions read through `env` (convex/_generated/server), each described in
// .env.local.example. All optional: without a provider's keys the product falls back (outbox, WebRTC, no invoice).
const optional = v.optional(v.string());
const app = defineApp({
  env: {
    ADMIN_EMAIL_DOMAIN: optional,
    CLIENT_ADDRESS_HEADER: optional,
    EMAIL_FROM: optional,
    PLATFORM_COMPANY_NAME: optional,
    PLATFORM_FISCAL_REGIME: optional,
    PLATFORM_POSTCODE: optional,
    PLATFORM_PROVINCE: optional,
    PLATFORM_STREET: optional,
    PLATFORM_TAX_CODE: optional,
    PLATFORM_TOWN: optional,
    PLATFORM_VAT_NUMBER: optional,
    RESEND_API_KEY: optional,
    RESEND_TIMEOUT_MS: optional,
    SITE_URL: optional,
    STRIPE_API_BASE: optional,
    STRIPE_CONNECT_WEBHOOK_SECRET: optional,
    STRIPE_MAX_NETWORK_RETRIES: optional,
    STRIPE_SECRET_KEY: optional,
    STRIPE_STANDIN_ACCESS_TOKEN: optional,
    STRIPE_TIMEOUT_MS: optional,
    STRIPE_WEBHOOK_SECRET: optional,
    SUPPORT_EMAIL: optional,
    TWILIO_ACCOUNT_SID: optional,
    TWILIO_API_KEY_SECRET: optional,
    TWILIO_API_KEY_SID: optional,
    TWILIO_AUTH_TOKEN: optional,
    TWILIO_TWIML_APP_SID: optional,
  },
});
// Limits against abuse (lib/platform/rateLimits.ts).
app.use(rateLimiter);
// The provider jobs' attempts (lib/money/providerJobs.ts), a pool per provider: Stripe's calls, Resend's emails, and
// the fiscal documents' issues (no provider, but one numbering counter).
app.use(workpool, { name: "stripeCalls" });
app.use(workpool, { name: "emailSends" });
app.use(workpool, { name: "fiscalIssues" });
export default app;
