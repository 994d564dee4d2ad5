import { readdirSync } from "node:fs";
import js from "@eslint/js";
import convexPlugin from "@convex-dev/eslint-plugin";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Every folder under src/features is a feature; read at lint time so a new feature is fenced in too.
const features = readdirSync(new URL("./src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Imports flow shared (components, lib) → features → app, and no feature imports another. */
const importBoundaries = [
  {
    target: ["./src/components", "./src/lib"],
    from: ["./src/features", "./src/app"],
    message: "Shared code may not depend on a feature or on the app layer: move the piece to src/components or src/lib.",
  },
  {
    target: "./src/features",
    from: "./src/app",
    message: "A feature may not import the app layer (router, layout): route paths are in src/lib/paths.ts.",
  },
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: "./src/features",
    except: [`./${feature}`],
    message: "A feature may not import another feature: move what both need to src/components or src/lib.",
  })),
];

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "node_modules/**",
      "convex/_generated/**",
      "tests/local-backend/fixture/convex/_generated/**",
      "playwright-report/**",
      "test-results/**",
      ".local-data/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}", "tests/ui/**/*.{ts,tsx}"],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // The TypeScript resolver reads tsconfig.json `paths`, so `@/…` and `@convex/…` imports are checked too.
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: { "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })] },
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: importBoundaries }],
    },
  },
  ...convexPlugin.configs.recommended,
  {
    // The embedded backend's test fixture reproduces Convex's own integration tests, old function
    // syntax and untyped reads included, to check the backend answers them as Convex does.
    files: ["tests/local-backend/fixture/convex/**/*.ts"],
    rules: {
      "@convex-dev/no-old-registered-function-syntax": "off",
      "@convex-dev/require-args-validator": "off",
      "@convex-dev/explicit-table-ids": "off",
    },
  },
  {
    // Convex functions are built with the project's builders, which inject the viewer and check roles.
    files: ["convex/**/*.ts"],
    ignores: ["convex/lib/functions.ts", "convex/auth.ts", "convex/http.ts", "convex/crons.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "./_generated/server",
              importNames: ["query", "mutation", "action", "internalQuery", "internalMutation", "internalAction"],
              message: "Use the builders in convex/lib/functions.ts.",
            },
            {
              name: "../_generated/server",
              importNames: ["query", "mutation", "action", "internalQuery", "internalMutation", "internalAction"],
              message: "Use the builders in convex/lib/functions.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
);
