/// <reference types="vitest/config" />
// Unit and integration tests: pure logic in Node, islands in jsdom (opted in per file).
import { availableParallelism } from "node:os";
import { getViteConfig } from "astro/config";

export default getViteConfig({
  test: {
    globals: true,
    include: [
      "src/**/*.test.{ts,tsx,mjs}",
      "server/**/*.test.{ts,mjs}",
      "tools/**/*.test.{ts,mjs}",
      "scripts/**/*.test.ts",
      "netlify/**/*.test.ts",
    ],
    setupFiles: ["./src/test/setup.ts"],
    // The content collections, synced once per run (pages and src/data read them).
    globalSetup: ["./src/test/content-store.ts"],
    // One test file per core. Vitest keeps a core back by default, but the backend's tests spend most of
    // their time waiting (sockets, timers, the database): on 2 cores the server suite took 116 s in one
    // worker and 64 s in two, for the same CPU time.
    maxWorkers: availableParallelism(),
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
