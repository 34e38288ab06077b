// @ts-check
/**
 * Build step: fails `astro build` when the build emits an inline script whose
 * hash the CSP in netlify.toml does not allow (the deployed site would break).
 */
import { fileURLToPath } from "node:url";
import { missingScriptHashes } from "./csp.mjs";
import { deployedPolicy } from "./netlify-headers.mjs";

/** @returns {import("astro").AstroIntegration} */
export function cspCheck() {
  return {
    name: "stagedoor:csp-check",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const policy = await deployedPolicy();
        const missing = missingScriptHashes(policy, fileURLToPath(dir));
        if (missing.size > 0) {
          const list = [...missing].map(([hash, file]) => `  ${hash}  (first seen in ${file})`).join("\n");
          throw new Error(
            `netlify.toml's Content-Security-Policy does not allow these inline scripts; add them to script-src:\n${list}`,
          );
        }
        logger.info("every inline script is allowed by the Content-Security-Policy");
      },
    },
  };
}
