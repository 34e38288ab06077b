// Shared test setup: DOM matchers, and the browser APIs jsdom lacks.
import "@testing-library/jest-dom/vitest";
import { expect, inject } from "vitest";

if (typeof window !== "undefined" && !window.matchMedia) {
  // react-hot-toast asks for the reduced-motion preference.
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** Whether this file shares its process with other test files (vitest.config.ts). */
    sharedProcess: boolean;
  }
}

if (typeof window !== "undefined" && inject("sharedProcess")) {
  throw new Error(
    `${expect.getState().testPath} runs in jsdom, whose libraries keep state from one file to the next: ` +
      "add it to ownProcess in vitest.config.ts.",
  );
}

if (typeof window !== "undefined") {
  // Testing Library's findBy… and waitFor guard against a hang, as every wait of the tests does: what they wait
  // for may be code fetched on first use (a lazy form), which a busy machine transforms and loads slowly. Made
  // patient as the run's other timeouts are (tools/test-pace.mjs); none of them asserts how fast anything is.
  const { configure } = await import("@testing-library/react");
  const { patient } = await import("../../tools/test-pace.mjs");
  configure({ asyncUtilTimeout: patient(5_000) });
}
