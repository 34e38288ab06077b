/**
 * The calendar's session with the shared team account (Supabase Auth): whether
 * the page is unlocked, why it locked itself, and the sign-in, the auth events
 * and the checks that keep the two in step. The session lives in memory only
 * (src/lib/supabase.ts), so a reload locks the page again (spec section 4).
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { atom } from "nanostores";
import { showToast } from "../toasts/toasts.store";
import {
  CALENDAR_LOCKED_TITLE,
  isNetworkFailure,
  LOCK_REASONS,
  SESSION_CHECK_MS,
  signInRefusal,
  WRONG_PASSWORD,
  type Notice,
} from "./session";

export const $calendarUnlocked = atom(false);

/** Why the page locked itself while open, said on the Enter Password screen; null until then. */
export const $calendarLockReason = atom<string | null>(null);

export function unlockCalendar(): void {
  $calendarLockReason.set(null);
  $calendarUnlocked.set(true);
}

/** Locks the page. With a reason (it locked itself while open), says why on the gate and in a toast. */
export function lockCalendar(reason?: string): void {
  if (!$calendarUnlocked.get()) return;
  $calendarUnlocked.set(false);
  if (!reason) return;
  $calendarLockReason.set(reason);
  showToast({ title: CALENDAR_LOCKED_TITLE, description: reason, variant: "destructive" });
}

/** The part of the client this module uses; tests hand in a fake. */
export type AuthClient = Pick<SupabaseClient, "auth">;

/**
 * Follows the auth events (spec section 4): SIGNED_IN unlocks, SIGNED_OUT
 * locks and says the session ended (a refused refresh, a revoked session, a
 * changed password; there is no sign-out button). TOKEN_REFRESHED needs
 * nothing: supabase-js hands the new token to REST and realtime itself.
 * Returns the unsubscribe.
 */
export function followTeamSession(client: AuthClient): () => void {
  const { data } = client.auth.onAuthStateChange((event) => {
    if (event === "SIGNED_IN") unlockCalendar();
    else if (event === "SIGNED_OUT") lockCalendar(LOCK_REASONS.sessionEnded);
  });
  return () => data.subscription.unsubscribe();
}

/** The clients whose auth events the page already follows. */
const followed = new WeakSet<AuthClient>();

/**
 * Signs in to the team account with the typed password; unlocks, or says why
 * not. From the first attempt on, the page follows the client's auth events.
 */
export async function signInToCalendar(
  client: AuthClient,
  email: string,
  password: string,
): Promise<{ ok: true } | { ok: false; notice: Notice }> {
  // No password is a wrong password, as it always was; it need not cost one of the server's tries.
  if (password === "") return { ok: false, notice: WRONG_PASSWORD };
  if (!followed.has(client)) {
    followed.add(client);
    followTeamSession(client);
  }
  try {
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    if (error || !data.session) return { ok: false, notice: signInRefusal(error) };
  } catch (error) {
    return { ok: false, notice: signInRefusal(error) };
  }
  unlockCalendar();
  return { ok: true };
}

/** Locks the page saying why, and drops the session this tab holds (no request to the server is needed). */
export async function endTeamSession(client: AuthClient, reason: string): Promise<void> {
  lockCalendar(reason);
  try {
    await client.auth.signOut({ scope: "local" });
  } catch {
    // The page is locked either way.
  }
}

/**
 * Asks the server whether the session still stands (GET /auth/v1/user). A
 * revoked session answers 403 session_not_found, upon which auth-js drops it
 * and emits SIGNED_OUT; any other refusal (the account gone, the token no
 * longer accepted) ends it here. Offline or a failing server proves nothing.
 */
export async function checkTeamSession(client: AuthClient): Promise<void> {
  if (!$calendarUnlocked.get()) return;
  let error: unknown;
  try {
    ({ error } = await client.auth.getUser());
  } catch (thrown) {
    error = thrown;
  }
  if (!error || isNetworkFailure(error)) return;
  const { name, status } = error as { name?: string; status?: number };
  if (name === "AuthSessionMissingError" || status === 401 || status === 403) {
    await endTeamSession(client, LOCK_REASONS.sessionEnded);
  }
}

/** What watchTeamSession listens to and times with; the browser's own by default. */
export type SessionWatchEnvironment = {
  page: Pick<Document, "addEventListener" | "removeEventListener" | "visibilityState">;
  network: Pick<Window, "addEventListener" | "removeEventListener">;
  setInterval: (run: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
};

/**
 * While the calendar is open, checks the session when the tab comes back to
 * the foreground, when the network returns and every few minutes, so a
 * session that ended elsewhere locks the page instead of failing silently.
 * Returns the stop.
 */
export function watchTeamSession(
  client: AuthClient,
  environment: SessionWatchEnvironment = {
    page: document,
    network: window,
    setInterval: (run, ms) => window.setInterval(run, ms),
    clearInterval: (handle) => window.clearInterval(handle as number),
  },
): () => void {
  const check = () => void checkTeamSession(client);
  const onVisibility = () => {
    if (environment.page.visibilityState === "visible") check();
  };
  environment.page.addEventListener("visibilitychange", onVisibility);
  environment.network.addEventListener("online", check);
  const timer = environment.setInterval(check, SESSION_CHECK_MS);
  return () => {
    environment.page.removeEventListener("visibilitychange", onVisibility);
    environment.network.removeEventListener("online", check);
    environment.clearInterval(timer);
  };
}
