// @ts-check
/**
 * The deploy build's guard: every build Netlify publishes (CONTEXT production, deploy-preview or
 * branch-deploy) must point at the hosted Supabase project. A site that talks to localhost, or to a host its
 * Content-Security-Policy blocks, would break every team tool for every visitor (a preview's visitors too),
 * so astro.config.mjs stops the build with the reason instead.
 */
import { connectSourceAllows } from "./csp.mjs";

/** The settings a deploy build needs, set in the Netlify UI. */
const REQUIRED = ["PUBLIC_SUPABASE_URL", "PUBLIC_SUPABASE_ANON_KEY"];

/** Netlify's contexts whose builds are published; `netlify dev` (CONTEXT=dev) and local builds are not. */
const DEPLOY_CONTEXTS = ["production", "deploy-preview", "branch-deploy"];

/**
 * Why a deploy build must not use this Supabase URL under this policy, or null when it may: it must
 * parse, be https, and be allowed (with its wss twin, for Realtime) by the policy's connect-src.
 * @param {string} url
 * @param {string} policy
 * @returns {string | null}
 */
function supabaseUrlProblem(url, policy) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    return `PUBLIC_SUPABASE_URL is not a URL (${JSON.stringify(url)}).`;
  }
  if (parsed.protocol !== "https:") {
    return `PUBLIC_SUPABASE_URL must be the hosted project's https:// URL, not ${parsed.origin}.`;
  }
  if (!connectSourceAllows(policy, parsed.origin)) {
    const socket = parsed.origin.replace(/^https/, "wss");
    return (
      `the Content-Security-Policy in netlify.toml does not let the site reach ${parsed.origin}; ` +
      `add ${parsed.origin} and ${socket} to its connect-src.`
    );
  }
  return null;
}

/**
 * Why this build must stop, as the message to show, or null when it may go on. Only the builds Netlify
 * publishes are checked; elsewhere the local backend is the default.
 * @param {Record<string, string | undefined>} env the build's environment
 * @param {string} policy the Content-Security-Policy the deployed pages are sent with
 * @returns {string | null}
 */
export function deployBuildProblem(env, policy) {
  if (!DEPLOY_CONTEXTS.includes(env.CONTEXT ?? "")) return null;
  const missing = REQUIRED.filter((name) => !env[name]);
  if (missing.length > 0) {
    return (
      `Deploy build stopped: ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} not set for ${env.CONTEXT}. ` +
      "Set them in the Netlify UI (Site configuration → Environment variables) to the hosted Supabase project's URL and anon key, " +
      "for every deploy context (production, deploy previews, branch deploys)."
    );
  }
  const problem = supabaseUrlProblem(env.PUBLIC_SUPABASE_URL ?? "", policy);
  return problem ? `Deploy build stopped: ${problem}` : null;
}
