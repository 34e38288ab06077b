/**
 * What the scheduled run asks of the network, each within TIMEOUT_MS: the live site's record (/build-info.json),
 * the build hook, one real request to the Supabase project (its heartbeat) and the published shows as the build
 * reads them. Each answers with what it got, or why not in words for the log; none logs the hook's address.
 */
import { readPublishedShows, showsDigest } from "../../../src/lib/published-shows.mjs";
import { readRecord } from "./when-due";

/** How long each address may take to answer. */
const TIMEOUT_MS = 10_000;

const WHERE_TO_SET =
  "Create a build hook in the Netlify UI (Site configuration → Build & deploy → Continuous deployment → Build hooks) " +
  "and set its address as the environment variable BUILD_HOOK_URL.";

const PAUSED = "The Supabase project did not answer: it may be paused; restore it in the dashboard, Project → Restore.";

/** Why a request failed, in words: no answer in time, or the network's message. */
export function unreachable(error: unknown): string {
  return error instanceof Error && error.name === "TimeoutError"
    ? `no answer within ${TIMEOUT_MS / 1000} s`
    : String(error instanceof Error ? error.message : error);
}

/** `answer`'s status in words: "404 Not Found". */
const statusOf = (answer: Response) => `${answer.status} ${answer.statusText}`.trimEnd();

/** The live site's record, or why it could not be read (as the end of a sentence). */
export async function liveRecord(siteUrl: string | undefined) {
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
export async function requestBuild(hookUrl: string | undefined, title: string): Promise<string | null> {
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
export async function heartbeat(env: NodeJS.ProcessEnv): Promise<string | null> {
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

/** The published shows of the project now: their digest, count and rows; why not; or null when not configured. */
export async function databaseShows(env: NodeJS.ProcessEnv) {
  const { PUBLIC_SUPABASE_URL: url, PUBLIC_SUPABASE_ANON_KEY: key } = env;
  if (!url || !key) return null; // the heartbeat's line says what to set
  try {
    const rows = await readPublishedShows({ url, key, timeoutMs: TIMEOUT_MS });
    return { digest: showsDigest(rows), count: rows.length, rows };
  } catch (error) {
    return { problem: `the published shows could not be read from ${url}: ${(error as Error).message}` };
  }
}
export type Database = Awaited<ReturnType<typeof databaseShows>>;
