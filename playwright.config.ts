// Browser journeys: the system Chromium against the production build of the fixture content in dist-test/
// (served as Netlify would, security headers included) and the embedded backend,
// both started once by e2e/global-setup.ts. No browser is ever downloaded.
import { defineConfig } from "@playwright/test";
import { TEST_SUPABASE_URL } from "./server/local-keys.mjs";
import { FIXTURE_CONTENT } from "./src/lib/content-dir.mjs";
import { journeyBrowser } from "./tools/chromium.mjs";
import { CORES, patient } from "./tools/test-pace.mjs";

/** The tag of the journeys that start a backend of their own (e2e/own-backend.ts; the fixture checks it). */
const OWN_BACKEND = /@own-backend/;

// The journeys read the fixture content (src/test/content/), never the owner's, and browse the build made of
// it: `npm test -- build` makes it in dist-test/, beside her own site in dist/.
process.env.STAGEDOOR_CONTENT ||= FIXTURE_CONTENT;
process.env.E2E_DIST ||= "dist-test";
// Its backend, which that build calls, on the tests' own port: `npm start` may hold its own meanwhile.
process.env.PUBLIC_SUPABASE_URL ||= TEST_SUPABASE_URL;

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: true,
  // One more than the cores: much of a journey is a browser waiting (a toast to go, a token to expire), so a
  // third on two cores keeps them busy; measured, 173 s with two, 155 s with four, alone.
  workers: CORES + 1,
  retries: 0,
  forbidOnly: true,
  // Guards against a hang, as measured on 2 cores and made patient for a slower machine (tools/test-pace.mjs).
  timeout: patient(30_000),
  expect: { timeout: patient(10_000) },
  // The journeys that start a backend of their own boot PGlite in their worker, a few CPU-seconds each: at most
  // one per core runs at a time. They come first, as the longest of them waits most of a minute for a token to
  // expire, while the others go on beside it.
  projects: [
    { name: "own-backend", grep: OWN_BACKEND, workers: CORES },
    { name: "journeys", grepInvert: OWN_BACKEND },
  ],
  reporter: [["list"]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 1280, height: 800 },
    // A visitor who asked for less motion, as the site honours it (no fade-in, toasts without a slide): the
    // journeys about motion itself (the site tour's fade-in and nav, where toasts settle) ask for it again
    // with test.use({ reducedMotion: "no-preference" }), as recordLayoutShifts does (e2e/layout-shifts.ts).
    // Measured, a sixth less CPU time for the journeys.
    reducedMotion: "reduce",
    launchOptions: journeyBrowser(),
    trace: "off",
  },
});
