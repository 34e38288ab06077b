// @ts-check
/**
 * The deploy build's guard: every build Netlify publishes (CONTEXT production, deploy-preview or
 * branch-deploy) must point at the hosted Supabase project over https. A site that talks to localhost
 * would break every team tool for every visitor (a preview's visitors too), so astro.config.mjs stops the
 * build with the reason instead. (The Content-Security-Policy is written for whatever origin this is,
 * site-policy.mjs, so it allows that project and no other.)
 */

/** The settings a deploy build needs, set in the Netlify UI. */
const REQUIRED = ["PUBLIC_SUPABASE_URL", "PUBLIC_SUPABASE_ANON_KEY"];

/** Netlify's contexts whose builds are published; `netlify dev` (CONTEXT=dev) and local builds are not. */
const DEPLOY_CONTEXTS = ["production", "deploy-preview", "branch-deploy"];

/**
 * Why a deploy build must not use this Supabase URL, or null when it may: it must parse and be https.
 * @param {string} url
 * @returns {string | null}
 */
function supabaseUrlProblem(url) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    return `PUBLIC_SUPABASE_URL is not a URL (${JSON.stringify(url)}).`;
  }
  if (parsed.protocol !== "https:") {
    return `PUBLIC_SUPABASE_URL must be the hosted project's https:// URL, not ${parsed.origin}.`;
  }
  return null;
}

/**
 * Why this build must stop, as the message to show, or null when it may go on. Only the builds Netlify
 * publishes are checked; elsewhere the local backend is the default.
 * @param {Record<string, string | undefined>} env the build's environment
 * @returns {string | null}
 */
export function deployBuildProblem(env) {
  if (!DEPLOY_CONTEXTS.includes(env.CONTEXT ?? "")) return null;
  const missing = REQUIRED.filter((name) => !env[name]);
  if (missing.length > 0) {
    return (
      `Deploy build stopped: ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} not set for ${env.CONTEXT}. ` +
      "Set them in the Netlify UI (Site configuration → Environment variables) to the hosted Supabase project's URL and anon key, " +
      "for every deploy context (production, deploy previews, branch deploys)."
    );
  }
  const problem = supabaseUrlProblem(env.PUBLIC_SUPABASE_URL ?? "");
  return problem ? `Deploy build stopped: ${problem}` : null;
}
