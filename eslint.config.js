// @ts-check
// ESLint flat config: TypeScript, Astro and React hooks rules, plus the
// "pure logic has no DOM" boundary for feature logic and shared lib modules.
import js from "@eslint/js";
import astro from "eslint-plugin-astro";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

import { defineConfig } from "eslint/config";

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
    // Pure logic takes values and returns values, so it is testable in plain Node.
    // (supabase, storage, timers and download are the browser-side modules of src/lib.)
    files: ["src/features/*/!(*.store|*.api|*.test).ts", "src/lib/!(supabase|storage|timers|download|*.test).ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: ["react", "react-dom", "swiper", "@supabase/supabase-js", "nanostores"],
          patterns: ["astro:*", "swiper/*", "react-dom/*"],
        },
      ],
      "no-restricted-globals": ["error", "window", "document", "localStorage", "sessionStorage"],
    },
  },
);
