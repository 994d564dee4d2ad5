// `npm test` (scripts/test-all.mjs) names the Vitest projects it runs: a project it does not name would never run.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import config from "../vitest.config";

it("npm test runs every Vitest project", () => {
  const names = (config.test?.projects ?? []).map((project) => (typeof project === "object" && "test" in project ? project.test?.name : undefined));
  expect(names.length).toBeGreaterThan(0);
  const script = readFileSync("scripts/test-all.mjs", "utf8");
  for (const name of names) expect(script, `project ${String(name)}`).toContain(`"${String(name)}"`);
});
