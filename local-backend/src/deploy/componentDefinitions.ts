// Components as a push brings them (`convex.config.ts` with `app.use(...)`): each definition the CLI bundled
// is evaluated the way Convex's backend evaluates it (crates/isolate component_definitions.rs): children
// first, its imports of `./_componentDeps/<base64url(path)>` answered by a synthetic module holding the
// child's metadata and default name. From the app's definition down, that gives the tree of instances
// (`jobs`, `jobs/batchWorker`, …), each with its definition's functions and schema, isolated from the others.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PushError, type PushedModule } from "./pushedCode.ts";

/** A component definition as the CLI pushes it (`componentDefinitionConfig`). */
export interface PushedComponentDefinition {
  definitionPath: string;
  definition: PushedModule;
  dependencies: string[];
  schema: PushedModule | null;
  functions: PushedModule[];
}

type Export = { type: "leaf"; leaf: string } | { type: "branch"; branch: Array<[string, Export]> };

/** What a definition's `export()` says (`componentDefinitionMetadata`), with its path. */
export interface DefinitionMetadata {
  path: string;
  name?: string;
  definitionType: { type: "app" } | { type: "childComponent"; name: string; args: unknown[] };
  childComponents: Array<{ name: string; path: string; args: unknown[]; env: Array<[string, { type: "value"; value: string } | { type: "envVar"; name: string }]> | null }>;
  httpMounts: Record<string, string>;
  exports: { type: "branch"; branch: Array<[string, Export]> };
  envVars?: Array<[string, { type: "value"; value: string; optional?: boolean }]>;
}

/** One mounted component: its path in the tree (`jobs/batchWorker`), its definition, its environment. */
export interface ComponentInstance {
  componentPath: string;
  name: string;
  definitionPath: string;
  /** The values its parent gave its declared variables (`app.use(c, { env })`). */
  env: Record<string, string>;
}

const depSpecifier = (definitionPath: string) => `./_componentDeps/${Buffer.from(definitionPath).toString("base64url")}`;

