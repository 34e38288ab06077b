/**
 * The team session (Supabase Auth) that opens every team page (/calendar, /contacts, /fans): whether the page is
 * unlocked, why it locked itself, the Login, the auth events and the checks that keep the two in step. The session
 * lives in memory only (src/lib/supabase.ts), so a reload locks the page again; the team pages move from one to
 * another without a reload (Astro's client router, BaseLayout.astro), so the session, this module and its client
 * stay, and the next team page opens signed in.
 *
 * createTeamSession takes the client, the timers, the page's event sources and the page it is on (its words), so a
 * test drives a whole sequence with fakes; teamSession() is the browser's one instance. This module loads with the
 * Enter Password screen, so it takes nothing from the pages' own logic.
 */
import type { GoTrueClient } from "@supabase/auth-js";
import { atom } from "nanostores";
import { triedAgain } from "../../lib/back-off";
import { getSupabaseRest } from "../../lib/supabase";
import { browserTimers, type Timers } from "../../lib/timers";
import { showToast } from "../toasts/toasts.store";
import {
  isNetworkFailure,
  refusalLine,
  SESSION_CHECK_MS,
  signInRefusal,
  teamPlaceAt,
  teamWords,
  WRONG_PASSWORD,
  type LockReason,
  type Refused,
  type TeamPlace,
} from "./team";

/** The part of the client the session uses (either client of src/lib/supabase.ts); tests hand in a fake. */
export type AuthClient = { auth: GoTrueClient };

/** Something that sends events by name: the window (online, offline) in the browser. */
export type EventSource = {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
};

/** The document: its visibility and the event that says it changed. */
export type PageSource = EventSource & { readonly visibilityState: DocumentVisibilityState };

export type TeamSessionDependencies = {
  /** The client, fetched on first use: the browser loads its code only once someone starts on the password. */
  client: () => Promise<AuthClient>;
  /** The team account's e-mail: everyone signs in to the one shared account with the shared password. */
  email: string;
  /**
   * The team page, which the session's words name (the calendar's are the promised ones: docs/features.md#team-sign-in); in the browser, the one
   * shown now, read as each word is said, as one session follows the team from page to page.
   */
  place: TeamPlace | (() => TeamPlace);
  page: PageSource;
  network: EventSource;
  timers: Timers;
};

