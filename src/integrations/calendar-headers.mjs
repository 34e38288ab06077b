// @ts-check
/**
 * Build step: writes the calendar files' header rules to dist/_headers, which
 * Netlify reads beside netlify.toml (and tools/static-server.mjs too).
 * The rules come from the tour data, one exact path per file, so a new date
 * is typed right without touching netlify.toml.
 */
import { writeFileSync } from "node:fs";
import { renderHeadersFile } from "./netlify-headers.mjs";

/**
 * @param {import("./netlify-headers.mjs").HeaderRuleSource[]} rules
 * @returns {import("astro").AstroIntegration}
 */
export function calendarHeaders(rules) {
  return {
    name: "stagedoor:calendar-headers",
    hooks: {
      "astro:build:done": ({ dir, logger }) => {
        const text = renderHeadersFile(
          rules,
          "Written by the build (src/integrations/calendar-headers.mjs) from src/data/tour.ts: do not edit.",
        );
        writeFileSync(new URL("_headers", dir), text);
        logger.info(`${rules.length} calendar file header rules written to _headers`);
      },
    },
  };
}
