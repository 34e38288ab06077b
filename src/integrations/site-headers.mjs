// @ts-check
/**
 * Build step: writes the Content-Security-Policy for the configured Supabase project into the `_headers`
 * file beside the pages, where Netlify (and the local server) read it, and fails `astro build` when the
 * build emits an inline script whose hash the policy does not allow (the deployed site would break).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { missingScriptHashes } from "./csp.mjs";
import { renderHeadersFile } from "./netlify-headers.mjs";
import { sitePolicy } from "./site-policy.mjs";

/**
 * @param {{ supabaseUrl?: () => string | undefined }} [options] where the build's Supabase URL is read
 *   (PUBLIC_SUPABASE_URL, which astro.config.mjs sets to the local backend outside production)
 * @returns {import("astro").AstroIntegration}
 */
export function siteHeaders({ supabaseUrl = () => process.env.PUBLIC_SUPABASE_URL } = {}) {
  return {
    name: "stagedoor:site-headers",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const url = supabaseUrl();
        if (!url) throw new Error("PUBLIC_SUPABASE_URL is not set: the Content-Security-Policy needs its origin.");
        const policy = sitePolicy(url);
        const distDir = fileURLToPath(dir);
        const missing = missingScriptHashes(policy, distDir);
        if (missing.size > 0) {
          const list = [...missing].map(([hash, file]) => `  ${hash}  (first seen in ${file})`).join("\n");
          throw new Error(
            `The Content-Security-Policy does not allow these inline scripts; add them to INLINE_SCRIPT_HASHES in src/integrations/site-policy.mjs:\n${list}`,
          );
        }
        const rules = [{ for: "/*", values: { "Content-Security-Policy": policy } }];
        writeFileSync(
          join(distDir, "_headers"),
          renderHeadersFile(
            rules,
            "Written by astro build (src/integrations/site-headers.mjs); netlify.toml holds the other headers.",
          ),
        );
        logger.info(`every inline script is allowed; connect-src is ${new URL(url).origin} only`);
      },
    },
  };
}