export function createTeamSession(deps: TeamSessionDependencies) {
  const placeNow = () => (typeof deps.place === "function" ? deps.place() : deps.place);
  const words = () => teamWords(placeNow());
  const $unlocked = atom(false);
  /** Why the page locked itself while open, said on the Enter Password screen in the shown page's words; or null. */
  const $lockReason = atom<LockReason | null>(null);
  /** Whether a Login is on its way. */
  const $signingIn = atom(false);
  /**
   * A refused Login that is not a wrong password: the server's answer, said on the screen after the toast has gone in
   * the words of the page shown (warning), as the team bar's links keep a locked session too.
   */
  const $refusal = atom<Refused | null>(null);
  /**
   * That someone signed out here (Sign out), said calmly on the Enter Password screen (not a lock), in the words of
   * the team page shown then (words().signedOut): the team bar's links keep this session from page to page.
   */
  const $signedOut = atom(false);
  /** The sign-out's end of this tab's session on its way: the next Login waits for it, so it cannot end the new one. */
  let leaving: Promise<unknown> = Promise.resolve();
  /**
   * The refusal toast on screen, if any: the next answer to a Login takes its place, so a wrong password followed by
   * the right one leaves only "Access granted", and several wrong tries leave one "Access denied", not a stack.
   */
  let refusalToast: string | undefined;

  /** How many times the page has opened (one per sign-in); see currentOpening. */
  let openings = 0;
  let following = false;

  function unlock(): void {
    // auth-js repeats SIGNED_IN when the tab returns; only a locked page opening counts.
    if (!$unlocked.get()) openings += 1;
    $lockReason.set(null);
    $refusal.set(null);
    $signedOut.set(false);
    $unlocked.set(true);
  }

  /** Sign out (team.signout.store.ts): locks, saying so calmly; the next Login waits for `ended`. */
  function signedOut(ended: Promise<unknown>): void {
    leaving = ended.catch(() => {});
    $lockReason.set(null);
    $signedOut.set(true);
    $unlocked.set(false);
  }

  /** Locks the page. With a reason (it locked itself while open), says why on the gate and in a toast. */
  function lock(reason?: LockReason): void {
    if (!$unlocked.get()) return;
    $unlocked.set(false);
    if (!reason) return;
    $lockReason.set(reason);
    showToast({ title: words().lockedTitle, description: words().lockReasons[reason], variant: "destructive" });
  }

  /**
   * Which opening of the page a call belongs to (null while locked). A call notes it as it goes out, so that its late
   * refusal, after the page has locked and opened again with a new session, does not end that new session.
   */
  function currentOpening(): number | null {
    return $unlocked.get() ? openings : null;
  }

  /**
   * Follows the auth events, from the first Login on: SIGNED_IN unlocks, SIGNED_OUT locks and says the session ended
   * (a refused refresh, a revoked session, a changed password; after Sign out the page is locked already).
   * TOKEN_REFRESHED needs nothing: the client hands the new token to REST (and realtime) itself.
   */
  function follow(client: AuthClient): void {
    if (following) return;
    following = true;
    client.auth.onAuthStateChange((event) => {
      if (event === "SIGNED_IN") unlock();
      else if (event === "SIGNED_OUT") lock("sessionEnded");
    });
  }

  /** Signs in with the typed password: null once unlocked, else what the refusal was. */
  async function attemptSignIn(password: string): Promise<Refused | null> {
    try {
      const client = await deps.client();
      // No password is a wrong password, as it always was; it need not cost one of the server's tries.
      if (password === "") return { error: { code: "invalid_credentials" } };
      follow(client);
      await leaving;
      const { data, error } = await client.auth.signInWithPassword({ email: deps.email, password });
      if (error || !data.session) return { error };
    } catch (error) {
      return { error };
    }
    unlock();
    return null;
  }

  /**
   * The Login: unlocks and says "Access granted", or says why not (a wrong
   * password in the words of docs/features.md#team-sign-in, anything else also on the gate). Returns whether it unlocked.
   */
  async function signIn(password: string): Promise<boolean> {
    // One sign-in at a time: a second press while the first is on its way does nothing.
    if ($signingIn.get()) return false;
    $signingIn.set(true);
    let refused: Refused | null;
    try {
      refused = await attemptSignIn(password);
    } finally {
      $signingIn.set(false);
    }
    if (refused === null) {
      showToast({ ...words().accessGranted, replaces: refusalToast });
      refusalToast = undefined;
      return true;
    }
    const refusal = signInRefusal(refused.error, placeNow());
    $refusal.set(refusal === WRONG_PASSWORD ? null : refused);
    refusalToast = showToast({ ...refusal, variant: "destructive", replaces: refusalToast });
    return false;
  }

  /** Locks the page saying why, and drops the session this tab holds (no request to the server is needed). */
  async function end(reason: LockReason): Promise<void> {
    lock(reason);
    try {
      await (await deps.client()).auth.signOut({ scope: "local" });
    } catch {
      // The page is locked either way.
    }
  }

  /**
   * The server refused the calendar to a call made in `opening` (row-level security, a token it no longer accepts):
   * locks the page saying why, if it is still open on that session. A call from before the last lock has nothing to
   * say about the session that followed.
   */
  async function refuse(opening: number | null): Promise<void> {
    if (opening === null || opening !== currentOpening()) return;
    await end("accessRefused");
  }

  /**
   * Asks the server whether the session still stands (GET /auth/v1/user). A revoked session answers 403
   * session_not_found, upon which auth-js drops it and emits SIGNED_OUT; any other refusal (the account gone, the
   * token no longer accepted) ends it here. Offline or a failing server proves nothing: resolves to false then (the
   * question is still open), else to true.
   */
  async function check(): Promise<boolean> {
    if (!$unlocked.get()) return true;
    let error: unknown;
    try {
      ({ error } = await (await deps.client()).auth.getUser());
    } catch (thrown) {
      error = thrown;
    }
    if (!error) return true;
    if (isNetworkFailure(error)) return false;
    const { name, status } = error as { name?: string; status?: number };
    if (name === "AuthSessionMissingError" || status === 401 || status === 403) {
      await end("sessionEnded");
      return true;
    }
    return typeof status !== "number" || status < 500;
  }

  /**
   * While an unlocked page is shown: checks the session when the tab comes back to the foreground, when the network
   * returns and every few minutes, so a session that ended elsewhere locks the page instead of failing silently. A
   * check that could not reach the server is tried again soon (a phone says it is online a moment before its
   * connection carries anything), sooner than the next regular one: after 2 s, 4 s, 8 s … A check asked while one is
   * on its way (a waking phone brings the tab and the network back together) joins it: one request, one retry 2 s
   * after it. Returns the stop.
   */
  function watch(): () => void {
    // Answered, or locked meanwhile: nothing more to ask until the next occasion.
    const checks = triedAgain(async () => (await check()) || !$unlocked.get(), deps.timers, SESSION_CHECK_MS);
    const checkNow = () => void checks.now();
    const onVisibility = () => {
      if (deps.page.visibilityState === "visible") checkNow();
    };
    const every = () => {
      checkNow();
      timer = deps.timers.setTimeout(every, SESSION_CHECK_MS);
    };
    let timer = deps.timers.setTimeout(every, SESSION_CHECK_MS);
    deps.page.addEventListener("visibilitychange", onVisibility);
    deps.network.addEventListener("online", checkNow);
    return () => {
      checks.stop();
      deps.page.removeEventListener("visibilitychange", onVisibility);
      deps.network.removeEventListener("online", checkNow);
      deps.timers.clearTimeout(timer);
    };
  }

  /** Fetches the client's code ahead, while the password is being typed; the Login reports one that cannot load. */
  function prepare(): void {
    deps.client().catch(() => {});
  }

  return {
    $unlocked,
    $lockReason,
    $signingIn,
    $refusal,
    $signedOut,
    signIn,
    signedOut,
    /** The sign-in's words on the team page shown now. */
    words,
    /** What the Enter Password screen says of a refused Login, else of why it locked, on the page shown now. */
    warning: (refused: Refused | null, reason: LockReason | null) =>
      refused ? refusalLine(refused, placeNow()) : reason ? words().lockReasons[reason] : null,
    currentOpening,
    refuse,
    check,
    watch,
    prepare,
  };
}

export type TeamSession = ReturnType<typeof createTeamSession>;

let browserSession: TeamSession | undefined;

/**
 * The browser's one team session, on the browser's client, document and window, in the words of
 * the team page shown (every island and store of every team page shares it, from page to page).
 * It signs in on the client of Auth and REST; the calendar's client with realtime takes its
 * session from that one (src/lib/supabase.ts), so the session is one whichever page opened it.
 */
export function teamSession(): TeamSession {
  browserSession ??= createTeamSession({
    client: getSupabaseRest,
    email: import.meta.env.PUBLIC_TEAM_EMAIL,
    place: () => teamPlaceAt(location.pathname),
    page: document,
    network: window,
    timers: browserTimers,
  });
  return browserSession;
}
