// Layers of convex/ as a local ESLint rule (resolved like importBoundaries.js). From the bottom:
// - framework: convex/_generated/ and convex/framework/ (errors, validators, Rome time: values, no ctx);
// - model/: pure rules over values: only model/ and the framework's values (never a ctx, the server
//   runtime or function references);
// - email/ (templates) and demo/ (the demo's data): pure too, over model/;
// - lib/: ctx services and guards in folders by what they own, over all of the above, never a function module;
// - schema.ts: the tables and their indexes, over framework and model; lib/ reads it where a helper needs the
//   indexes' fields (convex-helpers' streams);
// - function modules (convex/*.ts): over all of the above, never another function module (what two
//   of them share is a lib/ service), except http.ts mounting auth.ts's routes.
import { dirname, relative, resolve, sep } from "node:path";

/** Runtime parts of the framework a pure layer may not use: they carry ctx, the scheduler, function references. */
const IMPURE_GENERATED = new Set(["_generated/server", "_generated/api"]);
const PURE = new Set(["model", "email", "demo"]);

/** The layer of a path inside convex/. */
function layerOf(path) {
  const [top] = path.split("/");
  if (top === "_generated") return IMPURE_GENERATED.has(path.replace(/\.[jt]s$/, "")) ? "runtime" : "framework";
  if (path.includes("/")) return top;
  if (path.replace(/\.[jt]s$/, "") === "schema") return "schema";
  return "functions";
}

/** What each layer may import, by layer. */
const ALLOWED = {
  framework: ["framework"],
  model: ["framework", "model"],
  email: ["framework", "model", "email"],
  demo: ["framework", "model", "demo"],
  schema: ["framework", "model"],
  lib: ["framework", "runtime", "model", "email", "demo", "schema", "lib"],
  functions: ["framework", "runtime", "model", "email", "demo", "schema", "lib"],
};

export const convexLayers = {
  meta: {
    type: "problem",
    docs: { description: "Imports in convex/ flow framework → model → email/demo → lib → function modules." },
    schema: [{ type: "object", properties: { convexDir: { type: "string" } }, required: ["convexDir"], additionalProperties: false }],
    messages: {
      layer: "convex/{{from}} may not import {{to}} ({{target}}): {{why}}",
      serverRuntime: "convex/{{from}} is pure: it may not import the server runtime (convex/server); pass values in instead.",
    },
  },
  create(context) {
    const convexDir = context.options[0].convexDir;
    const fromPath = relative(convexDir, context.filename).split(sep).join("/");
    if (fromPath.startsWith("..") || fromPath.startsWith("_generated/")) return {};
    const from = layerOf(fromPath);
    const why = {
      model: "model/ is pure rules over values (no ctx, no runtime, no function references)",
      email: "email templates are pure: render from values",
      demo: "demo data is pure: plain values",
      lib: "a lib/ service may not depend on a function module: move the shared piece into lib/",
      functions: "function modules do not import each other: move the shared piece into lib/",
      framework: "the framework files import nothing of the app",
      schema: "the schema declares tables over the framework's validators and model/'s values",
    }[from];
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== "string") return;
      if (!specifier.startsWith(".")) {
        if (PURE.has(from) && (specifier === "convex/server" || specifier.startsWith("convex/server/"))) {
          context.report({ node: node.source, messageId: "serverRuntime", data: { from: fromPath } });
        }
        return;
      }
      const target = relative(convexDir, resolve(dirname(context.filename), specifier))
        .split(sep)
        .join("/");
      if (target.startsWith("..")) return;
      const to = layerOf(target);
      if (ALLOWED[from].includes(to)) return;
      if (fromPath === "http.ts" && target === "auth") return;
      context.report({ node: node.source, messageId: "layer", data: { from: fromPath, to, target, why } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
