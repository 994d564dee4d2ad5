// Every installed package must run on every Node version package.json declares, or `npm ci` warns
// EBADENGINE (and the package may really break there).
import { readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

const read = (file: string) => JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), "utf8"));

type LockEntry = { version?: string; link?: boolean; engines?: { node?: string } | string[] };

describe("package engines", () => {
  it("every package in package-lock.json supports every Node version package.json declares", () => {
    const declared: string = read("package.json").engines.node;
    expect(semver.validRange(declared), `engines.node "${declared}" is not a semver range`).not.toBeNull();
    const packages: Record<string, LockEntry> = read("package-lock.json").packages;

    const unsupported = new Set<string>();
    for (const [path, entry] of Object.entries(packages)) {
      // "" is the project itself; old packages may give engines as an array of strings, which npm ignores.
      if (path === "" || entry.link || !entry.engines || Array.isArray(entry.engines)) continue;
      const range = entry.engines.node;
      if (!range) continue;
      // subset(declared, range): every version the declared range admits is admitted by the package's
      // range. This is exact for ranges with holes, e.g. "20 || >=22" does not cover ">=20.19"
      // (Node 21 is missing) but covers "^20.19.0 || ^22.13.0 || >=24.0.0"; sampling a version or
      // two per major would miss a hole like "^22.13.0" against a declared "^22.12.0".
      // A range semver cannot parse also fails, as npm warns about it too.
      const ok = semver.validRange(range) !== null && semver.subset(declared, range);
      if (!ok) unsupported.add(`${path.replace(/^(.*\/)?node_modules\//, "")}@${entry.version} (node ${range})`);
    }
    expect([...unsupported], `packages that do not support node "${declared}"`).toEqual([]);
  });
});
