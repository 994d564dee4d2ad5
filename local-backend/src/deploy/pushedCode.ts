// The code `npx convex dev` / `npx convex deploy` pushes: bundles the CLI built (the default runtime's for
// the browser platform with every dependency inside, "use node" ones for Node), kept in the data folder by
// their SHA-256 so that a restart serves the last push and the CLI skips what is unchanged, and written out
// as files to import, as Convex's Node executor does.
import fs from "node:fs";
import path from "node:path";
import { createHash, randomBytes } from "node:crypto";
import { pathToFileURL } from "node:url";
import { OWNER_ONLY_FILE, ownerOnlyDir, replaceFileDurably } from "../../shared/ownerOnly.ts";
import { checkNodeExports } from "../entryPoints.ts";
import type { ModuleEntry } from "../modules.ts";
import type { LoadedModule } from "../functions.ts";

type Environment = "isolate" | "node";

/** One module as the CLI sends it (`moduleConfig` of its deploy API). */
export interface PushedModule {
  path: string;
  source: string;
  sourceMap?: string;
  environment: Environment;
}

export interface ModuleHash {
  path: string;
  environment: Environment;
  sha256: string;
}

/** What was last pushed: enough to load it again and to answer `get_config_hashes`. */
export interface CodeManifest {
  functions: string;
  nodeVersion?: string;
  udfServerVersion: string;
  modules: ModuleHash[];
  schema: ModuleHash | null;
  /** The app's `convex.config.js` and the definitions it uses directly (absent: no components). */
  definition?: ModuleHash | null;
  dependencies?: string[];
  components?: Array<{ definitionPath: string; definition: ModuleHash; dependencies: string[]; schema: ModuleHash | null; modules: ModuleHash[] }>;
}

/** The CLI's own hash of a bundle (`hash` in its push code), so its "unchanged" list matches ours. */
function moduleSha256(m: Pick<PushedModule, "source" | "sourceMap">): string {
  return createHash("sha256")
    .update(m.source)
    .update(m.sourceMap ?? "")
    .digest("hex");
}

/** A path the CLI could have produced: relative, `/`-separated, no `..`, a JavaScript file. */
function isSafeModulePath(p: string): boolean {
  return !p.startsWith("_system/") && /^[A-Za-z0-9_][A-Za-z0-9_\-./]*\.js$/.test(p) && !p.split("/").some((part) => part === ".." || part === "." || part === "") && p.length <= 512;
}

/** Chunks the bundler split out: loaded by the modules that import them, never functions themselves. */
const isChunk = (p: string) => p.startsWith("_deps/");

// A "use node" bundle may `require` (a CommonJS package esbuild wrapped): Convex's Node executor gives it a
// `require` relative to the module. On the first line, so the line numbers of stack traces stay right.
const NODE_PRELUDE = `import { createRequire as __localBackendCreateRequire } from "node:module"; const require = __localBackendCreateRequire(import.meta.url); `;

