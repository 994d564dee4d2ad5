// Tests mirror the modules (docs/code-layout.md): every function module of convex/ and every pure module of
// convex/model/ has its own test file named after it, and a test file is named after the module it tests.
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";

const names = (dir: string, suffix: string) =>
  readdirSync(new URL(dir, import.meta.url))
    .filter((file) => file.endsWith(suffix))
    .map((file) => file.slice(0, -suffix.length));

/** convex/*.ts that hold no functions of their own: the auth provider's configuration. */
const NOT_FUNCTION_MODULES = new Set(["auth.config", "convex.config"]);

/** Suites over the whole API or over several modules at once, named after what they check. */
const WHOLE_API_SUITES = new Set([
  "authorizationMatrix",
  "badInputSweep",
  "readsBudget",
  "derivedFigures.property",
  "money.property",
  "ledger",
  "ruleTexts",
]);

describe("the tests' names", () => {
  it("each module in convex/model/ has tests/convex/model/<module>.test.ts", () => {
    const modules = names("../convex/model/", ".ts");
    expect(modules.length).toBeGreaterThan(10);
    const tested = new Set(names("./convex/model/", ".test.ts"));
    expect(modules.filter((module) => !tested.has(module))).toEqual([]);
  });

  const functionModules = names("../convex/", ".ts").filter((module) => !NOT_FUNCTION_MODULES.has(module));
  // `bookings.slotsReads` tests convex/bookings.ts: the module is the name up to its first dot.
  const testFiles = names("./convex/", ".test.ts");

  it("each function module in convex/ has tests/convex/<module>.test.ts", () => {
    expect(functionModules.length).toBeGreaterThan(20);
    const tested = new Set(testFiles);
    expect(functionModules.filter((module) => !tested.has(module))).toEqual([]);
  });

  it("each test file in tests/convex/ is <module>.test.ts or <module>.<aspect>.test.ts of a function module, or a suite over the whole API", () => {
    const modules = new Set(functionModules);
    const misnamed = testFiles.filter((file) => !WHOLE_API_SUITES.has(file) && !modules.has(file.split(".")[0]));
    expect(misnamed).toEqual([]);
  });
});
