// Radix Themes' style sheet cut to what the app uses, at build. src/app/main.tsx already imports only the
// layers and colour scales it needs (the library's documented per-file imports); this plugin then drops, from
// the built CSS:
// - the rules of components the app never renders: a rule is kept only for the `rt-Component` classes that
//   appear in the built code (a component's class names are literals in the library's code, so a component
//   the app imports always brings them);
// - the dark theme (the app has only the light one), the wide-gamut (P3) copies of the colour scales and the
//   mappings to the scales the app does not use (APP_COLOURS);
// - the classic variant, which no component of the app uses;
// - the utility classes of layout props the app never names and that have no default (grid areas, insets…);
// - the responsive variants of the breakpoints no page uses (lg, xl: tests/radixCss.test.ts fails when a
//   page starts using one).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * The colour scales the app uses (accent violet, grey mauve, the states' colours of src/lib/text/states.ts):
 * src/app/main.tsx imports these token files; the library's mappings to the other scales are dropped.
 */
export const APP_COLOURS = ["violet", "mauve", "gray", "red", "green", "amber", "blue", "grass"];

/** Radix Themes' breakpoints the app's pages do not use, by their min-width (lg 1280px, xl 1640px). */
export const UNUSED_BREAKPOINTS = ["1280px", "1640px"];

type Rule = { kind: "rule"; prelude: string; body: string };
export type CssNode = Rule | { kind: "at"; prelude: string; body: CssNode[] | null; raw: string } | { kind: "text"; raw: string };

/**
 * `nodes` written back as CSS, each rule as `rule` rewrites it ("" drops it); an at-rule keeps what is left
 * inside it and goes when nothing is, or when `dropAt` refuses its prelude; one without a block stays as it is.
 */
export function rewriteRules(nodes: CssNode[], rule: (node: Rule) => string, dropAt: (prelude: string) => boolean = () => false): string {
  const render = (list: CssNode[]): string =>
    list
      .map((node) => {
        if (node.kind === "text") return node.raw;
        if (node.kind === "rule") return rule(node);
        if (dropAt(node.prelude)) return "";
        if (node.body === null) return node.raw;
        const inner = render(node.body);
        return inner.trim() === "" ? "" : `${node.prelude}{${inner}}`;
      })
      .join("");
  return render(nodes);
}

/** Splits `css` into its top-level statements (rules, at-rules with their blocks), minding strings and comments. */
export function parseCss(css: string): CssNode[] {
  const nodes: CssNode[] = [];
  let i = 0;
  let start = 0;
  while (i < css.length) {
    const ch = css[i];
    if (ch === '"' || ch === "'") {
      i = skipString(css, i);
      continue;
    }
    if (ch === "/" && css[i + 1] === "*") {
      const end = css.indexOf("*/", i + 2);
      i = end < 0 ? css.length : end + 2;
      continue;
    }
    if (ch === ";" && css.slice(start, i).trim().startsWith("@")) {
      nodes.push({ kind: "text", raw: css.slice(start, i + 1) });
      start = i = i + 1;
      continue;
    }
    if (ch === "{") {
      const close = matchingBrace(css, i);
      const prelude = css.slice(start, i).trim();
      const inner = css.slice(i + 1, close);
      if (prelude.startsWith("@")) {
        const nested = /^@(media|supports|layer|container|document|scope)\b/i.test(prelude);
        nodes.push({ kind: "at", prelude, body: nested ? parseCss(inner) : null, raw: css.slice(start, close + 1) });
      } else {
        nodes.push({ kind: "rule", prelude, body: inner });
      }
      start = i = close + 1;
      continue;
    }
    i += 1;
  }
  const rest = css.slice(start);
  if (rest.trim()) nodes.push({ kind: "text", raw: rest });
  return nodes;
}

function skipString(css: string, from: number): number {
  const quote = css[from];
  let i = from + 1;
  while (i < css.length && css[i] !== quote) i += css[i] === "\\" ? 2 : 1;
  return i + 1;
}

