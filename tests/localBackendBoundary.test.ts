// The embedded backend (local-backend/) is a package of its own: the repository reaches it only through the entry
// points its package.json exports (`@arcano/local-backend/...`), it reaches nothing of the repository's, and the
// product (convex/, src/) does not depend on it at all.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const PACKAGE = "local-backend";
const PACKAGE_NAME = "@arcano/local-backend";
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["']([^"'\n]+)["']/g;

const inPackage = (file: string) => file === PACKAGE || file.startsWith(`${PACKAGE}/`);

/** Every import that crosses the package's edge the wrong way, as `file: specifier`. */
function crossings(files: Array<{ file: string; source: string }>): string[] {
  const found: string[] = [];
  for (const { file, source } of files) {
    for (const [, spec] of source.matchAll(SPECIFIER)) {
      const inside = inPackage(file);
      if (spec.startsWith(".")) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
        if (inPackage(target) !== inside) found.push(`${file}: ${spec}`);
      } else if (inside && /^@(convex)?\//.test(spec)) {
        found.push(`${file}: ${spec}`);
      } else if (!inside && spec.startsWith(PACKAGE_NAME) && /^(convex|src)\//.test(file)) {
        found.push(`${file}: ${spec}`);
      }
    }
  }
  return found;
}

describe("the local-backend package's edge", () => {
  it("is crossed only through the package's entry points", () => {
    const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" })
      .split("\n")
      // This file's own examples below are not imports.
      .filter((file) => SOURCE.test(file) && !file.includes("node_modules/") && file !== "tests/localBackendBoundary.test.ts");
    expect(files.filter(inPackage).length).toBeGreaterThan(50);
    const sources = files.flatMap((file) => {
      try {
        return [{ file, source: readFileSync(file, "utf8") }];
      } catch {
        return []; // Deleted in the working tree.
      }
    });
    expect(crossings(sources)).toEqual([]);
  });

  it("catches a relative path into the package, out of it, an app alias in it, and the product using it", () => {
    expect(
      crossings([
        { file: "tests/e2e/tones.ts", source: `import { pcm16Wav } from "../../local-backend/shared/wav";` },
        { file: "scripts/x.mjs", source: `const m = await import("../local-backend/src/main.ts");` },
        { file: "local-backend/tests/x.test.ts", source: `import { api } from "../../convex/_generated/api";` },
        { file: "local-backend/src/x.ts", source: `import type { Doc } from "@convex/_generated/dataModel";` },
        { file: "convex/x.ts", source: `import { startMailCatcher } from "@arcano/local-backend/mail";` },
        { file: "tests/e2e/ok.ts", source: `import { pcm16Wav } from "@arcano/local-backend/wav";` },
        { file: "local-backend/tests/ok.test.ts", source: `import { startBackend } from "../testing/backend";` },
      ]),
    ).toEqual([
      "tests/e2e/tones.ts: ../../local-backend/shared/wav",
      "scripts/x.mjs: ../local-backend/src/main.ts",
      "local-backend/tests/x.test.ts: ../../convex/_generated/api",
      "local-backend/src/x.ts: @convex/_generated/dataModel",
      "convex/x.ts: @arcano/local-backend/mail",
    ]);
  });
});
