// Import boundaries of src/ (shared → features → app, no feature importing another) as a small
// local ESLint rule: it resolves each import path itself (relative, or the `@/` alias of
// tsconfig.json) and reports imports that cross a boundary. A local rule, because the import
// plugins' resolvers need native binaries the package registry here does not carry for every platform.
import { dirname, relative, resolve, sep } from "node:path";

/** Where an import lands inside src/, as path segments, or null when it is outside src/ (a package, convex/). */
function importedSrcPath(fromFile, specifier, srcDir) {
  let target;
  if (specifier.startsWith("@/")) target = resolve(srcDir, specifier.slice(2));
  else if (specifier.startsWith(".")) target = resolve(dirname(fromFile), specifier);
  else return null;
  const inside = relative(srcDir, target);
  return inside.startsWith("..") ? null : inside.split(sep);
}

/** The layer of a path inside src/: "shared", "app", or the feature's name. */
function layerOf(segments) {
  if (segments[0] === "features" && segments.length > 1) return { kind: "feature", name: segments[1] };
  if (segments[0] === "app") return { kind: "app" };
  return { kind: "shared" };
}

export const importBoundaries = {
  meta: {
    type: "problem",
    docs: { description: "Imports in src/ flow shared (components, lib) → features → app; no feature imports another." },
    schema: [{ type: "object", properties: { srcDir: { type: "string" } }, required: ["srcDir"], additionalProperties: false }],
    messages: {
      sharedToFeature: "Shared code may not depend on a feature or on the app layer: move the piece to src/components or src/lib.",
      featureToApp: "A feature may not import the app layer (router, layout): route paths are in src/lib/paths.ts.",
      featureToFeature: "A feature may not import another feature ({{other}}): move what both need to src/components or src/lib.",
    },
  },
  create(context) {
    const srcDir = context.options[0].srcDir;
    const fromInside = relative(srcDir, context.filename);
    if (fromInside.startsWith("..")) return {};
    const from = layerOf(fromInside.split(sep));
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== "string") return;
      const segments = importedSrcPath(context.filename, specifier, srcDir);
      if (segments === null) return;
      const to = layerOf(segments);
      if (from.kind === "shared" && to.kind !== "shared") context.report({ node: node.source, messageId: "sharedToFeature" });
      if (from.kind === "feature" && to.kind === "app") context.report({ node: node.source, messageId: "featureToApp" });
      if (from.kind === "feature" && to.kind === "feature" && to.name !== from.name) {
        context.report({ node: node.source, messageId: "featureToFeature", data: { other: to.name } });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
