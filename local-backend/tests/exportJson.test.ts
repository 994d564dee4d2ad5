// The snapshot ZIP's document format (Convex's ConvexExportJSON): int64 and float64 kept apart through a
// round trip, bytes and non-finite floats in Convex's encoding, as `npx convex export`/`import` need.
import { describe, expect, it } from "vitest";
import { exportJson, parseExportJson } from "../src/deploy/exportJson";

describe("snapshot document JSON", () => {
  it("writes int64 as a plain integer and float64 always with a dot or an exponent", () => {
    expect(exportJson({ count: 3n, price: 3, half: 1.5, negZero: -0, big: 1e21, name: "x", ok: true, none: null })).toBe(
      '{"count":3,"price":3.0,"half":1.5,"negZero":-0.0,"big":1e+21,"name":"x","ok":true,"none":null}',
    );
  });

  it("reads back exactly what it wrote, nested values, bytes and non-finite floats included", () => {
    const bytes = new Uint8Array([0, 16, 131]).buffer;
    const doc = { _id: "10001messages", _creationTime: 1795957543674, n: 42n, f: 42, list: [1n, 2.5, "a", [NaN]], nested: { inf: Infinity, b: bytes } };
    const back = parseExportJson(exportJson(doc)) as typeof doc;
    expect(back.n).toBe(42n);
    expect(back.f).toBe(42);
    expect(typeof back.f).toBe("number");
    expect(back._creationTime).toBe(1795957543674);
    expect(back.list[0]).toBe(1n);
    expect(Number.isNaN((back.list[3] as number[])[0])).toBe(true);
    expect(back.nested.inf).toBe(Infinity);
    expect([...new Uint8Array(back.nested.b)]).toEqual([0, 16, 131]);
  });

  it("reads escaped strings and refuses malformed lines", () => {
    expect(parseExportJson(' {"a": "say \\"ciao\\"\\n", "b": [ ] } ')).toEqual({ a: 'say "ciao"\n', b: [] });
    expect(() => parseExportJson('{"a": 1')).toThrow(SyntaxError);
    expect(() => parseExportJson('{"a": 1} x')).toThrow(SyntaxError);
  });
});
