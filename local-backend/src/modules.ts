// Loads a `convex/` folder as the `{"./convex/x.ts": () => import(...)}` map convex-test expects.
// Everything is bundled by esbuild into ONE file (packages external), so modules share instances of
// anything they both import and nothing is resolved again per call.
import fs from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

export type ModuleMap = Record<string, () => Promise<unknown>>;
export type LoadedModule = Record<string, unknown>;

function listModules(convexDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== "node_modules") walk(p);
      } else if (/\.(m?[jt]sx?)$/.test(e.name) && !/\.d\.[mc]?ts$/.test(e.name)) {
        out.push(p);
      }
    }
  };
  walk(convexDir);
  return out.sort();
}

/** The bundle must sit under a node_modules tree so its external imports resolve like the app's. */
function cacheDir(convexDir: string): string {
  for (let dir = path.resolve(convexDir); ; dir = path.dirname(dir)) {
    const nm = path.join(dir, "node_modules");
    if (fs.existsSync(nm)) return path.join(nm, ".cache", "local-backend");
    if (path.dirname(dir) === dir) throw new Error(`No node_modules found above ${convexDir}`);
  }
}

export async function loadModules(dir: string): Promise<{ modules: ModuleMap; loaded: Map<string, LoadedModule> }> {
  const convexDir = path.resolve(dir);
  const files = listModules(convexDir);
  const key = (f: string) => "./convex/" + path.relative(convexDir, f).split(path.sep).join("/");
  const entry = files.map((f, i) => `export * as m${i} from ${JSON.stringify(f)};`).join("\n");
  const outDir = cacheDir(convexDir);
  fs.mkdirSync(outDir, { recursive: true });
  const hash = createHash("sha256").update(path.resolve(convexDir)).update(String(process.pid)).update(String(Date.now())).digest("hex");
  const outfile = path.join(outDir, `bundle-${hash.slice(0, 16)}.mjs`);
  await build({
    stdin: { contents: entry, resolveDir: convexDir, loader: "ts" },
    bundle: true,
    format: "esm",
    platform: "node",
    packages: "external",
    outfile,
    logLevel: "error",
    // Stack traces of function errors point at convex/*.ts, as on Convex.
    sourcemap: "inline",
  });
  process.setSourceMapsEnabled(true);
  let bundle: Record<string, LoadedModule>;
  try {
    bundle = (await import(pathToFileURL(outfile).href)) as Record<string, LoadedModule>;
  } finally {
    // The module is in memory now; the file is only a vehicle for import().
    fs.rmSync(outfile, { force: true });
  }
  const loaded = new Map<string, LoadedModule>();
  const modules: ModuleMap = {};
  files.forEach((f, i) => {
    const mod = bundle[`m${i}`];
    loaded.set(key(f), mod);
    modules[key(f)] = async () => mod;
  });
  return { modules, loaded };
}

/** Finds a module by its path without extension relative to convex/, e.g. `messages` or `lib/x`. */
export function findModule(loaded: Map<string, LoadedModule>, modPath: string): LoadedModule | undefined {
  for (const [k, m] of loaded) if (k.replace(/\.[^./]+$/, "") === `./convex/${modPath}`) return m;
  return undefined;
}
