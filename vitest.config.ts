/// <reference types="vitest/config" />
// Unit and integration tests: pure logic in Node, islands in jsdom (opted in per file).
import { availableParallelism } from "node:os";
import { getViteConfig } from "astro/config";

/** Tests that change the process's time zone: only a process of their own applies a new TZ. */
const TIME_ZONE_TESTS = ["src/features/calendar/calendar.test.ts"];

export default getViteConfig({
  test: {
    globals: true,
    setupFiles: ["./src/test/setup.ts"],
    // One test file per core. Vitest keeps a core back by default, but the backend's tests spend most of
    // their time waiting (sockets, timers, the database): on 2 cores the server suite took 116 s in one
    // worker and 64 s in two, for the same CPU time.
    maxWorkers: availableParallelism(),
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.{ts,tsx,mjs}", "server/**/*.test.{ts,mjs}", "tools/**/*.test.{ts,mjs}"],
          exclude: TIME_ZONE_TESTS,
          // Worker threads start faster than processes: a quarter less CPU for the whole run.
          pool: "threads",
        },
      },
      { extends: true, test: { name: "time zones", include: TIME_ZONE_TESTS, pool: "forks" } },
    ],
  },
});
