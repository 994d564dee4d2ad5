// Every export is imported by some module, or is an entry point's that a framework or tool loads by its path
// (scripts/deadExports.ts says which): an export nobody imports is dead code or a module's private part.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { unusedExports } from "../scripts/deadExports";

const root = fileURLToPath(new URL("..", import.meta.url));

describe("exports", () => {
  // About a second and a half of parsing alone; the whole suite's load on two cores stretches it past the default.
  it("each one is imported somewhere", { timeout: 90_000 }, () => {
    expect(unusedExports(root).map(({ file, name }) => `${file}: ${name}`)).toEqual([]);
  });
});

describe("the unused-export check", () => {
  const world = mkdtempSync(join(tmpdir(), "dead-exports-"));
  afterAll(() => rmSync(world, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(world, path)), { recursive: true });
    writeFileSync(join(world, path), text);
  };

  it("names an export nobody imports, and not one imported, re-exported, registered or of an entry point", () => {
    write("package.json", "{}");
    write("tsconfig.json", '{ "compilerOptions": {} }');
    write("convex/model/rules.ts", "export const used = 1;\nexport const unused = 2;\nexport type Shape = { a: number };\n");
    write("convex/model/index.ts", 'export * from "./rules";\n');
    write("convex/lib/service.ts", 'import { used, type Shape } from "../model";\nexport const service = (s: Shape) => used + s.a;\n');
    write(
      "convex/things.ts",
      'import { query } from "./_generated/server";\nimport { service } from "./lib/service";\n' +
        "export const list = query({ args: {}, handler: async () => service({ a: 1 }) });\nexport const PAGE = 10;\n",
    );
    write("convex/schema.ts", "export default {};\n");
    write("src/page.tsx", 'export const Page = () => null;\nexport const lazyPage = () => import("./lazy");\n');
    write("src/lazy.tsx", "export const Lazy = () => null;\n");
    write("src/main.ts", 'import { lazyPage } from "@/page";\nexport const start = lazyPage;\n');
    expect(unusedExports(world)).toEqual([
      { file: "convex/model/rules.ts", name: "unused" },
      { file: "convex/things.ts", name: "PAGE" },
      { file: "src/page.tsx", name: "Page" },
    ]);
  });
});
