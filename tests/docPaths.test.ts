// The README and docs/ cite only files that exist: a moved or deleted module leaves no stale path behind.
// docs/code-layout.md's convex/ paths have their own check in tests/lintRules.test.ts.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const SKIPPED_DIRS = new Set(["node_modules", ".git", "dist", ".local-data", "test-results", "playwright-report"]);

function repositoryFiles(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : repositoryFiles(join(dir, entry.name));
    return [relative(root, join(dir, entry.name)).split("\\").join("/")];
  });
}

const files = repositoryFiles();
const docs = files.filter((file) => file === "README.md" || (file.startsWith("docs/") && file.endsWith(".md")));
const EXT = "(?:ts|tsx|mjs|js|md|json|css)";
/**
 * A citation: a path in backticks under a folder of the repository (or of convex/, as the docs write
 * `model/slots.ts`), a test or spec named alone, or a Markdown link's target. Build outputs, data folders and
 * upstream files are named without such a folder, so they are not read as citations.
 */
const CITED = new RegExp(
  [
    `\`((?:\\.{1,2}/)*(?:src|convex|tests|scripts|local-backend|docs|eslint|public|model|lib|framework|email|demo|fixtures|helpers|e2e)/[\\w./-]*\\.${EXT})\``,
    `\`([\\w-]+\\.(?:spec|test)\\.tsx?)\``,
    `\\]\\(([^)#\\s:]+\\.${EXT})(?:#[^)]*)?\\)`,
  ].join("|"),
  "g",
);

/** Exists as written from the repository or the doc's folder, or as the tail of a file's path (`model/slots.ts`). */
const exists = (doc: string, path: string) =>
  [normalize(path), normalize(join(dirname(doc), path))].some((candidate) => files.includes(candidate)) ||
  files.some((file) => file.endsWith(`/${path.replace(/^(\.{1,2}\/)+/, "")}`));

describe("paths cited by the README and docs/", () => {
  it("exist", () => {
    const missing: string[] = [];
    let cited = 0;
    for (const doc of docs.filter((doc) => doc !== "docs/code-layout.md")) {
      readFileSync(join(root, doc), "utf8")
        .split("\n")
        .forEach((line, index) => {
          for (const match of line.matchAll(CITED)) {
            const path = match.slice(1).find((group) => group !== undefined)!;
            cited += 1;
            // `x.test.ts`: a placeholder for any name.
            if (!path.startsWith("x.") && !exists(doc, path)) missing.push(`${doc}:${index + 1}: ${path}`);
          }
        });
    }
    expect(cited).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});
