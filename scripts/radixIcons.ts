// Each Radix icon in a module of its own, at build. @radix-ui/react-icons ships every icon in one module, so the
// bundler puts every icon the app uses anywhere in one chunk, which each page then loads (the header's four
// icons brought the admin's thirty). This plugin rewrites `import { XIcon } from "@radix-ui/react-icons"` into
// imports of one small virtual module per icon, cut from the library's own file, and each lands with the pages
// that draw it.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

const PACKAGE = "@radix-ui/react-icons";
const VIRTUAL = "\0radix-icon:";
const IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']@radix-ui\/react-icons["'];?/g;

/** The library's ES module, split into its shared helper and each icon's declaration. */
export function iconSources(esm: string): { helper: string; icons: Map<string, string> } {
  const helperStart = esm.indexOf("function _objectWithoutPropertiesLoose");
  const firstIcon = esm.indexOf("var _excluded");
  const helper = esm.slice(helperStart, firstIcon);
  const icons = new Map<string, string>();
  // Each icon: `var _excluded$N = ["color"];` then `var NameIcon = /*#__PURE__*/forwardRef(...);`.
  const parts = esm.slice(firstIcon, esm.lastIndexOf("export {")).split(/\n(?=var _excluded)/);
  for (const part of parts) {
    const name = /var (\w+Icon) = /.exec(part)?.[1];
    if (name) icons.set(name, part.replace(/_excluded(\$[0-9a-z]+)?\b/g, "_excluded"));
  }
  return { helper, icons };
}

/** `import { A, B as C } from "@radix-ui/react-icons"` → one import per icon of its own module. */
export function splitIconImports(code: string): string | null {
  if (!code.includes(PACKAGE)) return null;
  let changed = false;
  const out = code.replace(IMPORT, (statement, names: string) => {
    const specifiers = names
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
    // A type-only import (`type IconProps`) stays with the package.
    if (specifiers.some((part) => part.startsWith("type ") || !/Icon(\s+as\s+\w+)?$/.test(part))) return statement;
    changed = true;
    return specifiers
      .map((part) => {
        const [name, local = name] = part.split(/\s+as\s+/);
        return `import { ${name} as ${local} } from "${VIRTUAL}${name}";`;
      })
      .join("\n");
  });
  return changed ? out : null;
}

export function radixIconsPlugin(): Plugin {
  let sources: ReturnType<typeof iconSources> | null = null;
  const load = (root: string) => {
    if (sources) return sources;
    const file = path.join(
      path.dirname(createRequire(path.join(root, "package.json")).resolve(`${PACKAGE}/package.json`)),
      "dist/react-icons.esm.js",
    );
    sources = iconSources(readFileSync(file, "utf8"));
    return sources;
  };
  let root = process.cwd();
  return {
    name: "arcano-radix-icons",
    apply: "build",
    enforce: "pre",
    configResolved(config) {
      root = config.root;
    },
    transform(code, id) {
      if (id.includes("node_modules") || !/\.[jt]sx?$/.test(id.split("?")[0])) return null;
      const split = splitIconImports(code);
      return split === null ? null : { code: split, map: null };
    },
    resolveId(id) {
      return id.startsWith(VIRTUAL) ? id : null;
    },
    load(id) {
      if (!id.startsWith(VIRTUAL)) return null;
      const name = id.slice(VIRTUAL.length);
      const { helper, icons } = load(root);
      const icon = icons.get(name);
      if (!icon) throw new Error(`${PACKAGE}: nessuna icona ${name}`);
      return `import { forwardRef, createElement } from "react";\n${helper}\n${icon}\nexport { ${name} };\n`;
    },
  };
}
