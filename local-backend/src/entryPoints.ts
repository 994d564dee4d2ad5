// Which files of convex/ are function modules, and in which runtime each runs, by the rules `npx convex dev`
// applies: a file whose name has more than one dot (`x.test.ts`, `auth.config.ts`) is not a module; a file
// starting with the "use node" directive runs in Node.js; every other module runs in the default runtime,
// where importing a Node built-in (directly or through a package) is refused at push time.
import fs from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import { build, formatMessages, type Message, type Plugin } from "esbuild";

export type Runtime = "isolate" | "node";

export interface EntryPoint {
  file: string;
  /** Path relative to convex/, with `/` separators, e.g. `lib/x.ts`. */
  rel: string;
  runtime: Runtime;
}

/** A convex/ folder that `npx convex dev` would refuse to push; the message is worded as it words it. */
export class ModuleLoadError extends Error {}

const ENTRY_EXTENSIONS = [".js", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts", ".jsx"];
const USE_NODE = /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/|(["'])use strict\1;?)*(["'])use node\2/;
const MUST_BE_ISOLATE = new Set(["http", "crons", "schema", "auth.config"]);

function walk(dir: string, out: string[]): void {
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      // A nested component's folder is not part of this app's modules.
      if (e.name !== "node_modules" && !fs.existsSync(path.join(p, "convex.config.ts"))) walk(p, out);
    } else if (e.isFile()) out.push(p);
  }
}

const withoutExtension = (rel: string) => rel.replace(/\.[^/.]+$/, "");

/** The function modules of convex/, each with its runtime. */
export function entryPoints(convexDir: string): EntryPoint[] {
  const files: string[] = [];
  walk(convexDir, files);
  const out: EntryPoint[] = [];
  for (const file of files) {
    const rel = path.relative(convexDir, file).split(path.sep).join("/");
    const base = path.basename(file);
    if (!ENTRY_EXTENSIONS.some((ext) => rel.endsWith(ext))) continue;
    if (rel.startsWith("_generated/") || base.startsWith(".") || base.startsWith("#")) continue;
    if (base === "schema.ts" || base === "schema.js") continue;
    if ((base.match(/\./g) ?? []).length > 1 || rel.includes(" ")) continue;
    const source = fs.readFileSync(file, "utf8");
    // As the CLI: a TypeScript file without any import or export is not a module.
    if (/\.tsx?$/.test(base) && !/^\s{0,100}(import|export)/m.test(source)) continue;
    const useNode = source.includes("use node") && USE_NODE.test(source);
    if (useNode && MUST_BE_ISOLATE.has(withoutExtension(rel)))
      throw new ModuleLoadError(`"use node" directive is not allowed for ${rel}.`);
    out.push({ file, rel, runtime: useNode ? "node" : "isolate" });
  }
  return out;
}

/** What the default runtime offers instead of `async_hooks`, as the CLI's shim provides it. */
const asyncHooksShim: Plugin = {
  name: "async-hooks-shim",
  setup(b) {
    b.onResolve({ filter: /^(node:)?async_hooks$/ }, (args) => ({ path: args.path, namespace: "async-hooks-shim" }));
    b.onLoad({ filter: /.*/, namespace: "async-hooks-shim" }, () => ({
      contents: "export const AsyncLocalStorage = globalThis.AsyncLocalStorage; export default { AsyncLocalStorage };",
      loader: "js",
    }));
  },
};

const USE_NODE_ADVICE =
  `It looks like you are using Node APIs from a file without the "use node" directive.\n` +
  `Split out actions using Node.js APIs like this into a new file only containing actions that uses "use node" so these actions will run in a Node.js environment.\n` +
  `For more information see https://docs.convex.dev/functions/runtimes#nodejs-runtime`;

/**
 * Bundles the default-runtime modules for the browser platform with every dependency, as the CLI does, only
 * to find what Convex would refuse (a Node built-in reached from them). The result is remembered by the
 * size and mtime of every input, so an unchanged folder is not checked twice.
 */
export async function checkIsolateModules(convexDir: string, entries: EntryPoint[], cacheDir: string): Promise<void> {
  const isolate = entries.filter((e) => e.runtime === "isolate").map((e) => e.file);
  if (isolate.length === 0) return;
  const cacheFile = path.join(cacheDir, `isolate-check-${createHash("sha256").update(path.resolve(convexDir)).digest("hex").slice(0, 16)}.json`);
  const stamp = (f: string) => {
    const st = fs.statSync(f, { throwIfNoEntry: false });
    return st ? `${st.size}:${st.mtimeMs}` : "missing";
  };
  try {
    const cached = JSON.parse(fs.readFileSync(cacheFile, "utf8")) as { entries: string[]; inputs: Record<string, string> };
    if (cached.entries.join("\n") === isolate.join("\n") && Object.entries(cached.inputs).every(([f, s]) => stamp(f) === s)) return;
  } catch {
    // No usable record: check.
  }
  let inputs: string[];
  try {
    const result = await build({
      entryPoints: isolate,
      bundle: true,
      platform: "browser",
      format: "esm",
      target: "esnext",
      conditions: ["convex", "module"],
      outdir: "out",
      outbase: convexDir,
      splitting: true,
      write: false,
      metafile: true,
      logLevel: "silent",
      plugins: [asyncHooksShim],
    });
    inputs = Object.keys(result.metafile.inputs).filter((f) => !f.includes(":"));
  } catch (e) {
    const errors = (e as { errors?: Message[] }).errors;
    if (!errors) throw e;
    const text = (await formatMessages(errors, { kind: "error", color: false })).join("");
    const nodeApi = errors.some((m) => m.notes.some((n) => n.text.includes("Are you trying to bundle for node?")));
    // The advice first: a long list of unresolved built-ins must not push it out of a shortened report.
    throw new ModuleLoadError(nodeApi ? `${USE_NODE_ADVICE}\n${text}` : text);
  }
  const record = { entries: isolate, inputs: Object.fromEntries(inputs.map((f) => [path.resolve(f), stamp(path.resolve(f))])) };
  fs.writeFileSync(cacheFile, JSON.stringify(record));
}

/** A "use node" module may define actions only; anything else fails the push with Convex's words. */
export function checkNodeExports(rel: string, mod: Record<string, unknown>): void {
  for (const [name, fn] of Object.entries(mod)) {
    if (!fn || (typeof fn !== "object" && typeof fn !== "function")) continue;
    const f = fn as { isQuery?: boolean; isMutation?: boolean };
    const kind = f.isQuery ? "Query" : f.isMutation ? "Mutation" : null;
    if (!kind) continue;
    throw new ModuleLoadError(
      `InvalidModules: Hit an error while pushing:\nLoading the pushed modules encountered the following\n    error:\n` +
        `\`${name}\` defined in \`${withoutExtension(rel)}.js\` is a ${kind} function. Only actions can be defined in Node.js. ` +
        `See https://docs.convex.dev/functions/actions for more details.`,
    );
  }
}
