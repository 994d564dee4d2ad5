// Documents as Convex's snapshot ZIP holds them (`ValueFormat::ConvexExportJSON`, crates/value/src/export.rs):
// an int64 is a plain integer, a float64 always has a dot or an exponent ("3.0"), bytes and non-finite
// floats use the `{"$bytes"}` / `{"$float"}` encoding. Reading it back needs the number's text, which
// JSON.parse loses, hence the small parser here.
import { convexToJson, jsonToConvex, type Value } from "convex/values";

export function exportJson(v: Value): string {
  if (v === null || typeof v === "boolean" || typeof v === "string") return JSON.stringify(v);
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "number") {
    if (!Number.isFinite(v)) return JSON.stringify(convexToJson(v));
    if (Object.is(v, -0)) return "-0.0";
    const text = JSON.stringify(v);
    return /[.eE]/.test(text) ? text : `${text}.0`;
  }
  if (v instanceof ArrayBuffer) return JSON.stringify(convexToJson(v));
  if (Array.isArray(v)) return `[${v.map(exportJson).join(",")}]`;
  return `{${Object.entries(v as Record<string, Value>)
    .filter(([, x]) => x !== undefined)
    .map(([k, x]) => `${JSON.stringify(k)}:${exportJson(x)}`)
    .join(",")}}`;
}

/** Parses one line of a snapshot's `documents.jsonl`: integers become int64, `$`-objects Convex's encoded values. */
export function parseExportJson(text: string): Value {
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\r\n".includes(text[i])) i++;
  };
  const fail = (what: string): never => {
    throw new SyntaxError(`Invalid JSON at position ${i}: ${what}`);
  };
  const value = (): Value => {
    ws();
    const c = text[i];
    if (c === "{") {
      i++;
      const out: Record<string, Value> = {};
      ws();
      if (text[i] === "}") return i++, out;
      for (;;) {
        ws();
        if (text[i] !== '"') fail("expected a key");
        const key = string();
        ws();
        if (text[i++] !== ":") fail("expected ':'");
        out[key] = value();
        ws();
        if (text[i] === ",") i++;
        else if (text[i] === "}") {
          i++;
          break;
        } else fail("expected ',' or '}'");
      }
      const keys = Object.keys(out);
      // `{"$bytes": …}`, `{"$integer": …}`, `{"$float": …}`: Convex's own encoding of that one value.
      return keys.length === 1 && keys[0].startsWith("$") ? jsonToConvex(out as never) : out;
    }
    if (c === "[") {
      i++;
      const out: Value[] = [];
      ws();
      if (text[i] === "]") return i++, out;
      for (;;) {
        out.push(value());
        ws();
        if (text[i] === ",") i++;
        else if (text[i] === "]") {
          i++;
          break;
        } else fail("expected ',' or ']'");
      }
      return out;
    }
    if (c === '"') return string();
    const literal = /^(true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i, i + 400));
    if (!literal) return fail("unexpected character");
    i += literal[0].length;
    if (literal[0] === "true") return true;
    if (literal[0] === "false") return false;
    if (literal[0] === "null") return null;
    return /^-?\d+$/.test(literal[0]) ? BigInt(literal[0]) : Number(literal[0]);
  };
  const string = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    if (i >= text.length) fail("unterminated string");
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const out = value();
  ws();
  if (i !== text.length) fail("trailing characters");
  return out;
}