function matchingBrace(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const ch = css[i];
    if (ch === '"' || ch === "'") {
      i = skipString(css, i) - 1;
    } else if (ch === "/" && css[i + 1] === "*") {
      const end = css.indexOf("*/", i + 2);
      i = end < 0 ? css.length : end + 1;
    } else if (ch === "{") {
      depth += 1;
    } else if (ch === "}") {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return css.length - 1;
}

/** `selector` without the arguments of its functional pseudo-classes (what is inside each top-level parenthesis). */
function withoutArguments(selector: string): string {
  let depth = 0;
  let out = "";
  for (const ch of selector) {
    if (ch === "(") depth += 1;
    if (depth === 0) out += ch;
    if (ch === ")") depth = Math.max(0, depth - 1);
  }
  return out;
}

/** A selector list's selectors (commas inside :is(), :where(), :not() and attribute values do not split). */
export function splitSelectors(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const ch = list[i];
    if (ch === '"' || ch === "'") i = skipString(list, i) - 1;
    else if (ch === "(" || ch === "[") depth += 1;
    else if (ch === ")" || ch === "]") depth -= 1;
    else if (ch === "," && depth === 0) {
      parts.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(list.slice(start).trim());
  return parts.filter(Boolean);
}

const COMPONENT_CLASS = /\.(rt-[A-Z][A-Za-z0-9]*)(?![\w-])/g;
const DARK = /\.dark(-theme)?(?![\w-])/;
/** The classic variant: only the Kbd's (its default); the app sets variant="classic" nowhere (tests/radixCss.test.ts). */
const CLASSIC_OUTSIDE_KBD = (selector: string) => selector.includes(".rt-variant-classic") && !selector.includes(".rt-Kbd");
const COLOUR_ATTRIBUTE = /\[data-(?:accent|gray)-color=['"]?([a-z]+)/g;

/** The `rt-Component` class names in built code. */
function componentClassesIn(code: string): Set<string> {
  return new Set(code.match(/\brt-[A-Z][A-Za-z0-9]*/g) ?? []);
}

/** What the app uses of the library: its components' classes and the layout props it names (utilities). */
type Usage = { classes: Set<string>; utilities?: UtilityUse };

/** Each responsive utility class prefix (rt-r-p) with whether any prop it serves is named by the app or has a default. */
type UtilityUse = Map<string, boolean>;

/** The utility class prefixes of the library's prop definitions, each marked used when `propNames` names one of its props or it has a default. */
function utilityUse(root: string, propNames: Set<string>): UtilityUse {
  const use: UtilityUse = new Map();
  const dirs = [path.join(root, "node_modules/@radix-ui/themes/dist/esm/props"), path.join(root, THEMES_DIST)];
  for (const dir of dirs) {
    for (const file of readdirSync(dir).filter((name) => name.endsWith(".props.js"))) {
      const code = readFileSync(path.join(dir, file), "utf8");
      for (const match of code.matchAll(/(\w+):\{([^{}]*?className:"(rt-r-[a-z-]+)"[^{}]*)\}/g)) {
        const [, prop, definition, prefix] = match;
        const used = propNames.has(prop) || /\bdefault:/.test(definition);
        use.set(prefix, (use.get(prefix) ?? false) || used);
      }
    }
  }
  return use;
}

/** Names the app's code gives props or object keys (`p="4"`, `{ initial: … }`, `gap:`), which may reach a layout prop. */
function propNamesIn(sources: string[]): Set<string> {
  const names = new Set<string>();
  for (const source of sources) for (const match of source.matchAll(/\b([a-zA-Z]+)(?:=|\??:\s)/g)) names.add(match[1]);
  return names;
}

/** Whether a utility class (rt-r-mt-3, xs:rt-r-p-2) serves a prop the app uses; unknown classes are kept. */
function utilityKept(className: string, use: UtilityUse): boolean {
  let best: string | null = null;
  for (const prefix of use.keys())
    if ((className === prefix || className.startsWith(`${prefix}-`)) && (!best || prefix.length > best.length)) best = prefix;
  return best === null || use.get(best) === true;
}

const UTILITY_CLASS = /\.(?:[a-z]+\\:)?(rt-r-[a-z0-9-]+)/g;

/** `css` without the rules of components not in `used`, the dark theme, the P3 colours and the unused breakpoints. */
export function trimRadixCss(css: string, used: Set<string>, utilities?: UtilityUse): string {
  const keepSelector = (selector: string) => {
    // What a selector requires is outside :where(), :is(), :not() and :has(): one alternative among several
    // in there may name a dropped component (`:where(.rt-BaseTabListTrigger, .rt-TabNavLink)`) and the rule still apply.
    const required = withoutArguments(selector);
    return (
      !DARK.test(selector) &&
      !CLASSIC_OUTSIDE_KBD(selector) &&
      [...required.matchAll(COMPONENT_CLASS)].every((match) => used.has(match[1])) &&
      [...required.matchAll(COLOUR_ATTRIBUTE)].every((match) => APP_COLOURS.includes(match[1])) &&
      (!utilities || [...required.matchAll(UTILITY_CLASS)].every((match) => utilityKept(match[1], utilities)))
    );
  };
  const unusedAt = (prelude: string) =>
    (/^@media/i.test(prelude) &&
      UNUSED_BREAKPOINTS.some((width) => prelude.includes(`min-width:${width}`) || prelude.includes(`min-width: ${width}`))) ||
    /color-gamut:\s*p3|display-p3/.test(prelude);
  return rewriteRules(
    parseCss(css),
    (node) => {
      // Keyframes' steps (0%, to) and the like have no class: kept.
      const kept = splitSelectors(node.prelude).filter(keepSelector);
      return kept.length === 0 ? "" : `${kept.join(",")}{${node.body}}`;
    },
    unusedAt,
  );
}

const THEMES_DIST = "node_modules/@radix-ui/themes/dist/esm/components";

/** The names the app imports from "@radix-ui/themes" in `sources` (the text of its modules). */
function importedThemeNames(sources: string[]): Set<string> {
  const names = new Set<string>();
  for (const source of sources) {
    for (const match of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+["']@radix-ui\/themes["']/g)) {
      if (match[1]) continue;
      for (const part of match[2].split(",")) {
        const name = part
          .trim()
          .replace(/^type\s+/, "")
          .split(/\s+as\s+/)[0];
        if (name && !part.trim().startsWith("type ")) names.add(name);
      }
    }
  }
  return names;
}

/**
 * The `rt-Component` classes of the library's modules that the names in `names` bring, following each
 * module's own imports inside the library (a Select brings its ScrollArea, an AlertDialog its Dialog).
 */
function componentClassesOf(names: Set<string>, root: string): Set<string> {
  const dir = path.join(root, THEMES_DIST);
  const index = readFileSync(path.join(dir, "index.js"), "utf8");
  const fileOfBinding = new Map<string, string>();
  for (const match of index.matchAll(/import\s*\*\s*as\s*(\w+)\s*from\s*"\.\/([^"]+)"/g)) fileOfBinding.set(match[1], match[2]);
  for (const match of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"\.\/([^"]+)"/g)) {
    for (const part of match[1].split(","))
      fileOfBinding.set(
        part
          .trim()
          .split(/\s+as\s+/)
          .pop()!,
        match[2],
      );
  }
  const exportClause = /export\s*\{([^}]*)\}/.exec(index)?.[1] ?? "";
  const files = new Set<string>();
  for (const part of exportClause.split(",")) {
    const [binding, exported] = part.trim().split(/\s+as\s+/);
    const file = fileOfBinding.get(binding);
    if (file && names.has(exported ?? binding)) files.add(path.join(dir, file));
  }
  const classes = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    const code = readFileSync(file, "utf8");
    for (const name of componentClassesIn(code)) classes.add(name);
    for (const match of code.matchAll(/from\s*"(\.{1,2}\/[^"]+\.js)"/g)) visit(path.resolve(path.dirname(file), match[1]));
  };
  files.forEach(visit);
  return classes;
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(tsx?|jsx?)$/.test(entry.name)) yield full;
  }
}

