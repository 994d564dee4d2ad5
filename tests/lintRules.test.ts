// The boundary rules fail when broken: each layer rule of convex/ (eslint/convexLayers.js) and the
// feature rule of src/ (eslint/importBoundaries.js) against a breaking import, as ESLint runs them on
// the repository, and the cycle check (dpdm, `npm run check:cycles`) against a deliberate cycle; and the
// layout's page cites only convex/ paths that exist.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The rule ids ESLint reports for `code` as if it were the file at `path`. */
async function reported(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return result.messages.map((message) => message.ruleId ?? message.message);
}

const LAYERS = "arcanoConvex/layers";

describe("convex/ layers", () => {
  it.each([
    ["model/ may not take a ctx", "convex/model/x.ts", 'import type { MutationCtx } from "../_generated/server";\nexport type X = MutationCtx;'],
    ["model/ may not reference functions", "convex/model/x.ts", 'import { internal } from "../_generated/api";\nexport const x = internal;'],
    [
      "model/ may not use a lib/ service",
      "convex/model/x.ts",
      'import { changeBooking } from "../lib/bookings/bookingLifecycle";\nexport const x = changeBooking;',
    ],
    ["model/ may not import email templates", "convex/model/x.ts", 'import { layout } from "../email/templates";\nexport const x = layout;'],
    ["model/ may not import the server runtime", "convex/model/x.ts", 'import { defineTable } from "convex/server";\nexport const x = defineTable;'],
    ["email/ may not use a lib/ service", "convex/email/x.ts", 'import { appUrl } from "../lib/platform/addresses";\nexport const x = appUrl;'],
    ["demo/ may not use a lib/ service", "convex/demo/x.ts", 'import { openHold } from "../lib/bookings/bookingLifecycle";\nexport const x = openHold;'],
    ["lib/ may not import a function module", "convex/lib/calls/x.ts", 'import { settle } from "../../calls";\nexport const x = settle;'],
    ["framework/ may not import a model rule", "convex/framework/x.ts", 'import { blocksTime } from "../model/bookings";\nexport const x = blocksTime;'],
    ["framework/ may not use a lib/ service", "convex/framework/x.ts", 'import { appUrl } from "../lib/platform/addresses";\nexport const x = appUrl;'],
    ["a function module may not import another", "convex/x.ts", 'import { settle } from "./calls";\nexport const x = settle;'],
    ["model/ may not read the schema", "convex/model/x.ts", 'import schema from "../schema";\nexport const x = schema;'],
  ])("%s", async (_name, path, code) => {
    expect(await reported(path, code)).toContain(LAYERS);
  });

  it.each([
    [
      "model/ over model/ and the framework's values",
      "convex/model/x.ts",
      'import type { Doc } from "../_generated/dataModel";\nimport { fail } from "../framework/errors";\nimport { romeToUtcMs } from "../framework/time";\nimport { blocksTime } from "./bookings";\nexport type X = Doc<"bookings">;\nexport const x = [fail, romeToUtcMs, blocksTime];',
    ],
    ["email/ over model/", "convex/email/x.ts", 'import { CONTACT_LIMITS } from "../model/contact";\nexport const x = CONTACT_LIMITS;'],
    [
      "lib/ over model/, email/ and the runtime",
      "convex/lib/bookings/x.ts",
      'import { internal } from "../../_generated/api";\nimport { layout } from "../../email/templates";\nimport { blocksTime } from "../../model/bookings";\nexport const x = [internal, layout, blocksTime];',
    ],
    [
      "one lib/ folder over another and the framework",
      "convex/lib/bookings/x.ts",
      'import { fail } from "../../framework/errors";\nimport { queueEmail } from "../email/outbox";\nexport const x = [fail, queueEmail];',
    ],
    ["the framework over the framework", "convex/framework/x.ts", 'import { fail } from "./errors";\nexport const x = fail;'],
    ["lib/ over the schema (its indexes' fields)", "convex/lib/catalogue/x.ts", 'import schema from "../../schema";\nexport const x = schema;'],
  ])("allows %s", async (_name, path, code) => {
    expect(await reported(path, code)).not.toContain(LAYERS);
  });
});

