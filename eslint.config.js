import js from "@eslint/js";
import convexPlugin from "@convex-dev/eslint-plugin";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { convexLayers } from "./eslint/convexLayers.js";
import { importBoundaries } from "./eslint/importBoundaries.js";

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "node_modules/**",
      "convex/_generated/**",
      "local-backend/tests/fixture/convex/_generated/**",
      "local-backend/tests/fixture-components/convex/**/_generated/**",
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
    // Imports flow shared (components, lib) → features → app, and no feature imports another;
    // `@/…` imports are resolved like relative ones.
    files: ["src/**/*.{ts,tsx}"],
    plugins: { arcano: { rules: { "import-boundaries": importBoundaries } } },
    rules: {
      "arcano/import-boundaries": ["error", { srcDir: new URL("./src", import.meta.url).pathname }],
    },
  },
  {
    // The browser's forms use zod/mini: the same checks, without the classic API's ~20 KB brotli in their pages.
    files: ["src/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: ["zod", "zod/v4", "zod/v3"].map((name) => ({ name, message: 'Use `import * as z from "zod/mini"` in the browser.' })),
        },
      ],
      // A query whose `now` moves each minute answers undefined while the new minute loads: with plain useQuery
      // the page flashes its loading state and a form under it is rebuilt, losing what was being typed.
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.name='useQuery'] > ObjectExpression > Property[key.name='now']",
          message:
            "A query taking `now` goes through useQueryWithNow (src/lib/time/useNow.ts), which keeps the last answer while the next minute's loads.",
        },
      ],
    },
  },
  {
    // convex/ in layers: framework → model (pure) → email, demo → lib (ctx services) → function modules.
    files: ["convex/**/*.ts"],
    plugins: { arcanoConvex: { rules: { layers: convexLayers } } },
    rules: {
      "arcanoConvex/layers": ["error", { convexDir: new URL("./convex", import.meta.url).pathname }],
    },
  },
  ...convexPlugin.configs.recommended,
  {
    // The embedded backend's test fixture reproduces Convex's own integration tests, old function
    // syntax and untyped reads included, to check the backend answers them as Convex does.
    files: ["local-backend/tests/fixture/convex/**/*.ts"],
    rules: {
      "@convex-dev/no-old-registered-function-syntax": "off",
      "@convex-dev/require-args-validator": "off",
      "@convex-dev/explicit-table-ids": "off",
    },
  },
  {
    // Convex functions are built with the project's builders, which inject the viewer and check roles.
    files: ["convex/**/*.ts"],
    ignores: ["convex/lib/platform/functions.ts", "convex/auth.ts", "convex/http.ts", "convex/crons.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "./_generated/server",
              importNames: ["query", "mutation", "action", "internalQuery", "internalMutation", "internalAction"],
              message: "Use the builders in convex/lib/platform/functions.ts.",
            },
            {
              name: "../_generated/server",
              importNames: ["query", "mutation", "action", "internalQuery", "internalMutation", "internalAction"],
              message: "Use the builders in convex/lib/platform/functions.ts.",
            },
            {
              name: "../../_generated/server",
              importNames: ["query", "mutation", "action", "internalQuery", "internalMutation", "internalAction"],
              message: "Use the builders in convex/lib/platform/functions.ts.",
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
