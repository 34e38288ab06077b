// Unit and integration tests: pure logic in Node, islands in jsdom (opted in per file). The database tests
// (supabase/tests) are a project of their own, so the PostgreSQL server they share starts only when one of
// them runs.
import { getViteConfig } from "astro/config";
import { configDefaults } from "vitest/config";
import { FIXTURE_CONTENT } from "./src/lib/content-dir.mjs";
import { CORES, patient } from "./tools/test-pace.mjs";

// The tests read the fixture content kept with them, never the owner's src/content/ (src/lib/content-dir.mjs):
// her edits cannot turn a test red. Her own files are checked by the build; src/data/owner-files.test.ts checks
// copies of the fixtures, as they are and with the edits she makes most.
process.env.STAGEDOOR_CONTENT ||= FIXTURE_CONTENT;

// The test files that each need a process of their own: the islands' tests in jsdom, whose libraries keep
// state at module level (react-hot-toast's list of toasts), and a file that mocks modules. Every other file
// shares its worker's process and module cache with the files run before it: measured on 2 cores, 74
// CPU-seconds for the suite instead of 121. A file in that shared project must leave the process as it found
// it (stubs and spies undone, listeners removed, process.env restored), and the setup file refuses jsdom
// there. `npx vitest run --sequence.shuffle.files --maxWorkers=1` puts every file in one process in a new
// order: what one file leaves behind shows up as another's failure.
/** The time zones the calendar's tests run in again, beside the machine's own: UTC-11 and UTC+14. */
const calendarZones = [
  ["Pacific/Pago_Pago", "UTC-11"],
  ["Pacific/Kiritimati", "UTC+14"],
] as const;

const ownProcess = ["src/**/*.test.tsx", "src/features/toasts/*.test.ts", "src/integrations/deploy-guard.test.ts"];

/** What every project whose files share their worker's process sets (see above), and the content they read. */
const sharedProcess = {
  isolate: false,
  provide: { sharedProcess: true },
  unstubGlobals: true,
  unstubEnvs: true,
  // The content collections, synced once per run (pages and src/data read them).
  globalSetup: ["./src/test/content-store.ts"],
};

export default getViteConfig({
  test: {
    globals: true,
    setupFiles: ["./src/test/setup.ts"],
    // A test file per core and one more, as the journeys run. Vitest keeps a core back by default, but the
    // backend's tests spend most of their time waiting (sockets, timers, the database, a token to expire): on 2
    // cores the server suite took 116 s in one worker and 64 s in two, for the same CPU time, and `npm test`
    // 307 s with three instead of 328 s with two (each with an earlier run's times).
    maxWorkers: CORES + 1,
    // Guards against a hang, as measured on 2 cores and made patient for a slower machine (tools/test-pace.mjs).
    testTimeout: patient(20_000),
    hookTimeout: patient(60_000),
    // A test or suite marked .only would quietly leave the others out: refused everywhere, not only in CI.
    allowOnly: false,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "src/**/*.test.{ts,tsx,mjs}",
            "server/**/*.test.{ts,mjs}",
            "tools/**/*.test.{ts,mjs}",
            "scripts/**/*.test.ts",
            "netlify/**/*.test.ts",
          ],
          exclude: [...configDefaults.exclude, ...ownProcess],
          ...sharedProcess,
        },
      },
      // The calendar stores a picked day as noon UTC of that date: its tests run again at both ends of the
      // clock, in this run (a run of their own would start Vitest twice more for a second of tests).
      ...calendarZones.map(([zone, offset]) => ({
        extends: true as const,
        test: {
          name: `calendar at ${offset} (${zone})`,
          include: ["src/features/calendar/**/*.test.ts"],
          env: { TZ: zone },
          ...sharedProcess,
        },
      })),
      {
        extends: true,
        test: {
          name: "isolated",
          include: ownProcess,
          provide: { sharedProcess: false },
        },
      },
      {
        extends: true,
        test: {
          name: "database",
          include: ["supabase/tests/**/*.test.ts"],
          // A guard against a hang, not a timing: the longest tests send 125 requests one after another,
          // which a machine busy with other work may take well over the default's 20 s to answer.
          testTimeout: patient(60_000),
          // Each file opens databases of its own and keeps no other state, so a worker's files may share the
          // modules they load (PGlite's WebAssembly above all): measured, a third less CPU time (39 s to 26 s).
          isolate: false,
          globalSetup: ["./supabase/tests/harness/global-setup.ts"],
        },
      },
    ],
  },
});
