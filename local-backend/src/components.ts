// The components a push mounted (`app.use(...)` in convex/convex.config.ts), as the engine runs them: each
// instance with its definition's modules and schema, its data in a database of its own. In the durability
// log a component's document is keyed `<component path>/<id>` (an id never holds a `/`), the app's by its
// id alone, so one log record holds a transaction that spans components.
import type { GenericSchema, SchemaDefinition } from "convex/server";
import type { Doc } from "./internals.ts";
import { assembleComponentModules, findModule, type LoadedModule, type ModuleMap } from "./modules.ts";
import type { LoadedCode } from "./deploy/deployment.ts";
import type { FunctionKind } from "./protocol.ts";
import { canonicalizeUdfPath } from "./protocol.ts";
import type { ValidatorJson } from "./validate.ts";

export function durableKey(component: string, id: string): string {
  return component ? `${component}/${id}` : id;
}

/** The stored documents split into the app's and each component's. */
export function splitByComponent(docs: Record<string, Doc>): { app: Record<string, Doc>; components: Record<string, Record<string, Doc>> } {
  const app: Record<string, Doc> = {};
  const components: Record<string, Record<string, Doc>> = {};
  for (const [key, doc] of Object.entries(docs)) {
    const slash = key.lastIndexOf("/");
    if (slash < 0) app[key] = doc;
    else (components[key.slice(0, slash)] ??= {})[key.slice(slash + 1)] = doc;
  }
  return { app, components };
}

/** The inverse of `splitByComponent`: every document under its durable key. */
export function joinComponents(app: Record<string, Doc>, components: Record<string, Record<string, Doc>>): Record<string, Doc> {
  if (Object.keys(components).length === 0) return app;
  const out: Record<string, Doc> = { ...app };
  for (const [component, docs] of Object.entries(components)) for (const [id, doc] of Object.entries(docs)) out[durableKey(component, id)] = doc;
  return out;
}

type AnySchema = SchemaDefinition<GenericSchema, boolean>;

/** What a component sees of the environment besides its own variables, as on Convex; `LOCAL_BACKEND_*` are this backend's. */
const SHARED_ENV = /^(CONVEX_CLOUD_URL|CONVEX_SITE_URL|LOCAL_BACKEND_.*)$/;

/**
 * `process.env` answered per component: inside a component's function, only the variables its parent
 * gave it (and the deployment's URLs), never the app's secrets; everywhere else the process's own.
 */
export function isolateComponentEnv(currentComponent: () => string, envOf: (component: string) => Record<string, string> | undefined): void {
  const real = process.env;
  const visible = (component: string, name: string | symbol) => typeof name === "string" && (SHARED_ENV.test(name) || Object.hasOwn(envOf(component) ?? {}, name));
  const valueIn = (component: string, name: string) => (SHARED_ENV.test(name) ? real[name] : envOf(component)?.[name]);
  process.env = new Proxy(real, {
    get: (target, name) => {
      const c = currentComponent();
      if (!c || typeof name !== "string") return Reflect.get(target, name);
      return valueIn(c, name);
    },
    has: (target, name) => {
      const c = currentComponent();
      return c ? visible(c, name) : Reflect.has(target, name);
    },
    ownKeys: (target) => {
      const c = currentComponent();
      return c ? [...Object.keys(envOf(c) ?? {}), ...Object.keys(target).filter((n) => SHARED_ENV.test(n))] : Reflect.ownKeys(target);
    },
    getOwnPropertyDescriptor: (target, name) => {
      const c = currentComponent();
      if (!c) return Reflect.getOwnPropertyDescriptor(target, name);
      return visible(c, name) ? { value: valueIn(c, name as string), writable: true, enumerable: true, configurable: true } : undefined;
    },
  });
}

export class MountedComponents {
  private loaded = new Map<string, Map<string, LoadedModule>>();
  private env = new Map<string, Record<string, string>>();

  /** Each mounted component's `crons.js` default export (a `cronJobs()`), by component path. */
  crons(): Array<[string, unknown]> {
    return [...this.loaded].flatMap(([path, loaded]) => {
      const mod = findModule(loaded, "crons");
      return mod?.default ? [[path, mod.default] as [string, unknown]] : [];
    });
  }

  /** The variables a component's parent gave it. */
  envOf(component: string): Record<string, string> | undefined {
    return this.env.get(component);
  }

  /** What the engine mounts for `code` (none for code without components); remembered for `kindOf`. */
  mount(code: LoadedCode | null): Array<{ componentPath: string; schema: AnySchema | undefined; modules: ModuleMap }> {
    this.loaded = new Map();
    this.env = new Map((code?.components?.instances ?? []).map((i) => [i.componentPath, i.env]));
    const byDefinition = new Map<string, { modules: ModuleMap; loaded: Map<string, LoadedModule> }>();
    const out = [];
    for (const instance of code?.components?.instances ?? []) {
      const def = code!.components!.definitions.get(instance.definitionPath);
      if (!def) continue;
      let assembled = byDefinition.get(instance.definitionPath);
      if (!assembled) byDefinition.set(instance.definitionPath, (assembled = assembleComponentModules(def.entries)));
      this.loaded.set(instance.componentPath, assembled.loaded);
      out.push({ componentPath: instance.componentPath, schema: def.schema, modules: assembled.modules });
    }
    return out;
  }

  /** The kind of a component's function (`lib:enqueue` in `jobs`), or null when there is none. */
  kindOf(component: string, udfPath: string): FunctionKind | null {
    return this.functionOf(component, udfPath)?.kind ?? null;
  }

  /** A component's function: its kind and its arguments' validator (JSON), or null when there is none. */
  functionOf(component: string, udfPath: string): { kind: FunctionKind; args: ValidatorJson } | null {
    const [mod, name] = canonicalizeUdfPath(udfPath).split(":");
    const loaded = this.loaded.get(component);
    const fn = loaded
      ? (findModule(loaded, mod)?.[name] as { isQuery?: boolean; isMutation?: boolean; isAction?: boolean; exportArgs?: () => string } | undefined)
      : undefined;
    const kind = fn?.isQuery ? "query" : fn?.isMutation ? "mutation" : fn?.isAction ? "action" : null;
    if (!kind) return null;
    return { kind, args: fn?.exportArgs ? (JSON.parse(fn.exportArgs()) as ValidatorJson) : { type: "any" } };
  }
}
