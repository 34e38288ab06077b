// @ts-check
import { fileURLToPath } from "node:url";
import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import tailwind from "@astrojs/tailwind";
import { SITE_PORT } from "./server/http.mjs";
import { LOCAL_ANON_KEY, localSupabaseUrl } from "./server/local-keys.mjs";
import { builtTeamEmail } from "./server/team-account.mjs";
import { buildRecord } from "./src/integrations/build-record.mjs";
import { stopBuild } from "./src/integrations/build-stop.mjs";
import { contentFiles, siteSchema } from "./src/lib/content-schemas.ts";
import { readContentFile, singleEntry } from "./src/lib/owner-content.ts";
import { deployBuildProblem } from "./src/integrations/deploy-guard.mjs";
import {
  placeholderProblem,
  readContentFiles,
  readImageFiles,
  siteUrlFrom,
} from "./src/integrations/placeholder-guard.mjs";
import { siteHeaders } from "./src/integrations/site-headers.mjs";

// A deploy build that would ship a site talking to localhost stops here. Each stop prints the owner's
// message once and exits (src/integrations/build-stop.mjs).
const deployProblem = deployBuildProblem(process.env);
if (deployProblem) stopBuild(deployProblem);

// The site's name and address (src/content/site.yaml), checked as the build checks every content file:
// the configuration needs the address, and the browser's code the name (src/data/site.ts), before any
// collection is loaded.
const settings = siteSettings();

// SITE_URL, else Netlify's own URL (the site's main address), else the site settings' URL.
const siteUrl = siteUrlFrom(process.env, settings.url);
// A production build that would ship stand-in addresses, links, the generic player, invented credits or the
// drawn placeholder artwork stops here, listing them.
const projectRoot = fileURLToPath(new URL(".", import.meta.url));
const placeholders = placeholderProblem(process.env, {
  files: readContentFiles(projectRoot),
  siteUrl,
  settingsFile: contentFiles.site.path,
  images: () => readImageFiles(projectRoot),
});
if (placeholders) stopBuild(placeholders);

// Outside production the embedded local backend is the default (on BACKEND_PORT where that is set).
process.env.PUBLIC_SUPABASE_URL ||= localSupabaseUrl();
process.env.PUBLIC_SUPABASE_ANON_KEY ||= LOCAL_ANON_KEY;
// `astro check` and `astro sync` make the content's types, not pages: the tour's dates are the local
// backend's seed there, whatever project is configured or answers (src/lib/shows-loader.ts).
if (["check", "sync"].includes(process.argv[2] ?? "")) process.env.TOUR_FROM_SEED ||= "1";

/**
 * The calendar signs in to the team's shared account with this e-mail and the
 * typed password; the server checks the password, so nothing about it is
 * needed at build time or ships with the site.
 */
process.env.PUBLIC_TEAM_EMAIL = builtTeamEmail();

/** The checked site settings; a mistake in them stops the build, named as every content mistake is. */
function siteSettings() {
  try {
    return readContentFile(contentFiles.site, singleEntry("site"), siteSchema)[0].data;
  } catch (error) {
    return stopBuild(/** @type {Error & { hint?: string }} */ (error));
  }
}

export default defineConfig({
  site: siteUrl.url,
  output: "static",
  trailingSlash: "ignore",
  build: { format: "file" },
  // The build record comes last: it marks the build finished only after every other step, checks included.
  integrations: [react(), tailwind({ applyBaseStyles: true }), siteHeaders(), buildRecord()],
  server: { port: SITE_PORT, host: "127.0.0.1" },
  vite: {
    define: { "import.meta.env.ARTIST_NAME": JSON.stringify(settings.artistName) },
    build: {
      // Never inline a page's own script: the CSP allows inline scripts by hash only, and a script that
      // reads PUBLIC_* values (the sign-up form) would hash differently in every environment. Other
      // assets keep Vite's default (undefined).
      assetsInlineLimit: (file) => (file.endsWith(".js") ? false : undefined),
    },
  },
});
