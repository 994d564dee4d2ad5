// Exports nobody imports: every module of the repository parsed (TypeScript's parser, no type-check), its exports
// listed and the imports of every other module resolved to them. An export some module imports, re-exports or
// loads whole (a dynamic import, `import * as`) is used; so is every export of an entry point a framework or a
// tool loads by its path (ENTRY_POINTS), and each function a Convex function module registers (api/internal
// reach them by name).
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const EXTENSIONS = [".ts", ".tsx", ".mts", ".js", ".mjs"];
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const SKIPPED_DIRS = new Set(["node_modules", "dist", ".local-data", "test-results", "playwright-report", "_generated"]);
const ROOTS = ["src", "convex", "scripts", "local-backend", "tests", "eslint"];

/**
 * Modules loaded by a framework or a tool through their path (not an import), whose exports are all used:
 * configs, Convex's own entry files, test files, and the embedded backend's fixture deployment.
 */
const ENTRY_POINTS: RegExp[] = [
  /^[^/]+\.config\.(ts|js|mjs)$/,
  /^convex\/(schema|http|crons|auth|auth\.config|convex\.config)\.ts$/,
  /(^|\/)tests\/.*\.(test|spec|setup)\.tsx?$/,
  /\/fixture(-components)?\/convex\//,
  /^tests\/fixtures\/importCycle\//,
  /(^|\/)main\.ts$/,
];

/** Convex function modules: every top-level file of convex/ (their registered functions are reached through api). */
const isFunctionModule = (path: string) => /^convex\/[^/]+\.ts$/.test(path) && !path.endsWith(".d.ts");

type UnusedExport = { file: string; name: string };

function sourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith(".")) walk(join(dir, entry.name));
      } else if (SOURCE.test(entry.name)) files.push(join(dir, entry.name));
    }
  };
  for (const top of ROOTS) if (existsSync(join(root, top))) walk(join(root, top));
  for (const entry of readdirSync(root)) if (SOURCE.test(entry) && statSync(join(root, entry)).isFile()) files.push(join(root, entry));
  return files;
}

type ModuleInfo = {
  /** Names this module declares as exports (its own or re-exported by name). */
  exports: Map<string, ts.Node>;
  /** Modules whose exports this one re-exports wholesale (`export * from`). */
  starFrom: string[];
  /** Exports of a function module that register a Convex function. */
  registered: Set<string>;
};

