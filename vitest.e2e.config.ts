// End-to-end tests: headless Chromium against the production build in dist/
// (served as Netlify would, security headers included) plus the local backend.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.ts"],
    globalSetup: ["./e2e/vitest-setup.ts"],
    // One browser, one server: files run one after another on two cores.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 90_000,
    reporters: ["default"],
  },
});
