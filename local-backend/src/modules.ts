// Loads a `convex/` folder as the `{"./convex/x.ts": () => import(...)}` map convex-test expects, the way
// Convex builds it: function modules only (see entryPoints.ts), default-runtime modules in one bundle and
// "use node" modules in another built for Node (CommonJS packages through `require`, Node built-ins).
// Packages stay external, so both bundles share one instance of `convex/server` with the engine, and
// nothing is resolved again per call. `schema.ts` and `auth.config.ts` are loaded as configuration.
import fs from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { setFunctionsDir } from "./errors.ts";
import { wrapFunctions } from "./functions.ts";
import { checkIsolateModules, checkNodeExports, entryPoints, ModuleLoadError, type EntryPoint, type Runtime } from "./entryPoints.ts";

export { ModuleLoadError };
export type ModuleMap = Record<string, () => Promise<unknown>>;
import type { LoadedModule } from "./functions.ts";
export type { LoadedModule };

/** The bundles must sit under a node_modules tree so their external imports resolve like the app's. */
function cacheDir(convexDir: string): string {
  for (let dir = path.resolve(convexDir); ; dir = path.dirname(dir)) {
    const nm = path.join(dir, "node_modules");
    if (fs.existsSync(nm)) return path.join(nm, ".cache", "local-backend");
    if (path.dirname(dir) === dir) throw new Error(`No node_modules found above ${convexDir}`);
  }
}

/** Configuration files that are not function modules but that the backend reads. */
function configFiles(convexDir: string): EntryPoint[] {
  const out: EntryPoint[] = [];
  for (const name of ["schema", "auth.config"]) {
    const ext = [".ts", ".js"].find((e) => fs.existsSync(path.join(convexDir, name + e)));
    if (ext) out.push({ file: path.join(convexDir, name + ext), rel: name + ext, runtime: "isolate" });
  }
  return out;
}

// "use node" code may call `require` (its own or a bundled CommonJS file's), as it can on Convex.
const NODE_BANNER = `import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);`;

async function bundle(entries: EntryPoint[], convexDir: string, outDir: string, runtime: Runtime): Promise<Record<string, LoadedModule>> {
  if (entries.length === 0) return {};
  const source = entries.map((e, i) => `export * as m${i} from ${JSON.stringify(e.file)};`).join("\n");
  const hash = createHash("sha256")
    .update(path.resolve(convexDir))
    .update(String(process.pid))
    .update(String(Date.now()))
    .update(runtime)
    .digest("hex");
  const outfile = path.join(outDir, `bundle-${runtime}-${hash.slice(0, 16)}.mjs`);
  await build({
    stdin: { contents: source, resolveDir: convexDir, loader: "ts" },
    bundle: true,
    format: "esm",
    platform: "node",
    packages: "external",
    outfile,
    logLevel: "error",
    banner: runtime === "node" ? { js: NODE_BANNER } : undefined,
    // Stack traces of function errors point at convex/*.ts, as on Convex.
    sourcemap: "inline",
  });
  try {
    return (await import(pathToFileURL(outfile).href)) as Record<string, LoadedModule>;
  } finally {
    // The module is in memory now; the file is only a vehicle for import().
    fs.rmSync(outfile, { force: true });
  }
}

export async function loadModules(dir: string): Promise<{ modules: ModuleMap; loaded: Map<string, LoadedModule>; entries: ModuleEntry[] }> {
  const convexDir = path.resolve(dir);
  // Components are bundled and mounted through a push, as on Convex (deploy/componentDefinitions.ts).
  const config = ["convex.config.ts", "convex.config.js"].find((f) => fs.existsSync(path.join(convexDir, f)));
  if (config)
    throw new ModuleLoadError(
      `${config} mounts components, which this backend takes from the Convex CLI: start it without --convex-dir and push with \`npx convex dev\` (CONVEX_SELF_HOSTED_URL and CONVEX_SELF_HOSTED_ADMIN_KEY from its ready line).`,
    );
  const outDir = cacheDir(convexDir);
  fs.mkdirSync(outDir, { recursive: true });
  const functions = entryPoints(convexDir);
  await checkIsolateModules(convexDir, functions, outDir);
  const isolate = [...functions.filter((e) => e.runtime === "isolate"), ...configFiles(convexDir)];
  const node = functions.filter((e) => e.runtime === "node");
  process.setSourceMapsEnabled(true);
  const [isolateBundle, nodeBundle] = [await bundle(isolate, convexDir, outDir, "isolate"), await bundle(node, convexDir, outDir, "node")];
  node.forEach((e, i) => checkNodeExports(e.rel, nodeBundle[`m${i}`]));

  const entries = [...isolate.map((e, i) => ({ rel: e.rel, runtime: e.runtime, mod: isolateBundle[`m${i}`] })), ...node.map((e, i) => ({ rel: e.rel, runtime: e.runtime, mod: nodeBundle[`m${i}`] }))];
  return { ...assembleModules(entries, convexDir), entries };
}

