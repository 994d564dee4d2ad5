// Every pure module of convex/model/ has its own unit tests, named after it (docs/code-layout.md).
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";

const names = (dir: string, suffix: string) =>
  readdirSync(new URL(dir, import.meta.url))
    .filter((file) => file.endsWith(suffix))
    .map((file) => file.slice(0, -suffix.length));

describe("the model's tests", () => {
  it("each module in convex/model/ has tests/convex/model/<module>.test.ts", () => {
    const modules = names("../convex/model/", ".ts");
    expect(modules.length).toBeGreaterThan(10);
    const tested = new Set(names("./convex/model/", ".test.ts"));
    expect(modules.filter((module) => !tested.has(module))).toEqual([]);
  });
});