/** Orders definitions so every one comes after the definitions it uses; a cycle is refused. */
function childrenFirst(defs: PushedComponentDefinition[]): PushedComponentDefinition[] {
  const byPath = new Map(defs.map((d) => [d.definitionPath, d]));
  const out: PushedComponentDefinition[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (d: PushedComponentDefinition) => {
    if (state.get(d.definitionPath) === "done") return;
    if (state.get(d.definitionPath) === "visiting") throw new PushError(`Component definitions use each other in a cycle at ${d.definitionPath}`, "InvalidComponents");
    state.set(d.definitionPath, "visiting");
    for (const dep of d.dependencies) {
      const child = byPath.get(dep);
      if (!child) throw new PushError(`Component definition ${dep} (used by ${d.definitionPath}) was not pushed`, "InvalidComponents");
      visit(child);
    }
    state.set(d.definitionPath, "done");
    out.push(d);
  };
  defs.forEach(visit);
  return out;
}

/**
 * Evaluates one `convex.config.js` in `dir`, its component imports answered from `evaluated`; returns what
 * its default export's `export()` describes.
 */
async function evaluate(dir: string, definitionPath: string, source: string, dependencies: string[], evaluated: Map<string, DefinitionMetadata>): Promise<DefinitionMetadata> {
  fs.mkdirSync(path.join(dir, "_componentDeps"), { recursive: true, mode: 0o700 });
  let code = source;
  for (const dep of dependencies) {
    const child = evaluated.get(dep);
    if (!child) throw new PushError(`Component definition ${dep} was not evaluated before ${definitionPath}`, "InvalidComponents");
    const spec = depSpecifier(dep);
    // Node's ES modules need the file's extension, which the bundle leaves out.
    code = code.split(`"${spec}"`).join(`"${spec}.js"`);
    const defaultName = child.definitionType.type === "childComponent" ? child.definitionType.name : "";
    fs.writeFileSync(
      path.join(dir, `${spec}.js`),
      `export default { export: () => (${JSON.stringify(child)}), componentDefinitionPath: ${JSON.stringify(dep)}, defaultName: ${JSON.stringify(defaultName)} };\n`,
      { mode: 0o600 },
    );
  }
  const file = path.join(dir, "convex.config.js");
  fs.writeFileSync(file, code, { mode: 0o600 });
  let definition: { export?: () => Omit<DefinitionMetadata, "path"> } | undefined;
  try {
    definition = ((await import(pathToFileURL(file).href)) as { default?: typeof definition }).default;
  } catch (e) {
    throw new PushError(`Failed to evaluate the component definition ${definitionPath || "convex.config.ts"}: ${(e as Error)?.message ?? String(e)}`, "InvalidComponents");
  }
  if (typeof definition?.export !== "function")
    throw new PushError(`${definitionPath || "convex/convex.config.ts"} must export a component definition (defineApp() or defineComponent()) as its default`, "InvalidComponents");
  return { ...definition.export(), path: definitionPath };
}

/**
 * Every definition's metadata by path (the app's under ""), public functions as its exports (file-based, as
 * Convex exports a child component's public functions), and the instances mounted from the app down.
 */
export async function evaluateDefinitions(
  dir: string,
  app: { definition: PushedModule; dependencies: string[] },
  defs: PushedComponentDefinition[],
  publicFunctions: (definitionPath: string) => Array<{ modulePath: string; name: string }>,
): Promise<{ metadata: Map<string, DefinitionMetadata>; instances: ComponentInstance[] }> {
  const metadata = new Map<string, DefinitionMetadata>();
  for (const def of childrenFirst(defs)) {
    const m = await evaluate(path.join(dir, "_definitions", Buffer.from(def.definitionPath).toString("base64url")), def.definitionPath, def.definition.source, def.dependencies, metadata);
    if (m.definitionType.type !== "childComponent") throw new PushError(`${def.definitionPath} must be defined with defineComponent()`, "InvalidComponents");
    metadata.set(def.definitionPath, { ...m, exports: fileBasedExports(publicFunctions(def.definitionPath)) });
  }
  const root = await evaluate(path.join(dir, "_definitions", "app"), "", app.definition.source, app.dependencies, metadata);
  if (root.definitionType.type !== "app") throw new PushError("convex/convex.config.ts must be defined with defineApp()", "InvalidComponents");
  metadata.set("", root);

  const instances: ComponentInstance[] = [];
  const mount = (parentPath: string, m: DefinitionMetadata, parentEnv: Record<string, string>) => {
    const names = new Set<string>();
    for (const child of m.childComponents) {
      if (names.has(child.name)) throw new PushError(`Two components are named "${child.name}" in ${m.path || "convex.config.ts"}`, "InvalidComponents");
      names.add(child.name);
      const componentPath = parentPath ? `${parentPath}/${child.name}` : child.name;
      const env: Record<string, string> = {};
      for (const [name, binding] of child.env ?? []) {
        const value = binding.type === "value" ? binding.value : (parentEnv[binding.name] ?? process.env[binding.name]);
        if (value !== undefined) env[name] = value;
      }
      instances.push({ componentPath, name: child.name, definitionPath: child.path, env });
      const childMeta = metadata.get(child.path);
      if (!childMeta) throw new PushError(`Component definition ${child.path} was not pushed`, "InvalidComponents");
      mount(componentPath, childMeta, env);
    }
  };
  mount("", root, {});
  return { metadata, instances };
}

function fileBasedExports(functions: Array<{ modulePath: string; name: string }>): DefinitionMetadata["exports"] {
  type Tree = Map<string, Tree | string>;
  const root: Tree = new Map();
  for (const { modulePath, name } of functions) {
    const parts = [...modulePath.replace(/\.js$/, "").split("/"), name];
    let node = root;
    for (const part of parts.slice(0, -1)) {
      let next = node.get(part);
      if (typeof next === "string") throw new PushError(`Path ${modulePath}:${name} conflicts with existing export`, "InvalidExport");
      if (!next) node.set(part, (next = new Map()));
      node = next;
    }
    node.set(parts[parts.length - 1], `_reference/function/${modulePath}:${name}`);
  }
  const serialize = (t: Tree): { type: "branch"; branch: Array<[string, Export]> } => ({
    type: "branch",
    branch: [...t].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, typeof v === "string" ? { type: "leaf", leaf: v } : serialize(v)]),
  });
  return serialize(root);
}
