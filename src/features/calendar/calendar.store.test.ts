import { afterEach, describe, expect, it } from "vitest";
import { $toasts } from "../toasts/toasts.store";
import { LOCK_REASONS, SESSION_CHECK_MS } from "./session";
import {
  $calendarLockReason,
  $calendarUnlocked,
  $eventDraft,
  $hasUnsavedEvent,
  $selectedDay,
  addEventFromDraft,
  checkTeamSession,
  clearEventDraft,
  currentOpening,
  editEventDraft,
  selectDay,
  endTeamSession,
  followTeamSession,
  lockCalendar,
  refuseCalendar,
  signInToCalendar,
  unlockCalendar,
  watchTeamSession,
  type AuthClient,
} from "./calendar.store";

type Listener = (event: string, session: unknown) => void;

/** A stand-in for supabase.auth: answers as the test says, emits events as auth-js would. */
function fakeAuth(answers: { signIn?: unknown; getUser?: unknown } = {}) {
  const listeners = new Set<Listener>();
  const calls: string[] = [];
  const emit = (event: string, session: unknown = null) => listeners.forEach((listener) => listener(event, session));
  const auth = {
    onAuthStateChange(listener: Listener) {
      listeners.add(listener);
      return { data: { subscription: { unsubscribe: () => listeners.delete(listener) } } };
    },
    async signInWithPassword(credentials: { email: string; password: string }) {
      calls.push(`signIn ${credentials.email} ${credentials.password}`);
      const answer = answers.signIn ?? { data: { session: { access_token: "t" }, user: {} }, error: null };
      if (answer instanceof Error) throw answer;
      if ((answer as { data: { session: unknown } }).data.session) emit("SIGNED_IN", { access_token: "t" });
      return answer;
    },
    async getUser() {
      calls.push("getUser");
      const answer = answers.getUser ?? { data: { user: {} }, error: null };
      // auth-js drops a session the server no longer knows, and says so.
      if ((answer as { error?: { name?: string } }).error?.name === "AuthSessionMissingError") emit("SIGNED_OUT");
      return answer;
    },
    async signOut(options: { scope: string }) {
      calls.push(`signOut ${options.scope}`);
      emit("SIGNED_OUT");
      return { error: null };
    },
  };
  return { client: { auth } as unknown as AuthClient, emit, calls, listeners };
}

const toastTitles = () => $toasts.get().map((toast) => `${toast.title}: ${toast.description}`);

afterEach(() => {
  $calendarUnlocked.set(false);
  $calendarLockReason.set(null);
  $eventDraft.set(null);
  $selectedDay.set(undefined);
  $toasts.set([]);
});

