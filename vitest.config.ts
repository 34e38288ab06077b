/// <reference types="vitest/config" />
// Unit and integration tests: pure logic in Node, islands in jsdom (opted in per file).
import { getViteConfig } from "astro/config";

export default getViteConfig({
  test: {
    globals: true,
    include: ["src/**/*.test.{ts,tsx,mjs}", "server/**/*.test.{ts,mjs}", "tools/**/*.test.{ts,mjs}"],
    setupFiles: ["./src/test/setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
