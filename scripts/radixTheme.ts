// Radix Themes' <Theme> without the tooltip machinery, at build. The root Theme wraps the app in Radix's
// Tooltip.Provider, and that one import brings the whole tooltip with its positioning engine (react-popper and
// floating-ui, about 10 KB compressed) into every page's first load, though only a signed-in client's
// favourite star shows a tooltip. This plugin swaps the provider in the library's theme module for a
// pass-through; the star's tooltip (src/components/psychic/StarTooltip.tsx, loaded with the star) brings its own
// provider, with the library's delay. The build fails if the library's module stops matching, so an update
// cannot silently bring the tooltip back or break the star.
import type { Plugin } from "vite";

const THEME_MODULE = /[\\/]@radix-ui[\\/]themes[\\/]dist[\\/]esm[\\/]components[\\/]theme\.js$/;
const RADIX_IMPORT = /import\s*\{([^}]*)\}\s*from\s*"radix-ui"/;

/** theme.js's code with its `Tooltip` import from "radix-ui" replaced by a provider that renders its children. */
export function themeWithoutTooltip(code: string): string {
  const radixImport = RADIX_IMPORT.exec(code);
  const specifiers = radixImport?.[1].split(",").map((part) => part.trim()) ?? [];
  const tooltip = specifiers.find((part) => /^Tooltip(\s+as\s+\w+)?$/.test(part));
  if (!radixImport || !tooltip) throw new Error("radixTheme: the Theme module of @radix-ui/themes no longer imports Tooltip from radix-ui");
  const local = tooltip.split(/\s+as\s+/)[1] ?? "Tooltip";
  const rest = specifiers.filter((part) => part !== tooltip && part !== "");
  const imports = rest.length > 0 ? `import{${rest.join(",")}}from"radix-ui"` : "";
  const passThrough = `;const ${local}={Provider:(props)=>props.children}`;
  return code.replace(radixImport[0], imports + passThrough);
}

export function radixThemePlugin(): Plugin {
  return {
    name: "arcano-radix-theme-without-tooltip",
    apply: "build",
    enforce: "pre",
    transform(code, id) {
      if (!THEME_MODULE.test(id)) return null;
      return { code: themeWithoutTooltip(code), map: null };
    },
  };
}