export class CodeStore {
  private readonly dir: string;
  private readonly blobs: string;
  private runs = 0;

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, "code");
    this.blobs = path.join(this.dir, "modules");
    ownerOnlyDir(this.blobs);
    // Folders written for earlier processes' imports are of no use now.
    for (const e of fs.readdirSync(this.dir)) if (e.startsWith("run-")) fs.rmSync(path.join(this.dir, e), { recursive: true, force: true });
  }

  manifest(): CodeManifest | null {
    try {
      return JSON.parse(fs.readFileSync(path.join(this.dir, "current.json"), "utf8")) as CodeManifest;
    } catch {
      return null;
    }
  }

  /** A stored module by hash, or null when this backend never received it. */
  module(hash: ModuleHash): PushedModule | null {
    try {
      const { source, sourceMap } = JSON.parse(fs.readFileSync(path.join(this.blobs, `${hash.sha256}.json`), "utf8")) as PushedModule;
      return { path: hash.path, environment: hash.environment, source, sourceMap };
    } catch {
      return null;
    }
  }

  /** Keeps the sources (before anything is served from them). */
  keep(modules: PushedModule[]): ModuleHash[] {
    return modules.map((m) => {
      const sha256 = moduleSha256(m);
      const file = path.join(this.blobs, `${sha256}.json`);
      if (!fs.existsSync(file)) replaceFileDurably(file, JSON.stringify({ source: m.source, sourceMap: m.sourceMap }));
      return { path: m.path, environment: m.environment, sha256 };
    });
  }

  /** Records what is served now: written whole and renamed, so a crash leaves the old or the new. */
  commit(manifest: CodeManifest): void {
    replaceFileDurably(path.join(this.dir, "current.json"), JSON.stringify(manifest));
    const hashes = [
      ...manifest.modules,
      ...(manifest.schema ? [manifest.schema] : []),
      ...(manifest.definition ? [manifest.definition] : []),
      ...(manifest.components ?? []).flatMap((c) => [c.definition, ...(c.schema ? [c.schema] : []), ...c.modules]),
    ];
    const used = new Set(hashes.map((m) => `${m.sha256}.json`));
    for (const f of fs.readdirSync(this.blobs)) if (!used.has(f)) fs.rmSync(path.join(this.blobs, f), { force: true });
  }

  /** A new folder to write a push's code into (removed by `prune` once another is served). */
  newRunDir(): string {
    const dir = path.join(this.dir, `run-${process.pid}-${++this.runs}-${randomBytes(4).toString("hex")}`);
    ownerOnlyDir(dir);
    return dir;
  }

  /**
   * Writes the modules out as files under `dir` and imports every one that is not a chunk. Returns the
   * entries for the engine (function modules, `schema.js`, `auth.config.js`).
   */
  async load(modules: PushedModule[], dir: string): Promise<ModuleEntry[]> {
    ownerOnlyDir(dir);
    // The CLI's bundles are ES modules with `.js` names, as Convex's executor loads them.
    fs.writeFileSync(path.join(dir, "package.json"), `{ "type": "module" }`, { mode: OWNER_ONLY_FILE });
    for (const m of modules) {
      if (!isSafeModulePath(m.path)) throw new PushError(`Invalid module path: ${JSON.stringify(m.path)}`);
      const file = path.join(dir, m.path);
      fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      fs.writeFileSync(file, (m.environment === "node" ? NODE_PRELUDE : "") + m.source, { mode: OWNER_ONLY_FILE });
      if (m.sourceMap) fs.writeFileSync(`${file}.map`, m.sourceMap, { mode: OWNER_ONLY_FILE });
    }
    process.setSourceMapsEnabled(true);
    const entries: ModuleEntry[] = [];
    for (const m of modules) {
      if (isChunk(m.path)) continue;
      let mod: LoadedModule;
      try {
        mod = (await import(pathToFileURL(path.join(dir, m.path)).href)) as LoadedModule;
      } catch (e) {
        throw new PushError(`Loading the pushed modules encountered the following\n    error:\nFailed to analyze ${m.path}: ${(e as Error)?.message ?? String(e)}`);
      }
      if (m.environment === "node") checkNodeExports(m.path, mod);
      entries.push({ rel: m.path, runtime: m.environment, mod });
    }
    return entries;
  }

  /** Removes the folders of loaded code other than `keep` (the served code's, a pending push's). */
  prune(keep: string[]): void {
    for (const e of fs.readdirSync(this.dir)) {
      const p = path.join(this.dir, e);
      if (e.startsWith("run-") && !keep.includes(p)) fs.rmSync(p, { recursive: true, force: true });
    }
  }
}

/** A push refused, with the message the CLI prints. */
export class PushError extends Error {
  constructor(
    message: string,
    readonly code = "InvalidModules",
  ) {
    super(message);
  }
}
