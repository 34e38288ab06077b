// @ts-check
import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import tailwind from "@astrojs/tailwind";
import { LOCAL_ANON_KEY, LOCAL_SUPABASE_URL } from "./server/local-keys.mjs";
import { DEFAULT_TEAM_EMAIL } from "./server/team-account.mjs";
import { site } from "./src/data/site.ts";
import { calendarHeaderRules } from "./src/data/tour-calendar.ts";
import { tour } from "./src/data/tour.ts";
import { calendarHeaders } from "./src/integrations/calendar-headers.mjs";
import { cspCheck } from "./src/integrations/csp-check.mjs";
import { deploySupabaseUrlProblem } from "./src/integrations/csp.mjs";
import { headersFor, loadNetlifyHeaders } from "./src/integrations/netlify-headers.mjs";

/**
 * A deploy build (Netlify sets CONTEXT=production) must point at the hosted
 * Supabase project: shipping a site that talks to localhost would break every
 * team tool for every visitor, so fail loudly instead.
 */
const isDeployBuild = process.env.CONTEXT === "production";
const missing = ["PUBLIC_SUPABASE_URL", "PUBLIC_SUPABASE_ANON_KEY"].filter((name) => !process.env[name]);
if (isDeployBuild && missing.length > 0) {
  throw new Error(
    `Deploy build stopped: ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} not set. ` +
      "Set them in the Netlify UI (Site configuration → Environment variables) to the hosted Supabase project's URL and anon key.",
  );
}
if (isDeployBuild) {
  // The browser may only talk to hosts the deployed Content-Security-Policy allows.
  const headers = /** @type {Record<string, string>} */ (headersFor(loadNetlifyHeaders(), "/"));
  const policy = headers["Content-Security-Policy"] ?? "";
  const problem = deploySupabaseUrlProblem(process.env.PUBLIC_SUPABASE_URL ?? "", policy);
  if (problem) throw new Error(`Deploy build stopped: ${problem}`);
}
// Outside production the embedded local backend is the default.
process.env.PUBLIC_SUPABASE_URL ||= LOCAL_SUPABASE_URL;
process.env.PUBLIC_SUPABASE_ANON_KEY ||= LOCAL_ANON_KEY;

/**
 * The calendar signs in to the team's shared account with this e-mail and the
 * typed password; the server checks the password, so nothing about it is
 * needed at build time or ships with the site.
 */
process.env.PUBLIC_TEAM_EMAIL ||= process.env.TEAM_EMAIL || DEFAULT_TEAM_EMAIL;

export default defineConfig({
  site: process.env.SITE_URL || site.url,
  output: "static",
  trailingSlash: "ignore",
  build: { format: "file" },
  integrations: [
    react(),
    tailwind({ applyBaseStyles: true }),
    cspCheck(),
    calendarHeaders(calendarHeaderRules(tour.dates)),
  ],
  server: { port: 4321, host: "127.0.0.1" },
  vite: {
    build: {
      // Never inline a page's own script: the CSP allows inline scripts by hash only, and a script that
      // reads PUBLIC_* values (the sign-up form) would hash differently in every environment. Other
      // assets keep Vite's default (undefined).
      assetsInlineLimit: (file) => (file.endsWith(".js") ? false : undefined),
    },
  },
});