/**
 * What the app at `root` can render: the component classes its imports from the library bring (and any it
 * names itself), and the utilities of the layout props it names.
 */
export function appUsage(root: string): Required<Usage> {
  const sources = [...sourceFiles(path.join(root, "src"))].map((file) => readFileSync(file, "utf8"));
  const classes = componentClassesOf(importedThemeNames(sources), root);
  for (const source of sources) for (const name of componentClassesIn(source)) classes.add(name);
  return { classes, utilities: utilityUse(root, propNamesIn(sources)) };
}

const RADIX_CSS = /@radix-ui\/themes\/(tokens\/[\w/-]+|components|utilities)\.css$/;

/**
 * Trims the library's style sheets as they are imported, before Vite bundles and names them (so a file's
 * name still changes with its content: the hashed files are cached for a year).
 */
export function radixCssPlugin(): Plugin {
  let usage: Required<Usage> | null = null;
  let root = process.cwd();
  return {
    name: "arcano-radix-css",
    apply: "build",
    enforce: "pre",
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      usage = appUsage(root);
    },
    transform(code, id) {
      if (!RADIX_CSS.test(id.split("?")[0])) return null;
      usage ??= appUsage(root);
      return { code: trimRadixCss(code, usage.classes, usage.utilities), map: null };
    },
  };
}
