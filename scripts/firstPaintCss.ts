// The styles a page rendered on the server needs for its first paint, written into the page (scripts/pageServing.ts):
// on a slow phone network the style sheet's request waits behind the code sharing the line, and a 330 KB sheet costs
// a slow phone's CPU a parse before anything paints. What a page's markup cannot match before its code runs is left
// out: a rule whose every selector requires a class the markup does not have. The whole sheets follow at the end of
// the page, before the code runs (a script waits for the style sheets above it), so what the app draws next is styled.
import { parseCss, splitSelectors, withoutArguments } from "./radixCss.ts";

const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;

/** The class names the markup's elements carry. */
export function classesIn(markup: string): Set<string> {
  const classes = new Set<string>();
  for (const [, list] of markup.matchAll(CLASS_ATTRIBUTE)) for (const name of list.split(/\s+/)) if (name) classes.add(name);
  return classes;
}

/** A selector's class names, unescaped (`.md\:rt-r-p-4` is `md:rt-r-p-4`), outside attribute values and strings. */
const CLASS_NAME = /\.((?:[\w-]|\\.)+)/g;
const requiredClasses = (selector: string) =>
  [...withoutArguments(selector).replace(/\[[^\]]*\]/g, "[]").matchAll(CLASS_NAME)].map((match) => match[1].replace(/\\(.)/g, "$1"));

/**
 * `css` without the rules no element of a page with `classes` can match: a selector needs every class it names
 * outside :is(), :where(), :not() and :has() (there one alternative may be absent and the rule still apply).
 * At-rules keep what is left inside them; @font-face, @keyframes and the like are kept whole.
 */
export function cssForClasses(css: string, classes: Set<string>): string {
  const matchable = (selector: string) => requiredClasses(selector).every((name) => classes.has(name));
  type Nodes = ReturnType<typeof parseCss>;
  const render = (nodes: Nodes): string =>
    nodes
      .map((node) => {
        if (node.kind === "text") return node.raw;
        if (node.kind === "rule") {
          const kept = splitSelectors(node.prelude).filter(matchable);
          return kept.length === 0 ? "" : `${kept.join(",")}{${node.body}}`;
        }
        if (node.body === null) return node.raw;
        const inner = render(node.body);
        return inner.trim() === "" ? "" : `${node.prelude}{${inner}}`;
      })
      .join("");
  return render(parseCss(css));
}