describe("convex/ builders", () => {
  it.each([
    ["a function module", "convex/x.ts", "./_generated/server"],
    ["a lib/ service", "convex/lib/bookings/x.ts", "../../_generated/server"],
  ])("%s builds with lib/platform/functions.ts, not the raw builders", async (_name, path, server) => {
    const code = `import { mutation } from "${server}";\nexport const x = mutation;`;
    expect(await reported(path, code)).toContain("no-restricted-imports");
  });
});

describe("docs/code-layout.md", () => {
  it("cites only convex/ paths that exist", () => {
    const layout = readFileSync(`${root}docs/code-layout.md`, "utf8");
    // Paths cited in backticks: `convex/lib/money/payouts.ts`, or inside convex/ as `lib/money/payouts.ts`, `model/`.
    const cited = [...layout.matchAll(/`((?:convex\/)?(?:_generated|framework|model|email|demo|lib)\/[\w./]*)`/g)].map(([, path]) =>
      path.startsWith("convex/") ? path : `convex/${path}`,
    );
    expect(cited.length).toBeGreaterThan(10);
    expect(cited.filter((path) => !existsSync(`${root}${path}`))).toEqual([]);
  });
});

describe("src/ queries that take the clock", () => {
  it("go through useQueryWithNow, not useQuery", async () => {
    const code = (hook: string) =>
      `import { ${hook} } from "${hook === "useQuery" ? "convex/react" : "@/lib/time/useNow"}";\nimport { api } from "@convex/_generated/api";\nexport const useView = (now: number) => ${hook}(api.spendingLimits.getMine, { now });`;
    expect(await reported("src/features/client/x.ts", code("useQuery"))).toContain("no-restricted-syntax");
    expect(await reported("src/features/client/x.ts", code("useQueryWithNow"))).not.toContain("no-restricted-syntax");
  });
});

describe("src/ features", () => {
  it("a feature may not import another feature", async () => {
    const code = 'import { CallPage } from "@/features/call/CallPage";\nexport const x = CallPage;';
    expect(await reported("src/features/contact/x.ts", code)).toContain("arcano/import-boundaries");
  });

  it("shared code may not import a feature, nor a feature the app layer", async () => {
    const feature = 'import { HomePage } from "@/features/home/HomePage";\nexport const x = HomePage;';
    expect(await reported("src/components/psychic/x.ts", feature)).toContain("arcano/import-boundaries");
    const app = 'import { routes } from "@/app/router";\nexport const x = routes;';
    expect(await reported("src/features/client/settings/x.ts", app)).toContain("arcano/import-boundaries");
  });

  it("a feature's folders are one feature, over the shared folders", async () => {
    const code =
      'import { ClientBookingRow } from "@/features/client/ClientBookingRow";\nimport { StatCard } from "@/components/dashboard/StatCard";\nimport { useMyFavourites } from "@/lib/client/favourites";\nexport const x = [ClientBookingRow, StatCard, useMyFavourites];';
    expect(await reported("src/features/client/settings/x.ts", code)).not.toContain("arcano/import-boundaries");
  });
});

describe("the cycle check", () => {
  const dpdm = (pattern: string) =>
    spawnSync("npx", ["dpdm", "--no-tree", "--no-warning", "--no-progress", "--exit-code", "circular:1", pattern], {
      cwd: root,
      encoding: "utf8",
      // Plain text whatever the terminal the suite runs in asks for.
      env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1" },
    });

  it("fails on a cycle", () => {
    const result = dpdm("tests/fixtures/importCycle/*.ts");
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/1\) tests\/fixtures\/importCycle\/(first|second)\.ts -> tests\/fixtures\/importCycle\/(first|second)\.ts/);
  });

  it("passes on modules without one", () => {
    expect(dpdm("convex/model/*.ts").status).toBe(0);
  });
});