/** A component definition's modules as convex-test loads them (`./convex/<rel>` with a `_generated` key), wrapped. */
export function assembleComponentModules(entries: ModuleEntry[]): { modules: ModuleMap; loaded: Map<string, LoadedModule> } {
  const loaded = new Map<string, LoadedModule>();
  const modules: ModuleMap = {};
  // The CLI's `_system/cli` queries run in a component too (`npx convex data --component`).
  for (const e of [...entries, ...systemModules()]) {
    loaded.set(`./convex/${e.rel}`, e.mod);
    modules[`./convex/${e.rel}`] = async () => e.mod;
  }
  wrapFunctions(loaded);
  modules["./convex/_generated/server.js"] = async () => ({});
  return { modules, loaded };
}

let systemModules: () => ModuleEntry[] = () => [];

/** The backend's own `_system` modules (deploy/systemFunctions.ts), served beside every code it loads. */
export function provideSystemModules(modules: () => ModuleEntry[]): void {
  systemModules = modules;
}

/** A module ready to serve: its path relative to the functions' folder, its runtime and its exports. */
export interface ModuleEntry {
  rel: string;
  runtime: Runtime;
  mod: LoadedModule;
}

/**
 * The maps the engine serves from, for modules built here from convex/ or pushed by the CLI (deploy/):
 * keyed `./convex/<rel>`, every function wrapped, the "use node" ones remembered, and `extra` (the
 * backend's own `_system` modules) beside them.
 */
export function assembleModules(entries: ModuleEntry[], sourceDir: string, pushed = false): { modules: ModuleMap; loaded: Map<string, LoadedModule> } {
  nodeModules = new Set(entries.filter((e) => e.runtime === "node").map((e) => e.rel.replace(/\.[^./]+$/, "")));
  const loaded = new Map<string, LoadedModule>();
  const modules: ModuleMap = {};
  for (const e of [...entries, ...systemModules()]) {
    loaded.set(`./convex/${e.rel}`, e.mod);
    modules[`./convex/${e.rel}`] = async () => e.mod;
  }
  setFunctionsDir(sourceDir, pushed);
  wrapFunctions(loaded);
  // convex-test finds the functions' root folder by the `_generated` key.
  modules["./convex/_generated/server.js"] = async () => ({});
  return { modules, loaded };
}

/** Paths (without extension) of the "use node" modules last loaded. */
let nodeModules = new Set<string>();

/** Whether the function `udfPath` (`module:name`) runs in the Node runtime ("use node"). */
export function isNodeFunction(udfPath: string): boolean {
  return nodeModules.has(udfPath.split(":")[0].replace(/\.js$/, ""));
}

/** Finds a module by its path without extension relative to convex/, e.g. `messages` or `lib/x`. */
export function findModule(loaded: Map<string, LoadedModule>, modPath: string): LoadedModule | undefined {
  for (const [k, m] of loaded) if (k.replace(/\.[^./]+$/, "") === `./convex/${modPath}`) return m;
  return undefined;
}

/** Whether `modPath` (without extension) can hold functions a client may call: not schema or auth.config. */
export function isFunctionModulePath(modPath: string): boolean {
  return modPath !== "schema" && !path.posix.basename(modPath).includes(".") && !modPath.startsWith("_generated/");
}
