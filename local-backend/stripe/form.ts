// Stripe's form encoding, as stripe-node writes it: `a[b][0][c]=v` for nested objects and arrays,
// `expand[]=x` also accepted (curl users write it so). Parsed into plain nested values.
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

// Keys that would reach Object.prototype are dropped, not merged.
const UNSAFE_KEYS = new Set(["__proto__", "prototype", "constructor"]);

function splitKey(key: string): string[] | undefined {
  const match = key.match(/^([^[\]]+)((?:\[[^[\]]*\])*)$/);
  if (!match) return undefined;
  const rest = [...match[2].matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1]);
  return [match[1], ...rest];
}

/** Turns objects whose keys are all array indexes into arrays, in index order. */
function arraysFromIndexes(value: FormValue): FormValue {
  if (typeof value === "string" || Array.isArray(value)) {
    return Array.isArray(value) ? value.map(arraysFromIndexes) : value;
  }
  const keys = Object.keys(value);
  const converted: FormObject = {};
  for (const key of keys) converted[key] = arraysFromIndexes(value[key]);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => converted[key]);
  }
  return converted;
}

export function parseForm(encoded: string): FormObject {
  const root: FormObject = {};
  for (const [key, raw] of new URLSearchParams(encoded)) {
    const path = splitKey(key);
    if (!path || path.some((part) => UNSAFE_KEYS.has(part))) continue;
    let node: FormObject = root;
    for (let i = 0; i < path.length; i++) {
      const last = i === path.length - 1;
      // `[]` appends: give it the next free index.
      const part = path[i] === "" ? String(Object.keys(node).length) : path[i];
      if (last) {
        node[part] = raw;
      } else {
        const next = node[part];
        if (typeof next !== "object" || Array.isArray(next)) node[part] = {};
        node = node[part] as FormObject;
      }
    }
  }
  return arraysFromIndexes(root) as FormObject;
}

/** A stable text of parsed parameters, so two requests can be compared whatever their key order. */
export function canonical(value: FormValue | undefined): string {
  if (value === undefined) return "";
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(",")}}`;
}