describe("the calendar's team session", () => {
  it("signs in to the team account with the typed password and unlocks", async () => {
    const { client, calls } = fakeAuth();
    expect(await signInToCalendar(client, "team@example.org", "open sesame")).toEqual({ ok: true });
    expect(calls).toEqual(["signIn team@example.org open sesame"]);
    expect($calendarUnlocked.get()).toBe(true);
  });

  it("refuses an empty password without asking the server", async () => {
    const { client, calls } = fakeAuth();
    expect(await signInToCalendar(client, "team@example.org", "")).toEqual({
      ok: false,
      notice: { title: "Access denied", description: "Incorrect password" },
    });
    expect(calls).toEqual([]);
  });

  it("follows the auth events from the first login on, once however many tries it takes", async () => {
    const { client, emit, listeners } = fakeAuth({
      signIn: { data: { user: null, session: null }, error: { status: 400, code: "invalid_credentials" } },
    });
    await signInToCalendar(client, "team@example.org", "wrong");
    await signInToCalendar(client, "team@example.org", "wrong again");
    expect(listeners.size).toBe(1);
    emit("SIGNED_IN", { access_token: "t" });
    expect($calendarUnlocked.get()).toBe(true);
    emit("SIGNED_OUT");
    expect($calendarLockReason.get()).toBe(LOCK_REASONS.sessionEnded);
  });

  it("stays locked and says why when the login is refused", async () => {
    const wrong = fakeAuth({
      signIn: {
        data: { user: null, session: null },
        error: { name: "AuthApiError", status: 400, code: "invalid_credentials", message: "Invalid login credentials" },
      },
    });
    expect(await signInToCalendar(wrong.client, "team@example.org", "nope")).toEqual({
      ok: false,
      notice: { title: "Access denied", description: "Incorrect password" },
    });
    const limited = fakeAuth({
      signIn: {
        data: { user: null, session: null },
        error: {
          name: "AuthApiError",
          status: 429,
          code: "over_request_rate_limit",
          message: "Request rate limit reached",
        },
      },
    });
    expect(await signInToCalendar(limited.client, "team@example.org", "nope")).toMatchObject({
      ok: false,
      notice: { title: "Too many tries" },
    });
    const thrown = fakeAuth({ signIn: new TypeError("Failed to fetch") });
    expect(await signInToCalendar(thrown.client, "team@example.org", "x")).toMatchObject({
      ok: false,
      notice: { title: "No connection" },
    });
    expect($calendarUnlocked.get()).toBe(false);
  });

  it("unlocks on SIGNED_IN, ignores TOKEN_REFRESHED, and locks saying why on SIGNED_OUT", () => {
    const { client, emit, listeners } = fakeAuth();
    const stop = followTeamSession(client);
    emit("INITIAL_SESSION");
    expect($calendarUnlocked.get()).toBe(false);
    emit("SIGNED_IN", { access_token: "a" });
    expect($calendarUnlocked.get()).toBe(true);
    emit("TOKEN_REFRESHED", { access_token: "b" });
    emit("USER_UPDATED", { access_token: "b" });
    expect($calendarUnlocked.get()).toBe(true);
    expect(toastTitles()).toEqual([]);
    emit("SIGNED_OUT");
    expect($calendarUnlocked.get()).toBe(false);
    expect($calendarLockReason.get()).toBe(LOCK_REASONS.sessionEnded);
    expect(toastTitles()).toEqual([`Calendar locked: ${LOCK_REASONS.sessionEnded}`]);
    // A second SIGNED_OUT while locked says nothing more.
    emit("SIGNED_OUT");
    expect(toastTitles()).toHaveLength(1);
    stop();
    expect(listeners.size).toBe(0);
  });

  it("forgets the reason once the team signs in again", () => {
    unlockCalendar();
    lockCalendar(LOCK_REASONS.accessRefused);
    expect($calendarLockReason.get()).toBe(LOCK_REASONS.accessRefused);
    unlockCalendar();
    expect($calendarLockReason.get()).toBeNull();
  });

  it("locks when the server no longer knows the session", async () => {
    const { client } = fakeAuth({
      getUser: {
        data: { user: null },
        error: { name: "AuthSessionMissingError", status: 400, message: "Auth session missing!" },
      },
    });
    followTeamSession(client);
    unlockCalendar();
    await checkTeamSession(client);
    expect($calendarUnlocked.get()).toBe(false);
    expect($calendarLockReason.get()).toBe(LOCK_REASONS.sessionEnded);
    expect(toastTitles()).toHaveLength(1);
  });

  it("ends the session itself when the server refuses it otherwise", async () => {
    const { client, calls } = fakeAuth({
      getUser: { data: { user: null }, error: { name: "AuthApiError", status: 403, code: "user_not_found" } },
    });
    unlockCalendar();
    await checkTeamSession(client);
    expect(calls).toEqual(["getUser", "signOut local"]);
    expect($calendarLockReason.get()).toBe(LOCK_REASONS.sessionEnded);
  });

  it("stays unlocked when the check cannot reach the server", async () => {
    for (const error of [
      { name: "AuthRetryableFetchError", status: 0, message: "Failed to fetch" },
      { name: "AuthRetryableFetchError", status: 503, message: "{}" },
    ]) {
      const { client } = fakeAuth({ getUser: { data: { user: null }, error } });
      unlockCalendar();
      await checkTeamSession(client);
      expect($calendarUnlocked.get()).toBe(true);
    }
  });

  it("locks with the reason it is given when the calendar refuses the session", async () => {
    const { client, calls } = fakeAuth();
    followTeamSession(client);
    unlockCalendar();
    await endTeamSession(client, LOCK_REASONS.accessRefused);
    expect(calls).toEqual(["signOut local"]);
    // The SIGNED_OUT that follows does not replace the reason.
    expect($calendarLockReason.get()).toBe(LOCK_REASONS.accessRefused);
    expect(toastTitles()).toEqual([`Calendar locked: ${LOCK_REASONS.accessRefused}`]);
  });

  it("leaves a new session alone when a call from before the last lock is refused late", async () => {
    const { client, emit, calls } = fakeAuth();
    followTeamSession(client);
    unlockCalendar();
    const before = currentOpening();
    // auth-js says SIGNED_IN again when the tab returns: the page is still open on the same session.
    emit("SIGNED_IN", { access_token: "same" });
    expect(currentOpening()).toBe(before);
    emit("SIGNED_OUT");
    expect(currentOpening()).toBeNull();
    emit("SIGNED_IN", { access_token: "new" });
    await refuseCalendar(client, before);
    await refuseCalendar(client, null);
    expect(calls).toEqual([]);
    expect($calendarUnlocked.get()).toBe(true);
    // A refusal of the current session's own call still locks.
    await refuseCalendar(client, currentOpening());
    expect(calls).toEqual(["signOut local"]);
    expect($calendarLockReason.get()).toBe(LOCK_REASONS.accessRefused);
  });

  it("checks when the tab comes back, when the network returns and every few minutes", async () => {
    const { client, calls } = fakeAuth();
    unlockCalendar();
    const page = Object.assign(new EventTarget(), { visibilityState: "hidden" as DocumentVisibilityState });
    const network = new EventTarget();
    const intervals: { run: () => void; ms: number }[] = [];
    const stop = watchTeamSession(client, {
      page,
      network: network as unknown as Window,
      setInterval: (run, ms) => intervals.push({ run, ms }),
      clearInterval: () => intervals.splice(0),
    });
    page.dispatchEvent(new Event("visibilitychange"));
    expect(calls).toEqual([]); // hidden: nothing to check yet
    page.visibilityState = "visible";
    page.dispatchEvent(new Event("visibilitychange"));
    network.dispatchEvent(new Event("online"));
    expect(intervals.map((interval) => interval.ms)).toEqual([SESSION_CHECK_MS]);
    intervals[0].run();
    await Promise.resolve();
    expect(calls).toEqual(["getUser", "getUser", "getUser"]);
    stop();
    network.dispatchEvent(new Event("online"));
    expect(calls).toHaveLength(3);
    expect(intervals).toEqual([]);
  });
});

