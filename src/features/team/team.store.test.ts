import { afterEach, describe, expect, it, vi } from "vitest";
import { $toasts } from "../toasts/toasts.store";
import { SESSION_CHECK_MS, TEAM_PLACES, teamWords, type TeamPlace } from "./team";
import { deferred, settle } from "../../test/deferred";
import { fakeClient } from "../../test/fake-client";
import { fakeNetwork, fakePage } from "../../test/fake-page";
import { globalTimers, withVitestClock } from "../../test/fake-time";
import { toastLines } from "../../test/toast-recorder";
import { createTeamSession, type AuthClient } from "./team.store";

const TEAM_EMAIL = "team@example.org";
const RATE_LIMITED = {
  data: { user: null, session: null },
  error: { name: "AuthApiError", status: 429, code: "over_request_rate_limit", message: "Request rate limit reached" },
};
const WRONG = {
  data: { user: null, session: null },
  error: { name: "AuthApiError", status: 400, code: "invalid_credentials", message: "Invalid login credentials" },
};

const { lockReasons: LOCK_REASONS, noConnection: NO_CONNECTION_TEXT } = teamWords(TEAM_PLACES.calendar);

/** A team session on a fake client, document and window, timed by Vitest's fake clock, on the calendar unless told. */
function setup(
  answers: Parameters<typeof fakeClient>[0] = {},
  client?: () => Promise<AuthClient>,
  place: TeamPlace = TEAM_PLACES.calendar,
) {
  const fake = fakeClient(answers);
  const page = fakePage();
  const network = fakeNetwork();
  const session = createTeamSession({
    client: client ?? (async () => fake.client as unknown as AuthClient),
    email: TEAM_EMAIL,
    place,
    page,
    network,
    timers: globalTimers,
  });
  return { ...fake, session, page, network };
}

withVitestClock();
afterEach(() => $toasts.set([]));

describe("signing in to the team session", () => {
  it("signs in to the team account with the typed password, unlocks and says Access granted", async () => {
    const { session, calls } = setup();
    expect(await session.signIn("open sesame")).toBe(true);
    expect(calls).toEqual([`signIn ${TEAM_EMAIL} open sesame`]);
    expect(session.$unlocked.get()).toBe(true);
    expect(toastLines()).toEqual(["Access granted: You can now edit the calendar"]);
  });

  it("says Access granted naming the tool of the page it opened, in the promised words on the calendar", async () => {
    const said: string[] = [];
    for (const place of Object.values(TEAM_PLACES)) {
      $toasts.set([]);
      const { session } = setup({}, undefined, place);
      await session.signIn("open sesame");
      said.push(...toastLines());
    }
    expect(said).toEqual([
      "Access granted: You can now edit the calendar",
      "Access granted: You can now edit the contact directory",
      "Access granted: You can now see the sign-up list",
    ]);
  });

  it("speaks for the page shown now, as one session follows the team from page to page", async () => {
    let place: TeamPlace = TEAM_PLACES.contacts;
    const fake = fakeClient();
    const session = createTeamSession({
      client: async () => fake.client as unknown as AuthClient,
      email: TEAM_EMAIL,
      place: () => place,
      page: fakePage(),
      network: fakeNetwork(),
      timers: globalTimers,
    });
    await session.signIn("open sesame");
    expect(toastLines()).toEqual(["Access granted: You can now edit the contact directory"]);
    place = TEAM_PLACES.fans;
    $toasts.set([]);
    fake.emit("SIGNED_OUT");
    expect(toastLines()).toEqual([`Fan sign-ups locked: ${LOCK_REASONS.sessionEnded}`]);
  });

  it("puts Access granted in the place of the Access denied before it, and keeps one refusal at a time", async () => {
    const answers: { signIn?: unknown } = { signIn: WRONG };
    const { session } = setup(answers);
    await session.signIn("nope");
    await session.signIn("still nope");
    const [denied] = $toasts.get();
    expect($toasts.get().map((toast) => [toast.id, toast.title])).toEqual([[denied.id, "Access denied"]]);
    delete answers.signIn;
    await session.signIn("open sesame");
    expect($toasts.get().map((toast) => [toast.id, toast.title])).toEqual([[denied.id, "Access granted"]]);
    expect(toastLines()).toEqual(["Access granted: You can now edit the calendar"]);
  });

  it("refuses an empty password as a wrong one, without asking the server", async () => {
    const { session, calls } = setup();
    expect(await session.signIn("")).toBe(false);
    expect(calls).toEqual([]);
    expect(toastLines()).toEqual(["Access denied: Incorrect password"]);
    expect(session.$unlocked.get()).toBe(false);
  });

  it("says Incorrect password for a wrong password, with nothing left on the gate", async () => {
    const { session } = setup({ signIn: WRONG });
    await session.signIn("nope");
    expect(toastLines()).toEqual(["Access denied: Incorrect password"]);
    expect($toasts.get()[0].variant).toBe("destructive");
    expect(session.$refusal.get()).toBeNull();
    expect(session.$unlocked.get()).toBe(false);
  });

  it("tells too many tries and no connection apart from a wrong password, and keeps saying so on the gate", async () => {
    const wait = "The calendar has stopped taking passwords for a while. Wait a few minutes, then try again.";
    const limited = setup({ signIn: RATE_LIMITED });
    await limited.session.signIn("one more guess");
    expect(toastLines()).toEqual([`Too many tries: ${wait}`]);
    expect(limited.session.$refusal.get()).toBe(`Too many tries. ${wait}`);

    $toasts.set([]);
    const offline = setup({ signIn: new TypeError("Failed to fetch") });
    await offline.session.signIn("open sesame");
    expect(toastLines()).toEqual([`No connection: ${NO_CONNECTION_TEXT}`]);
    expect(offline.session.$refusal.get()).toBe(`No connection. ${NO_CONNECTION_TEXT}`);
    expect(offline.session.$unlocked.get()).toBe(false);
  });

  it("says there is no connection when the client itself cannot load", async () => {
    const { session } = setup({}, () => Promise.reject(new TypeError("Failed to fetch dynamically imported module")));
    expect(await session.signIn("open sesame")).toBe(false);
    expect(toastLines()).toEqual([`No connection: ${NO_CONNECTION_TEXT}`]);
  });

  it("signs in once however often Login is pressed while it is on its way", async () => {
    const reply = deferred<unknown>();
    const { session, calls } = setup({ signIn: reply.promise });
    const first = session.signIn("open sesame");
    await settle();
    expect(session.$signingIn.get()).toBe(true);
    expect(await session.signIn("open sesame")).toBe(false);
    expect(calls).toHaveLength(1);
    reply.resolve(WRONG);
    expect(await first).toBe(false);
    expect(session.$signingIn.get()).toBe(false);
    expect(toastLines()).toEqual(["Access denied: Incorrect password"]);
  });

  it("forgets a refusal once the team signs in", async () => {
    const { session, emit } = setup({ signIn: RATE_LIMITED });
    await session.signIn("guess");
    expect(session.$refusal.get()).not.toBeNull();
    emit("SIGNED_IN", { access_token: "t" });
    expect(session.$refusal.get()).toBeNull();
  });
});

