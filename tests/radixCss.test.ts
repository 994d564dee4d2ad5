// Radix Themes' CSS cut to what the app uses at build (scripts/radixCss.ts), and the app's side of the bargain:
// the colours, breakpoints and variants the cut drops are ones no page uses.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { APP_COLOURS, appUsage, parseCss, splitSelectors, trimRadixCss, UNUSED_BREAKPOINTS } from "../scripts/radixCss";
import { iconSources, splitIconImports } from "../scripts/radixIcons";
import { themeWithoutTooltip } from "../scripts/radixTheme";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function sources(dir: string): Array<[string, string]> {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) ? [[path.relative(repoRoot, full), fs.readFileSync(full, "utf8")] as [string, string]] : [];
  });
}
const app = sources(path.join(repoRoot, "src"));

describe("trimming the library's CSS", () => {
  const used = new Set(["rt-Button", "rt-BaseButton"]);
  const utilities = new Map([
    ["rt-r-p", true],
    ["rt-r-gta", false],
  ]);

  it("keeps the rules of used components, drops the others' selectors and rules", () => {
    const css = ".rt-Button,.rt-Slider{color:red}.rt-Slider .rt-Button{x:y}.rt-ButtonGroup{a:b}.rt-BaseButton:where(.rt-variant-soft){c:d}";
    expect(trimRadixCss(css, used)).toBe(".rt-Button{color:red}.rt-BaseButton:where(.rt-variant-soft){c:d}");
  });

  it("keeps a rule whose dropped component is one alternative among others inside :where()", () => {
    const css = ":where(.rt-BaseButton[data-state=active],.rt-Slider[data-active]) .rt-Button{font-weight:500}";
    expect(trimRadixCss(css, used)).toBe(css);
  });

  it("drops the dark theme, the P3 colours, the unused breakpoints, the classic variant outside Kbd and the other colour scales", () => {
    const css = [
      ":root, .light, .light-theme { --violet-1: #fff; }",
      ".dark, .dark-theme { --violet-1: #000; }",
      ":is(.dark, .dark-theme) :where(.radix-themes:not(.light, .light-theme)) { --x: 1; }",
      "@supports (color: color(display-p3 1 1 1)) { @media (color-gamut: p3) { :root { --violet-1: color(display-p3 1 1 1); } } }",
      `@media (min-width: ${UNUSED_BREAKPOINTS[0]}) { .lg\\:rt-r-p-1 { padding: 1px; } }`,
      "@media (min-width: 768px) { .sm\\:rt-r-p-1 { padding: 1px; } .sm\\:rt-r-gta-a { grid-template-areas: a; } }",
      ".rt-Button:where(.rt-variant-classic) { a: b; }",
      ".rt-Kbd:where(.rt-variant-classic) { a: b; }",
      "[data-accent-color='violet'] { --accent-1: var(--violet-1); }",
      "[data-accent-color='tomato'] { --accent-1: var(--tomato-1); }",
      "@keyframes rt-fade { from { opacity: 0; } to { opacity: 1; } }",
    ].join("\n");
    const kept = trimRadixCss(css, new Set([...used, "rt-Kbd"]), utilities);
    expect(kept).toContain("--violet-1: #fff");
    expect(kept).not.toContain("#000");
    expect(kept).not.toContain("--x");
    expect(kept).not.toContain("display-p3");
    expect(kept).not.toContain("lg\\:rt-r-p-1");
    expect(kept).toContain("sm\\:rt-r-p-1");
    expect(kept).not.toContain("gta");
    expect(kept).not.toContain(".rt-Button:where(.rt-variant-classic)");
    expect(kept).toContain(".rt-Kbd:where(.rt-variant-classic)");
    expect(kept).toContain("--accent-1: var(--violet-1)");
    expect(kept).not.toContain("tomato");
    expect(kept).toContain("@keyframes rt-fade");
  });

  it("parses strings, comments and nested blocks; splits selectors only at the top level", () => {
    expect(parseCss('/* { */ a{content:"}"} @import "x.css"; @media (x){b{c:d}}').map((node) => node.kind)).toEqual(["rule", "text", "at"]);
    expect(splitSelectors(":is(.a, .b) .c, [data-x='1,2'], .d")).toEqual([":is(.a, .b) .c", "[data-x='1,2']", ".d"]);
  });

  it("finds what the app uses: the components its imports bring, their parts, and the layout props it names", () => {
    const usage = appUsage(repoRoot);
    for (const name of [
      "rt-Button",
      "rt-BaseButton",
      "rt-Text",
      "rt-Heading",
      "rt-Card",
      "rt-DialogContent",
      "rt-SelectContent",
      "rt-ScrollAreaRoot",
    ]) {
      expect(usage.classes.has(name), name).toBe(true);
    }
    expect(usage.classes.has("rt-ContextMenuContent")).toBe(false);
    expect(usage.utilities.get("rt-r-p")).toBe(true);
    expect(usage.utilities.get("rt-r-gap")).toBe(true);
  });
});

