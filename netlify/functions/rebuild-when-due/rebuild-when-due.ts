/**
 * The scheduled run that keeps the live site current and its Supabase project awake. Netlify runs it every
 * 10 minutes on the published site. Each run:
 * - reads the live site's record (/build-info.json) and asks the build hook (BUILD_HOOK_URL) for a build only
 *   when the record's next change has passed, once for that instant (./when-due.ts says how, with nothing
 *   stored); a deploy costs credits, a run a tiny fraction of one (README, "What the site costs a month");
 * - makes one real database request to the Supabase project with the public anon key (the `heartbeat`
 *   function, supabase/migrations), as a free project is paused after 7 days without one.
 * Its log says in one line what it decided and why, and in one more what went wrong with the project, when
 * something did. The hook's address is never logged: whoever holds it can start builds.
 */
import { readRecord, whenDue } from "./when-due";

/** Every 10 minutes, on the clock's tens (UTC). */
const PERIOD_MINUTES = 10;
export const config = { schedule: `*/${PERIOD_MINUTES} * * * *` };

/** How long each address may take to answer. */
const TIMEOUT_MS = 10_000;

const WHERE_TO_SET =
  "Create a build hook in the Netlify UI (Site configuration → Build & deploy → Continuous deployment → Build hooks) " +
  "and set its address as the environment variable BUILD_HOOK_URL.";

const PAUSED = "The Supabase project did not answer: it may be paused; restore it in the dashboard, Project → Restore.";

/** What Netlify passes a function: the site's main address among it. */
type Context = { site?: { url?: string } };

/** Why a request failed, in words: no answer in time, or the network's message. */
function unreachable(error: unknown): string {
  return error instanceof Error && error.name === "TimeoutError"
    ? `no answer within ${TIMEOUT_MS / 1000} s`
    : String(error instanceof Error ? error.message : error);
}

/** `answer`'s status in words: "404 Not Found". */
const statusOf = (answer: Response) => `${answer.status} ${answer.statusText}`.trimEnd();

/** The live site's record, or why it could not be read (as the end of a sentence). */
async function liveRecord(siteUrl: string | undefined) {
  if (!siteUrl) return { problem: "the site's address is not known (Netlify sets URL on a published site)" };
  let answer: Response;
  const address = new URL("/build-info.json", siteUrl);
  try {
    answer = await fetch(address, { cache: "no-store", signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    return { problem: `${address.href} could not be read (${unreachable(error)})` };
  }
  if (!answer.ok) return { problem: `${address.href} answered ${statusOf(answer)}` };
  const record = readRecord(await answer.text());
  return typeof record === "string" ? { problem: `${address.href} is not the build's record: ${record}` } : { record };
}

/** Asks the build hook for a build titled `title`; null when it did, else why not. */
async function requestBuild(hookUrl: string | undefined, title: string): Promise<string | null> {
  if (!hookUrl) return `BUILD_HOOK_URL is not set. ${WHERE_TO_SET}`;
  let hook: URL;
  try {
    hook = new URL(hookUrl);
  } catch {
    return `BUILD_HOOK_URL is not an address. ${WHERE_TO_SET}`;
  }
  if (hook.protocol !== "https:") return `BUILD_HOOK_URL must be an https:// address. ${WHERE_TO_SET}`;
  // The title Netlify shows for the deploy this starts.
  hook.searchParams.set("trigger_title", title);
  let answer: Response;
  try {
    answer = await fetch(hook, { method: "POST", body: "{}", signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    return `the build hook could not be reached (${unreachable(error)}).`;
  }
  if (!answer.ok) {
    return (
      `the build hook answered ${statusOf(answer)}. ` +
      "A hook deleted in the Netlify UI answers 404: create a new one and update BUILD_HOOK_URL."
    );
  }
  return null;
}

/** One real database request with the anon key; null when the project answered, else the log line. */
async function heartbeat(env: NodeJS.ProcessEnv): Promise<string | null> {
  const { PUBLIC_SUPABASE_URL: url, PUBLIC_SUPABASE_ANON_KEY: key } = env;
  if (!url || !key) {
    return (
      "The Supabase project was not asked: PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY must be set for " +
      "functions too (their scopes in Site configuration → Environment variables), or a quiet week pauses it."
    );
  }
  let answer: Response;
  try {
    answer = await fetch(new URL("/rest/v1/rpc/heartbeat", url), {
      method: "POST",
      headers: { apikey: key, Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: "{}",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    return `${PAUSED} (${unreachable(error)})`;
  }
  return answer.ok ? null : `${PAUSED} (it answered ${statusOf(answer)})`;
}

/** The run's outcome: its log lines, and whether one of them reports a problem. */
async function runOnce(env: NodeJS.ProcessEnv, siteUrl: string | undefined, now: () => Date) {
  const [live, project] = await Promise.all([liveRecord(siteUrl), heartbeat(env)]);
  const lines: { text: string; problem: boolean }[] = [];
  if ("problem" in live) {
    lines.push({ text: `No rebuild: the live site did not answer: ${live.problem}.`, problem: true });
  } else {
    const decision = whenDue(live.record, now(), PERIOD_MINUTES * 60_000);
    if (!decision.build) lines.push({ text: decision.line, problem: decision.problem });
    else {
      const failure = await requestBuild(env.BUILD_HOOK_URL, decision.title);
      lines.push(
        failure
          ? {
              text: `Rebuild due (${decision.title.replace(/^Rebuild: /, "")}) but not requested: ${failure}`,
              problem: true,
            }
          : { text: decision.line, problem: false },
      );
    }
  }
  if (project) lines.push({ text: project, problem: true });
  return lines;
}

export default async function rebuildWhenDue(_request?: Request, context?: Context): Promise<Response> {
  const lines = await runOnce(process.env, context?.site?.url || process.env.URL, () => new Date());
  for (const { text, problem } of lines) (problem ? console.error : console.log)(text);
  const failed = lines.some((line) => line.problem);
  return new Response(lines.map((line) => line.text).join("\n"), {
    status: failed ? 500 : 200,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
