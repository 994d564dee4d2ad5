import js from "@eslint/js";
import convexPlugin from "@convex-dev/eslint-plugin";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
  ...convexPlugin.configs.recommended,
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