describe("the Add Event draft", () => {
  const typed = { title: "Radio session, RTÉ", description: "Bring the 12-string", eventType: "promotion" as const };
  const day = new Date(2031, 4, 18);
  const refused = { code: "42501", message: "permission denied for table calendar_events", status: 401 };

  /** The page unlocked, the day picked and the event typed, as someone about to press Add Event. */
  function typing() {
    unlockCalendar();
    selectDay(day);
    editEventDraft(typed);
  }

  it("is kept, with its day, when the session ends while someone is typing", () => {
    const { client, emit } = fakeAuth();
    followTeamSession(client);
    typing();
    emit("SIGNED_OUT");
    expect($calendarUnlocked.get()).toBe(false);
    expect($eventDraft.get()).toEqual(typed);
    expect($selectedDay.get()).toBe(day);
    expect($hasUnsavedEvent.get()).toBe(true);
    // Still there once the team has signed in again.
    emit("SIGNED_IN", { access_token: "again" });
    expect($eventDraft.get()).toEqual(typed);
    expect($selectedDay.get()).toBe(day);
  });

  it("is kept, and nothing says Event added, when the server refuses the insert", async () => {
    const { client, calls } = fakeAuth();
    followTeamSession(client);
    typing();
    const added = await addEventFromDraft(client, () => Promise.reject(refused));
    expect(added).toBe(false);
    expect(calls).toEqual(["signOut local"]);
    expect($calendarUnlocked.get()).toBe(false);
    expect($calendarLockReason.get()).toBe(LOCK_REASONS.accessRefused);
    expect(toastTitles()).toEqual([`Calendar locked: ${LOCK_REASONS.accessRefused}`]);
    expect($eventDraft.get()).toEqual(typed);
    expect($selectedDay.get()).toBe(day);
  });

  it("keeps the draft, and the new session, when an insert from before the last lock is refused late", async () => {
    const { client, emit, calls } = fakeAuth();
    followTeamSession(client);
    typing();
    let refuse: (error: unknown) => void = () => {};
    const adding = addEventFromDraft(client, () => new Promise((_, reject) => (refuse = reject)));
    // The session ends elsewhere while the insert is on its way, and the team signs in again.
    emit("SIGNED_OUT");
    emit("SIGNED_IN", { access_token: "new" });
    refuse(refused);
    expect(await adding).toBe(false);
    expect(calls).toEqual([]);
    expect($calendarUnlocked.get()).toBe(true);
    expect($eventDraft.get()).toEqual(typed);
    expect(toastTitles()).toEqual([`Calendar locked: ${LOCK_REASONS.sessionEnded}`]);
  });

  it("keeps the form when the insert fails otherwise, and says why", async () => {
    const { client, calls } = fakeAuth();
    typing();
    const added = await addEventFromDraft(client, () => Promise.reject(new TypeError("Failed to fetch")));
    expect(added).toBe(false);
    expect(calls).toEqual([]);
    expect($calendarUnlocked.get()).toBe(true);
    expect(toastTitles()).toEqual([
      "Error adding event: Could not reach the calendar server. Check your internet connection and try again.",
    ]);
    expect($eventDraft.get()).toEqual(typed);
  });

  it("is cleared only once the event is added, keeping the picked day", async () => {
    const { client } = fakeAuth();
    typing();
    const added = await addEventFromDraft(client, () => Promise.resolve());
    expect(added).toBe(true);
    expect(toastTitles()).toEqual(["Event added: New event has been added successfully"]);
    expect($eventDraft.get()).toBeNull();
    expect($hasUnsavedEvent.get()).toBe(false);
    expect($selectedDay.get()).toBe(day);
  });

  it("counts as unsaved only when a title or description has been typed", () => {
    expect($hasUnsavedEvent.get()).toBe(false);
    editEventDraft({ title: "  ", description: "", eventType: "away" });
    expect($hasUnsavedEvent.get()).toBe(false);
    editEventDraft({ title: "", description: "Soundcheck at 5", eventType: "gig" });
    expect($hasUnsavedEvent.get()).toBe(true);
    clearEventDraft();
    expect($hasUnsavedEvent.get()).toBe(false);
  });
});
