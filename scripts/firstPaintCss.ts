// The styles a page rendered on the server needs for its first paint, written into the page (scripts/pageServing.ts):
// on a slow phone network the style sheet's request waits behind the code sharing the line, and a 330 KB sheet costs
// a slow phone's CPU a parse before anything paints. What the page's elements cannot match before its code runs is
// left out: a rule whose every selector requires a class, or an attribute (with its value), that no element of the
// page has. The whole sheets follow at the end of the page, before the code runs (a script waits for the style
// sheets above it), so what the app draws next is styled.
import { parseCss, rewriteRules, splitSelectors, type CssNode } from "./radixCss.ts";

/**
 * The classes and the attributes (`name` and `name=value`) of a page's elements, and the custom properties its
 * elements' own styles read.
 */
export type PageMarks = { classes: Set<string>; attributes: Set<string>; properties: Set<string> };

const CUSTOM_PROPERTY = /^\s*(--[\w-]+)\s*:/;
const VAR_REFERENCE = /var\(\s*(--[\w-]+)/g;
const TAG = /<[a-zA-Z][\w-]*((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>/g;
const ATTRIBUTE = /\s+([^\s=>/]+)(?:="([^"]*)")?/g;

/** What `html`'s elements carry that selectors can ask for. */
export function marksIn(html: string): PageMarks {
  const classes = new Set<string>();
  const attributes = new Set<string>();
  const properties = new Set<string>();
  for (const [, list] of html.matchAll(TAG)) {
    for (const [, name, value] of list.matchAll(ATTRIBUTE)) {
      attributes.add(name);
      if (value !== undefined) attributes.add(`${name}=${value}`);
      if (name === "class" && value !== undefined) for (const token of value.split(/\s+/)) if (token) classes.add(token);
      if (name === "style" && value !== undefined) for (const [, property] of value.matchAll(VAR_REFERENCE)) properties.add(property);
    }
  }
  return { classes, attributes, properties };
}

/** A selector's class names, unescaped (`.md\:rt-r-p-4` is `md:rt-r-p-4`). */
const CLASS_NAME = /\.((?:[\w-]|\\.)+)/g;
/** An attribute selector: its name, its operator and its value (quoted or not). */
const ATTRIBUTE_SELECTOR = /\[\s*([\w-]+)\s*(?:([~|^$*]?=)\s*(?:"([^"]*)"|'([^']*)'|([^\]\s]+))\s*(?:[is]\s*)?)?\]/g;
const unescape = (name: string) => name.replace(/\\(.)/g, "$1");

/** `selector` split at its top level: the text outside parentheses, and the arguments of each :is() and :where(). */
function selectorParts(selector: string): { outside: string; alternatives: string[] } {
  let outside = "";
  const alternatives: string[] = [];
  let i = 0;
  while (i < selector.length) {
    const ch = selector[i];
    if (ch === "[") {
      // An attribute selector's value may hold parentheses: copied whole.
      const end = selector.indexOf("]", i);
      const stop = end < 0 ? selector.length : end + 1;
      outside += selector.slice(i, stop);
      i = stop;
      continue;
    }
    if (ch !== "(") {
      outside += ch;
      i += 1;
      continue;
    }
    let depth = 0;
    let end = i;
    for (; end < selector.length; end++) {
      if (selector[end] === "(") depth += 1;
      if (selector[end] === ")") depth -= 1;
      if (depth === 0) break;
    }
    // :is() and :where() match when one of their selectors does; :not(), :has() and the rest ask nothing of the page.
    if (/:(?:is|where|matches|-webkit-any)$/.test(outside)) alternatives.push(selector.slice(i + 1, end));
    i = end + 1;
  }
  return { outside, alternatives };
}

/**
 * Whether an element of a page with `marks` can match `selector`: every class and attribute it names outside
 * parentheses is on some element (with its value when the selector asks for an exact one), and each :is() or
 * :where() has a selector that can match.
 */
function matchable(selector: string, marks: PageMarks): boolean {
  const { outside, alternatives } = selectorParts(selector);
  for (const [, name, operator, double, single, bare] of outside.matchAll(ATTRIBUTE_SELECTOR)) {
    if (!marks.attributes.has(name)) return false;
    if (operator === "=" && !marks.attributes.has(`${name}=${double ?? single ?? bare}`)) return false;
  }
  const classes = outside.replace(ATTRIBUTE_SELECTOR, "[]").matchAll(CLASS_NAME);
  if (![...classes].every((match) => marks.classes.has(unescape(match[1])))) return false;
  return alternatives.every((list) => splitSelectors(list).some((alternative) => matchable(alternative, marks)));
}

/** Every class (`.name`) and attribute (`[name`, `[name=value`) the selectors of `css` name. */
export function marksNamedIn(css: string): Set<string> {
  const named = new Set<string>();
  for (const [, name] of css.matchAll(CLASS_NAME)) named.add(`.${unescape(name)}`);
  for (const [, name, operator, double, single, bare] of css.matchAll(ATTRIBUTE_SELECTOR)) {
    named.add(`[${name}`);
    if (operator === "=") named.add(`[${name}=${double ?? single ?? bare}`);
  }
  return named;
}

/**
 * The marks of `marks` that a sheet naming `named` can ask for: the rest change nothing of what `cssForPage`
 * keeps, so pages that differ only there (a psychic's name, a link) share their first paint's styles.
 */
export function marksNamed(marks: PageMarks, named: Set<string>): PageMarks {
  return {
    classes: new Set([...marks.classes].filter((name) => named.has(`.${name}`))),
    attributes: new Set([...marks.attributes].filter((attribute) => named.has(`[${attribute}`))),
    properties: marks.properties,
  };
}

/** A rule's declarations, split at the semicolons outside strings and parentheses (a data URL has its own). */
function declarations(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quote !== null) {
      if (ch === "\\") i += 1;
      else if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === "(") depth += 1;
    else if (ch === ")") depth -= 1;
    else if (ch === ";" && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts.filter((part) => part.trim() !== "");
}

/**
 * `css` without the custom properties nothing reads: a property is read by an ordinary declaration of `css`, by
 * the page (an element's style), or by a custom property that is read. The colour scales and tokens a page does
 * not use are most of what a cut sheet still declares.
 */
function withoutUnreadProperties(css: string, readByPage: Set<string>): string {
  const nodes = parseCss(css);
  const read = new Set(readByPage);
  const readsOf = new Map<string, Set<string>>();
  const visit = (list: CssNode[]) => {
    for (const node of list) {
      if (node.kind === "at" && node.body !== null) visit(node.body);
      if (node.kind !== "rule") continue;
      for (const declaration of declarations(node.body)) {
        const references = [...declaration.matchAll(VAR_REFERENCE)].map((match) => match[1]);
        const custom = CUSTOM_PROPERTY.exec(declaration)?.[1];
        if (custom === undefined) references.forEach((name) => read.add(name));
        else {
          const reads = readsOf.get(custom) ?? new Set<string>();
          references.forEach((name) => reads.add(name));
          readsOf.set(custom, reads);
        }
      }
    }
  };
  visit(nodes);
  const pending = [...read];
  while (pending.length > 0) {
    for (const name of readsOf.get(pending.pop()!) ?? []) {
      if (read.has(name)) continue;
      read.add(name);
      pending.push(name);
    }
  }
  return rewriteRules(nodes, (node) => {
    const kept = declarations(node.body).filter((declaration) => {
      const custom = CUSTOM_PROPERTY.exec(declaration)?.[1];
      return custom === undefined || read.has(custom);
    });
    return kept.length === 0 ? "" : `${node.prelude}{${kept.join(";")}}`;
  });
}

/**
 * `css` without the rules no element of a page with `marks` can match. At-rules keep what is left inside them;
 * @font-face, @keyframes and the like are kept whole.
 */
export function cssForPage(css: string, marks: PageMarks): string {
  const matched = rewriteRules(parseCss(css), (node) => {
    const kept = splitSelectors(node.prelude).filter((selector) => matchable(selector, marks));
    return kept.length === 0 ? "" : `${kept.join(",")}{${node.body}}`;
  });
  return withoutUnreadProperties(matched, marks.properties);
}
