// The Stripe operations the app calls, found in convex/**/*.ts (`stripe.checkout.sessions.create(`,
// `requireStripe().accounts.createLoginLink(`...) and turned into method and path by the installed SDK's own
// resource files (node_modules/stripe/cjs/resources/**: `_makeRequest('POST', '/v1/...')`): each must be in the
// spec subset the stand-in is held to, and answered by the stand-in (not "Unrecognized request URL").
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { API_KEY, startStandIn, stopAll } from "@arcano/local-backend/testing/stripe";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

afterAll(stopAll);

type Call = { call: string; file: string; method: string; path: string };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "_generated" ? [] : sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** `checkout.sessions` → Checkout/Sessions.js, `paymentIntents` → PaymentIntents.js, as stripe-node names them. */
const resourceFile = (chain: string[]) =>
  join(
    repoRoot,
    "node_modules/stripe/cjs/resources",
    ...chain.map((part, i) => `${part[0].toUpperCase()}${part.slice(1)}${i === chain.length - 1 ? ".js" : ""}`),
  );

/** Method and path of every request the SDK method makes (`accounts.retrieve` makes one of two). */
function requestsOf(chain: string[], name: string): Array<{ method: string; path: string }> {
  const source = readFileSync(resourceFile(chain), "utf8");
  const start = source.search(new RegExp(`\\n    ${name}\\(`));
  if (start < 0) throw new Error(`stripe.${chain.join(".")}.${name} is not in the SDK`);
  const body = source.slice(start + 1, source.indexOf("\n    }\n", start + 1));
  return [...body.matchAll(/_makeRequest\('(\w+)',\s*['`]([^'`]+)['`]/g)].map((m) => ({
    method: m[1],
    path: m[2].replace(/\$\{encodeURIComponent\(\w+\)\}/g, "{}"),
  }));
}

/** SDK calls on the client, however the code reaches it: `stripe.`, `requireStripe().`, `stripeClient()?.`. */
function appCalls(): Call[] {
  const calls: Call[] = [];
  for (const file of sourceFiles(join(repoRoot, "convex"))) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(
      /\b(?:stripe|requireStripe\(\)|stripeClient\(\)\??)\s*\.\s*((?:[a-z][A-Za-z]*\s*\.\s*)+)([a-z][A-Za-z]*)\(\s*(\S)/g,
    )) {
      const chain = m[1]
        .split(".")
        .map((part) => part.trim())
        .filter(Boolean);
      let requests = requestsOf(chain, m[2]);
      // `accounts.retrieve(id)` asks for /v1/accounts/{id}, `accounts.retrieve()` for /v1/account: the SDK picks by the argument.
      if (requests.length > 1) requests = requests.filter((r) => r.path.includes("{}") === !["{", ")"].includes(m[3]));
      for (const request of requests) calls.push({ call: `${chain.join(".")}.${m[2]}`, file: file.slice(repoRoot.length + 1), ...request });
    }
  }
  const unique = new Map(calls.map((c) => [`${c.call} ${c.method} ${c.path}`, c]));
  return [...unique.values()].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

const subset = JSON.parse(readFileSync(createRequire(import.meta.url).resolve("@arcano/local-backend/stripe/subset.json"), "utf8")) as {
  info: { "x-operations": string[] };
};
const inSubset = new Set(subset.info["x-operations"].map((op) => op.toUpperCase().replace(/\{\w+\}/g, "{}")));
const calls = appCalls();
const listed = calls.map((c) => `${c.call} → ${c.method} ${c.path}`).join("; ");

describe("the Stripe operations the app calls", () => {
  it(`are ${calls.length}: ${listed}`, () => {
    expect(calls.map((c) => c.call)).toEqual(
      expect.arrayContaining([
        "checkout.sessions.create",
        "refunds.create",
        "accounts.createLoginLink",
        "transfers.createReversal",
        "balance.retrieve",
      ]),
    );
    console.log(calls.map((c) => `${c.method.padEnd(4)} ${c.path.padEnd(40)} ${c.call} (${c.file})`).join("\n"));
  });

  it("are each in the spec subset the stand-in is held to", () => {
    expect(calls.filter((c) => !inSubset.has(`${c.method} ${c.path.toUpperCase()}`))).toEqual([]);
  });

  it("are each answered by the stand-in", async () => {
    const standIn = await startStandIn({ args: ["--allow-short-expiry"] });
    const unanswered: string[] = [];
    for (const { method, path } of calls) {
      const response = await fetch(`${standIn.url}${path.replace(/\{\}/g, "id_missing")}`, {
        method,
        headers: { authorization: `Bearer ${API_KEY}`, "content-type": "application/x-www-form-urlencoded" },
        ...(method === "POST" ? { body: "" } : {}),
      });
      const body = (await response.json()) as { error?: { message?: string } };
      if (body.error?.message?.startsWith("Unrecognized request URL")) unanswered.push(`${method} ${path}`);
    }
    expect(unanswered).toEqual([]);
  });
});
