/**
 * The daily rebuild: Netlify runs this function once a day (@daily, at midnight UTC) and it asks for a new
 * build through the site's build hook, so what the pages decide at build time (which shows are past, what is
 * out now, which dates need their year) stays true with nobody pushing a change. The hook's address is the
 * BUILD_HOOK_URL environment variable (README, "Deploying: from nothing to a live site", step 9). Its answer, and the reason when there is no rebuild, go to the
 * function's log and response. The address itself is never logged: whoever holds it can start builds.
 */

export const config = { schedule: "@daily" };

/** How long the build hook may take to answer. */
const HOOK_TIMEOUT_MS = 10_000;

const WHERE_TO_SET =
  "Create a build hook in the Netlify UI (Site configuration → Build & deploy → Continuous deployment → Build hooks) " +
  "and set its address as the environment variable BUILD_HOOK_URL.";

/** Asks the build hook for a build; says what happened, in words for the function's log. */
async function requestRebuild(hookUrl: string | undefined): Promise<{ ok: boolean; message: string }> {
  if (!hookUrl) return { ok: false, message: `Daily rebuild skipped: BUILD_HOOK_URL is not set. ${WHERE_TO_SET}` };
  let hook: URL;
  try {
    hook = new URL(hookUrl);
  } catch {
    return { ok: false, message: `Daily rebuild skipped: BUILD_HOOK_URL is not an address. ${WHERE_TO_SET}` };
  }
  if (hook.protocol !== "https:") {
    return { ok: false, message: `Daily rebuild skipped: BUILD_HOOK_URL must be an https:// address. ${WHERE_TO_SET}` };
  }
  // The title Netlify shows for the deploy this starts.
  hook.searchParams.set("trigger_title", "Daily rebuild");
  let answer: Response;
  try {
    answer = await fetch(hook, { method: "POST", body: "{}", signal: AbortSignal.timeout(HOOK_TIMEOUT_MS) });
  } catch (error) {
    const reason =
      error instanceof Error && error.name === "TimeoutError"
        ? `no answer within ${HOOK_TIMEOUT_MS / 1000} s`
        : String(error instanceof Error ? error.message : error);
    return { ok: false, message: `Daily rebuild failed: the build hook could not be reached (${reason}).` };
  }
  if (!answer.ok) {
    return {
      ok: false,
      message:
        `Daily rebuild failed: the build hook answered ${answer.status} ${answer.statusText}`.trimEnd() +
        ". A hook deleted in the Netlify UI answers 404: create a new one and update BUILD_HOOK_URL.",
    };
  }
  return { ok: true, message: "Daily rebuild requested: Netlify is building and deploying the site." };
}

export default async function dailyRebuild(): Promise<Response> {
  const { ok, message } = await requestRebuild(process.env.BUILD_HOOK_URL);
  if (ok) console.log(message);
  else console.error(message);
  return new Response(message, { status: ok ? 200 : 500, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