/** Every export of the repository that no other module uses, by file (relative to root) and name. */
export function unusedExports(root: string): UnusedExport[] {
  const config = ts.readConfigFile(join(root, "tsconfig.json"), ts.sys.readFile).config;
  const options = ts.convertCompilerOptionsFromJson(config.compilerOptions, root).options;
  options.allowJs = true;
  const host = ts.createCompilerHost(options);
  const cache = ts.createModuleResolutionCache(root, (name) => name, options);
  const files = sourceFiles(root).filter((file) => existsSync(file)).map((file) => realpathSync(file));
  const known = new Set(files);
  const workspaces = workspaceNames(root);
  const modules = new Map<string, ModuleInfo>();
  /** Uses: file → names imported from it, or "*" for all of them. */
  const uses = new Map<string, Set<string>>();

  const aliases: [string, string][] = [
    ["@/", join(root, "src")],
    ["@convex/", join(root, "convex")],
  ];
  const resolveFrom = (from: string, specifier: string): string | undefined => {
    let base: string | undefined;
    if (specifier.startsWith(".")) base = join(dirname(from), specifier);
    for (const [prefix, dir] of aliases) if (specifier.startsWith(prefix)) base = join(dir, specifier.slice(prefix.length));
    if (base !== undefined) {
      const stem = base.replace(/\.(js|mjs)$/, "");
      const candidates = [base, ...EXTENSIONS.map((ext) => stem + ext), ...EXTENSIONS.map((ext) => join(base, `index${ext}`))];
      return candidates.find((candidate) => known.has(candidate));
    }
    if (!workspaces.some((name) => specifier === name || specifier.startsWith(`${name}/`))) return undefined;
    const resolved = ts.resolveModuleName(specifier, from, options, host, cache).resolvedModule?.resolvedFileName;
    if (resolved === undefined) return undefined;
    const real = existsSync(resolved) ? realpathSync(resolved) : resolved;
    return known.has(real) ? real : undefined;
  };
  const use = (target: string | undefined, name: string) => {
    if (target === undefined) return;
    let names = uses.get(target);
    if (names === undefined) uses.set(target, (names = new Set()));
    names.add(name);
  };

  for (const file of files) {
    if (!existsSync(file)) continue;
    const text = readFileSync(file, "utf8");
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
    const info: ModuleInfo = { exports: new Map(), starFrom: [], registered: new Set() };
    modules.set(file, info);
    const path = relative(root, file).split(sep).join("/");
    const functionModule = isFunctionModule(path);

    for (const statement of source.statements) {
      const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
      const exported = modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false;
      const isDefault = modifiers?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword) ?? false;
      if (exported) {
        if (ts.isVariableStatement(statement)) {
          for (const declaration of statement.declarationList.declarations) {
            for (const name of boundNames(declaration.name)) {
              info.exports.set(name, declaration);
              if (functionModule && registers(declaration.initializer)) {
                info.registered.add(name);
              }
            }
          }
        } else if (isDefault) {
          info.exports.set("default", statement);
        } else {
          const name = (statement as ts.DeclarationStatement).name;
          if (name !== undefined && ts.isIdentifier(name)) info.exports.set(name.text, statement);
        }
      }
      if (ts.isExportAssignment(statement)) info.exports.set("default", statement);
      if (ts.isExportDeclaration(statement)) {
        const target =
          statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
            ? resolveFrom(file, statement.moduleSpecifier.text)
            : undefined;
        const clause = statement.exportClause;
        if (clause === undefined) {
          if (target !== undefined) info.starFrom.push(target);
        } else if (ts.isNamespaceExport(clause)) {
          info.exports.set(clause.name.text, statement);
          use(target, "*");
        } else {
          for (const element of clause.elements) {
            info.exports.set(element.name.text, element);
            if (statement.moduleSpecifier !== undefined) use(target, (element.propertyName ?? element.name).text);
          }
        }
      }
    }

    const visit = (node: ts.Node) => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const target = resolveFrom(file, node.moduleSpecifier.text);
        const clause = node.importClause;
        if (clause?.name) use(target, "default");
        const bindings = clause?.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) use(target, "*");
        if (bindings && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements) use(target, (element.propertyName ?? element.name).text);
        }
      } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
        const expression = node.moduleReference.expression;
        if (ts.isStringLiteral(expression)) use(resolveFrom(file, expression.text), "*");
      } else if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteralLike(node.arguments[0])) {
        const callee = node.expression;
        const loadsWhole =
          callee.kind === ts.SyntaxKind.ImportKeyword ||
          (ts.isIdentifier(callee) && callee.text === "require") ||
          (ts.isPropertyAccessExpression(callee) && ["importActual", "importMock"].includes(callee.name.text));
        if (loadsWhole) use(resolveFrom(file, node.arguments[0].text), "*");
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        const target = resolveFrom(file, node.argument.literal.text);
        const qualifier = node.qualifier;
        if (qualifier === undefined) use(target, "*");
        else use(target, ts.isIdentifier(qualifier) ? qualifier.text : firstName(qualifier));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }

  // A name used from a module that only re-exports it through `export *` is used in the module it comes from.
  const marked = new Map<string, Set<string>>();
  const mark = (file: string, name: string, seen = new Set<string>()) => {
    if (seen.has(file)) return;
    seen.add(file);
    const info = modules.get(file);
    if (info === undefined) return;
    let names = marked.get(file);
    if (names === undefined) marked.set(file, (names = new Set()));
    if (name === "*") {
      names.add("*");
      for (const from of info.starFrom) mark(from, "*", seen);
      return;
    }
    names.add(name);
    if (!info.exports.has(name)) for (const from of info.starFrom) mark(from, name, seen);
  };
  for (const [file, names] of uses) for (const name of names) mark(file, name);

  const named = namedByConfigs(root);
  const unused: UnusedExport[] = [];
  for (const [file, info] of modules) {
    const path = relative(root, file).split(sep).join("/");
    if (ENTRY_POINTS.some((pattern) => pattern.test(path)) || named.has(path)) continue;
    const names = marked.get(file) ?? new Set();
    if (names.has("*")) continue;
    for (const name of info.exports.keys()) {
      if (info.registered.has(name) || names.has(name)) continue;
      unused.push({ file: path, name });
    }
  }
  return unused.sort((a, b) => a.file.localeCompare(b.file) || a.name.localeCompare(b.name));
}

/** Modules the test runners' configs name by path (setup files), which they load themselves. */
function namedByConfigs(root: string): Set<string> {
  const named = new Set<string>();
  for (const config of ["vitest.config.ts", "playwright.config.ts"]) {
    if (!existsSync(join(root, config))) continue;
    for (const [, path] of readFileSync(join(root, config), "utf8").matchAll(/["'`]([\w./-]+\.tsx?)["'`]/g)) named.add(path);
  }
  return named;
}

/** The names of the repository's workspace packages, which resolve to its own files. */
function workspaceNames(root: string): string[] {
  const patterns: string[] = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).workspaces ?? [];
  return patterns
    .map((pattern) => join(root, pattern, "package.json"))
    .filter((file) => existsSync(file))
    .map((file) => JSON.parse(readFileSync(file, "utf8")).name as string);
}

/** A function module's export registers a Convex function when a builder makes it (`query(…)`, `clientMutation(…)`). */
function registers(initializer: ts.Expression | undefined): boolean {
  return (
    initializer !== undefined &&
    ts.isCallExpression(initializer) &&
    ts.isIdentifier(initializer.expression) &&
    /^(query|mutation|action|httpAction|[a-z]+(Query|Mutation|Action))$/.test(initializer.expression.text)
  );
}

function boundNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : boundNames(element.name)));
}

function firstName(name: ts.EntityName): string {
  return ts.isIdentifier(name) ? name.text : firstName(name.left);
}

// `node --import tsx scripts/deadExports.ts` lists them (tests/deadExports.test.ts fails on any).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const unused = unusedExports(process.cwd());
  for (const { file, name } of unused) console.log(`${file}: ${name}`);
  process.exitCode = unused.length === 0 ? 0 : 1;
}
