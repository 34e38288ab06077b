/**
 * The calendar's session with the shared team account (Supabase Auth): whether
 * the page is unlocked, why it locked itself, and the sign-in, the auth events
 * and the checks that keep the two in step. The session lives in memory only
 * (src/lib/supabase.ts), so a reload locks the page again (spec section 4).
 * Also the Add Event draft, which outlives a lock so that nothing typed is lost.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { atom, computed } from "nanostores";
import { showToast } from "../toasts/toasts.store";
// Types only: calendar.ts brings the month view's date library, which the Enter Password screen does without.
import type { EventDraft } from "./calendar";
import {
  CALENDAR_LOCKED_TITLE,
  errorMessage,
  isAccessRefused,
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

/** How many times the page has opened (one per sign-in); see currentOpening. */
let openings = 0;

export function unlockCalendar(): void {
  // auth-js repeats SIGNED_IN when the tab returns; only a locked page opening counts.
  if (!$calendarUnlocked.get()) openings += 1;
  $calendarLockReason.set(null);
  $calendarUnlocked.set(true);
}

/**
 * Which opening of the page a call belongs to (null while locked). A call
 * notes it as it goes out, so that its late refusal, after the page has
 * locked and opened again with a new session, does not end that new session.
 */
export function currentOpening(): number | null {
  return $calendarUnlocked.get() ? openings : null;
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
 * The server refused the calendar to a call made in `opening` (row-level
 * security, a token it no longer accepts): locks the page saying why, if it
 * is still open on that session. A call from before the last lock has
 * nothing to say about the session that followed.
 */
export async function refuseCalendar(client: AuthClient, opening: number | null): Promise<void> {
  if (opening === null || opening !== currentOpening()) return;
  await endTeamSession(client, LOCK_REASONS.accessRefused);
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

/**
 * The Add Event form as typed so far; null while untouched and after a
 * successful add (the form then shows emptyEventDraft). Kept in memory only,
 * like the session: it survives the page locking itself, so after the next
 * sign-in the form shows it again, but never a reload.
 */
export const $eventDraft = atom<EventDraft | null>(null);

/** The day picked in the month, the date of the event being typed; kept across a lock like the draft. */
export const $selectedDay = atom<Date | undefined>(undefined);

/** Whether the draft holds something typed, so the Enter Password screen says it is kept. */
export const $hasUnsavedEvent = computed(
  $eventDraft,
  (draft) => draft !== null && (draft.title.trim() !== "" || draft.description.trim() !== ""),
);

export function editEventDraft(draft: EventDraft): void {
  $eventDraft.set(draft);
}

export function clearEventDraft(): void {
  $eventDraft.set(null);
}

export function selectDay(day: Date | undefined): void {
  $selectedDay.set(day);
}

/**
 * Adds the event typed in the form (`insert` sends its row). Only a
 * successful add clears the draft and says "Event added". Any failure keeps
 * it: a refused session locks the page (the draft is back after the next
 * sign-in), anything else says why in the spec's toast. Returns whether the
 * event was added.
 */
export async function addEventFromDraft(client: AuthClient, insert: () => Promise<void>): Promise<boolean> {
  const opening = currentOpening();
  try {
    await insert();
  } catch (error) {
    // The server no longer lets this session add events: back to the gate, saying why.
    if (isAccessRefused(error)) await refuseCalendar(client, opening);
    else showToast({ title: "Error adding event", description: errorMessage(error), variant: "destructive" });
    return false;
  }
  clearEventDraft();
  showToast({ title: "Event added", description: "New event has been added successfully" });
  return true;
}