describe("following the team session", () => {
  it("follows the auth events from the first Login on, once however many tries it takes", async () => {
    const { session, emit, listeners } = setup({ signIn: WRONG });
    await session.signIn("wrong");
    await session.signIn("wrong again");
    expect(listeners.size).toBe(1);
    emit("INITIAL_SESSION");
    expect(session.$unlocked.get()).toBe(false);
    emit("SIGNED_IN", { access_token: "t" });
    expect(session.$unlocked.get()).toBe(true);
    emit("SIGNED_OUT");
    expect(session.$lockReason.get()).toBe(LOCK_REASONS.sessionEnded);
  });

  it("stays open through TOKEN_REFRESHED and USER_UPDATED, and locks saying why on SIGNED_OUT", async () => {
    const { session, emit } = setup();
    await session.signIn("open sesame");
    $toasts.set([]);
    emit("TOKEN_REFRESHED", { access_token: "b" });
    emit("USER_UPDATED", { access_token: "b" });
    expect(session.$unlocked.get()).toBe(true);
    expect(toastLines()).toEqual([]);
    emit("SIGNED_OUT");
    expect(session.$unlocked.get()).toBe(false);
    expect(session.$lockReason.get()).toBe(LOCK_REASONS.sessionEnded);
    expect(toastLines()).toEqual([`Calendar locked: ${LOCK_REASONS.sessionEnded}`]);
    expect($toasts.get()[0].variant).toBe("destructive");
    // A second SIGNED_OUT while locked says nothing more.
    emit("SIGNED_OUT");
    expect(toastLines()).toHaveLength(1);
  });

  it("forgets the lock reason once the team signs in again", async () => {
    const { session, emit } = setup();
    await session.signIn("open sesame");
    emit("SIGNED_OUT");
    expect(session.$lockReason.get()).toBe(LOCK_REASONS.sessionEnded);
    await session.signIn("open sesame");
    expect(session.$lockReason.get()).toBeNull();
  });

  it("locks when the server no longer knows the session", async () => {
    const { session } = setup({
      getUser: {
        data: { user: null },
        error: { name: "AuthSessionMissingError", status: 400, message: "Auth session missing!" },
      },
    });
    await session.signIn("open sesame");
    $toasts.set([]);
    await session.check();
    expect(session.$unlocked.get()).toBe(false);
    expect(session.$lockReason.get()).toBe(LOCK_REASONS.sessionEnded);
    expect(toastLines()).toHaveLength(1);
  });

  it("ends the session itself when the server refuses it otherwise", async () => {
    const { session, calls } = setup({
      getUser: { data: { user: null }, error: { name: "AuthApiError", status: 403, code: "user_not_found" } },
    });
    await session.signIn("open sesame");
    await session.check();
    expect(calls.slice(1)).toEqual(["getUser", "signOut local"]);
    expect(session.$lockReason.get()).toBe(LOCK_REASONS.sessionEnded);
  });

  it("stays unlocked when the check cannot reach the server", async () => {
    for (const error of [
      { name: "AuthRetryableFetchError", status: 0, message: "Failed to fetch" },
      { name: "AuthRetryableFetchError", status: 503, message: "{}" },
    ]) {
      const { session } = setup({ getUser: { data: { user: null }, error } });
      await session.signIn("open sesame");
      await session.check();
      expect(session.$unlocked.get()).toBe(true);
    }
  });

  it("names the page it is on as it locks, and as a Login is refused for a while", async () => {
    const { session, emit } = setup({ signIn: RATE_LIMITED }, undefined, TEAM_PLACES.contacts);
    await session.signIn("guess");
    expect(toastLines()).toEqual([
      "Too many tries: The contact directory has stopped taking passwords for a while. Wait a few minutes, then try again.",
    ]);
    emit("SIGNED_IN", { access_token: "t" });
    $toasts.set([]);
    await session.refuse(session.currentOpening());
    expect(toastLines()).toEqual([
      "Contacts locked: The contact directory no longer accepts this session. Enter the password again.",
    ]);
  });

  it("locks saying the calendar refused the session, a reason the SIGNED_OUT that follows does not replace", async () => {
    const { session, calls } = setup();
    await session.signIn("open sesame");
    $toasts.set([]);
    await session.refuse(session.currentOpening());
    expect(calls.slice(1)).toEqual(["signOut local"]);
    expect(session.$lockReason.get()).toBe(LOCK_REASONS.accessRefused);
    expect(toastLines()).toEqual([`Calendar locked: ${LOCK_REASONS.accessRefused}`]);
  });

  it("leaves a new session alone when a call from before the last lock is refused late", async () => {
    const { session, emit, calls } = setup();
    await session.signIn("open sesame");
    const before = session.currentOpening();
    // auth-js says SIGNED_IN again when the tab returns: the page is still open on the same session.
    emit("SIGNED_IN", { access_token: "same" });
    expect(session.currentOpening()).toBe(before);
    emit("SIGNED_OUT");
    expect(session.currentOpening()).toBeNull();
    emit("SIGNED_IN", { access_token: "new" });
    await session.refuse(before);
    await session.refuse(null);
    expect(calls).toHaveLength(1);
    expect(session.$unlocked.get()).toBe(true);
    // A refusal of the current session's own call still locks.
    await session.refuse(session.currentOpening());
    expect(calls.slice(1)).toEqual(["signOut local"]);
    expect(session.$lockReason.get()).toBe(LOCK_REASONS.accessRefused);
  });

  it("checks while watched: when the tab comes back, when the network returns and every few minutes", async () => {
    const { session, calls, page, network } = setup();
    await session.signIn("open sesame");
    const checks = () => calls.filter((call) => call === "getUser").length;
    const stop = session.watch();
    page.set("hidden");
    await settle();
    expect(checks()).toBe(0); // hidden: nothing to check yet
    page.set("visible");
    network.fire("online");
    await settle();
    expect(checks()).toBe(2);
    vi.advanceTimersByTime(SESSION_CHECK_MS - 1);
    await settle();
    expect(checks()).toBe(2);
    vi.advanceTimersByTime(1);
    await settle();
    expect(checks()).toBe(3);
    vi.advanceTimersByTime(SESSION_CHECK_MS);
    await settle();
    expect(checks()).toBe(4);
    stop();
    network.fire("online");
    page.set("visible");
    vi.advanceTimersByTime(SESSION_CHECK_MS * 2);
    await settle();
    expect(checks()).toBe(4);
  });
});