describe("the app stays within what the cut keeps", () => {
  it("imports the token files of APP_COLOURS only, and names no other colour", () => {
    const main = fs.readFileSync(path.join(repoRoot, "src/app/main.tsx"), "utf8");
    const imported = [...main.matchAll(/@radix-ui\/themes\/tokens\/colors\/(\w+)\.css/g)].map((match) => match[1]);
    expect(imported.sort()).toEqual([...APP_COLOURS].sort());
    expect(main).not.toContain("@radix-ui/themes/styles.css");
    for (const [file, text] of app) {
      for (const match of text.matchAll(/\b(?:color|accentColor|grayColor)(?:=|:\s*)"([a-z]+)"/g)) {
        expect(APP_COLOURS, `${file}: ${match[0]}`).toContain(match[1]);
      }
    }
  });

  it("uses no lg or xl breakpoint, no classic variant and no dark appearance", () => {
    for (const [file, text] of app) {
      expect(text, file).not.toMatch(/\b(lg|xl):\s*["'{]/);
      expect(text, file).not.toMatch(/variant(=|:\s*)"classic"/);
      expect(text, file).not.toMatch(/appearance(=|:\s*)"dark"|dark-theme/);
    }
  });
});

describe("each Radix icon in a module of its own", () => {
  const esm = fs.readFileSync(path.join(repoRoot, "node_modules/@radix-ui/react-icons/dist/react-icons.esm.js"), "utf8");

  it("cuts every icon of the library with the shared helper", () => {
    const { helper, icons } = iconSources(esm);
    expect(helper).toContain("function _objectWithoutPropertiesLoose");
    expect(icons.size).toBeGreaterThan(300);
    const star = icons.get("StarFilledIcon")!;
    expect(star).toMatch(/^var _excluded = \["color"\];\nvar StarFilledIcon = /);
    expect(star).not.toContain("var StarIcon");
  });

  it("rewrites the app's imports one icon at a time, aliases kept, type imports left alone", () => {
    const code = 'import { Cross1Icon, StarIcon as Star } from "@radix-ui/react-icons";\nimport type { IconProps } from "@radix-ui/react-icons";';
    expect(splitIconImports(code)).toBe(
      'import { Cross1Icon as Cross1Icon } from "\0radix-icon:Cross1Icon";\nimport { StarIcon as Star } from "\0radix-icon:StarIcon";\nimport type { IconProps } from "@radix-ui/react-icons";',
    );
    expect(splitIconImports('import { Flex } from "@radix-ui/themes";')).toBeNull();
  });
});

describe("the Theme without the tooltip's code", () => {
  const library = fs.readFileSync(path.join(repoRoot, "node_modules/@radix-ui/themes/dist/esm/components/theme.js"), "utf8");

  it("swaps the library's Tooltip import for a pass-through provider and keeps the other imports", () => {
    const code = themeWithoutTooltip(library);
    expect(code).not.toMatch(/Tooltip/);
    expect(code).toMatch(/import\{Direction as \w+,Slot as \w+\}from"radix-ui"/);
    const local = /Tooltip as (\w+)/.exec(library)![1];
    expect(code).toContain(`const ${local}={Provider:(props)=>props.children}`);
    // What the provider was used for is still there, now rendering its children only.
    expect(code).toContain(`${local}.Provider`);
  });

  it("fails the build when the library's module no longer imports the tooltip", () => {
    expect(() => themeWithoutTooltip('import{Direction as G}from"radix-ui";')).toThrow(/no longer imports Tooltip/);
  });

  it("leaves the only tooltip of the app its own provider", () => {
    const tooltips = app.filter(([, code]) => /\bTooltip\b/.test(code) && /from "@radix-ui\/themes"/.test(code)).map(([file]) => file);
    expect(tooltips).toEqual(["src/components/psychic/StarTooltip.tsx"]);
    expect(app.find(([file]) => file === "src/components/psychic/StarTooltip.tsx")![1]).toContain("<TooltipPrimitive.Provider");
  });
});
