// @ts-check
// ESLint flat config: TypeScript, Astro and React hooks rules, plus two
// boundaries: "pure logic has no DOM" for feature logic and shared lib modules,
// and "a feature never reaches into another feature's files".
import js from "@eslint/js";
import astro from "eslint-plugin-astro";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

import { defineConfig } from "eslint/config";
import { featureBoundary } from "./tools/eslint/feature-boundary.mjs";

/**
 * One folder per feature, and no feature imports another's files: what several features share is a module
 * of its own that any may import, the team sign-in (team/), the toasts (toasts/) and the error fallback
 * (errors/); anything else two features need goes there or into src/lib/. A rule of the project's own
 * (tools/eslint/feature-boundary.mjs), as ESLint's no-restricted-imports does not see import().
 */
/** Pure logic takes values and returns values, so it is testable in plain Node. */
const pureLogic = {
  paths: ["react", "react-dom", "swiper", "@supabase/supabase-js", "nanostores"],
  patterns: ["astro:*", "swiper/*", "react-dom/*"],
};
/** @type {import("eslint").Linter.RuleEntry} */
const noBrowserGlobals = ["error", "window", "document", "localStorage", "sessionStorage"];
/**
 * The browser's code fetches code only through lazyCode, made once at module level (src/lib/retried.ts): most
 * browsers keep an import that failed offline failed until a reload, and a lazyCode made per call remembers nothing.
 */
/** @type {import("eslint").Linter.RuleEntry} */
const importsWhenOnline = [
  "error",
  {
    selector: "ImportExpression:not(CallExpression[callee.name='lazyCode'] > ArrowFunctionExpression ImportExpression)",
    message:
      "Fetch code with lazyCode(() => import(…)) (src/lib/retried.ts): an import tried offline stays failed in most browsers.",
  },
  {
    selector: ":function CallExpression[callee.name='lazyCode']",
    message:
      "Make a lazyCode once, at module level: one made per call fetches again, and refuses offline what has come.",
  },
];
/** A feature's pure logic: not its store, data access or tests. */
const featureLogic = "src/features/*/!(*.store|*.api|*.test).ts";

export default defineConfig(
  { ignores: ["dist/", "dist-*/", ".astro/", ".data/", "node_modules/", "test-results/", "bench-results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // The plugin's own flat config (its plugin object does not fit ESLint's Plugin type).
  { files: ["**/*.tsx"], ...reactHooks.configs.flat.recommended },
  {
    files: ["src/features/**/*.{ts,tsx,astro,mjs}"],
    plugins: { stagedoor: { rules: { "feature-boundary": featureBoundary } } },
    rules: { "stagedoor/feature-boundary": "error" },
  },
  {
    // The code that may run in a browser; the build's own (endpoints, integrations, the content's schema) need not.
    files: ["src/**/*.{ts,tsx,mjs}"],
    ignores: [
      "src/**/*.test.{ts,tsx,mjs}",
      "src/test/**",
      "src/pages/**",
      "src/integrations/**",
      "src/content.config.ts",
    ],
    rules: { "no-restricted-syntax": importsWhenOnline },
  },
  {
    files: [featureLogic],
    rules: {
      "no-restricted-imports": ["error", pureLogic],
      "no-restricted-globals": noBrowserGlobals,
    },
  },
  {
    // supabase, storage, kept-in-tab (and forgetting it), timers and download are the browser-side modules of src/lib.
    files: ["src/lib/!(supabase|storage|kept-in-tab|forget-kept-in-tab|timers|download|*.test).ts"],
    rules: {
      "no-restricted-imports": ["error", pureLogic],
      "no-restricted-globals": noBrowserGlobals,
    },
  },
);
