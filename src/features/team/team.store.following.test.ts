import { afterEach, describe, expect, it, vi } from "vitest";
import { $toasts } from "../toasts/toasts.store";
import { RETRY_FIRST_MS } from "../../lib/back-off";
import { SESSION_CHECK_MS, TEAM_PLACES } from "./team";
import { settle } from "../../test/deferred";
import { withVitestClock } from "../../test/fake-time";
import { toastLines } from "../../test/toast-recorder";
import { LOCK_REASONS, RATE_LIMITED, setup, WRONG } from "./team.fake";

withVitestClock();
afterEach(() => $toasts.set([]));

type Occasion = (page: ReturnType<typeof setup>["page"], network: ReturnType<typeof setup>["network"]) => void;

/**
 * A watched session whose check, on `occasion` (the network returns, unless told), gets `unreachable`; `answers`
 * changes what the next ones get.
 */
async function watchedAfterFailedCheck(
  unreachable: unknown,
  occasion: Occasion = (_, network) => network.fire("online"),
) {
  const answers: { getUser?: unknown } = { getUser: unreachable };
  const { session, calls, network, page } = setup(answers);
  await session.signIn("open sesame");
  const checks = () => calls.filter((call) => call === "getUser").length;
  const stop = session.watch();
  occasion(page, network);
  await settle();
  return { answers, checks, network, session, stop };
}

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
    expect(session.$lockReason.get()).toBe("sessionEnded");
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
    expect(session.$lockReason.get()).toBe("sessionEnded");
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
    expect(session.$lockReason.get()).toBe("sessionEnded");
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
    expect(session.$lockReason.get()).toBe("sessionEnded");
    expect(toastLines()).toHaveLength(1);
  });

  it("ends the session itself when the server refuses it otherwise", async () => {
    const { session, calls } = setup({
      getUser: { data: { user: null }, error: { name: "AuthApiError", status: 403, code: "user_not_found" } },
    });
    await session.signIn("open sesame");
    await session.check();
    expect(calls.slice(1)).toEqual(["getUser", "signOut local"]);
    expect(session.$lockReason.get()).toBe("sessionEnded");
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
    expect(session.$lockReason.get()).toBe("accessRefused");
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
    expect(session.$lockReason.get()).toBe("accessRefused");
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
    await settle();
    expect(checks()).toBe(1);
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

  it("asks again soon when the network is back but the check cannot get through, and locks once it does", async () => {
    const unreachable = {
      data: { user: null },
      error: { name: "AuthRetryableFetchError", status: 0, message: "Failed to fetch" },
    };
    const { answers, checks, session, stop } = await watchedAfterFailedCheck(unreachable);
    expect(checks()).toBe(1);
    // Again after 2 s, then 4 s, then 8 s: the connection is still not carrying anything.
    for (const [wait, total] of [
      [RETRY_FIRST_MS, 2],
      [RETRY_FIRST_MS * 2, 3],
      [RETRY_FIRST_MS * 4, 4],
    ]) {
      vi.advanceTimersByTime(wait - 1);
      await settle();
      expect(checks()).toBe(total - 1);
      vi.advanceTimersByTime(1);
      await settle();
      expect(checks()).toBe(total);
    }
    expect(session.$unlocked.get()).toBe(true);
    // Now it gets through, and the server no longer knows the session.
    answers.getUser = {
      data: { user: null },
      error: { name: "AuthSessionMissingError", status: 403, message: "Session not found" },
    };
    vi.advanceTimersByTime(RETRY_FIRST_MS * 8);
    await settle();
    expect(checks()).toBe(5);
    expect(session.$unlocked.get()).toBe(false);
    expect(session.$lockReason.get()).toBe("sessionEnded");
    // Locked, it asks nothing more.
    vi.advanceTimersByTime(SESSION_CHECK_MS);
    await settle();
    expect(checks()).toBe(5);
    stop();
  });

  it("stops asking again once the page stops watching, and starts over at 2 s after an answer", async () => {
    const unreachable = {
      data: { user: null },
      error: { name: "AuthRetryableFetchError", status: 503, message: "{}" },
    };
    const { answers, checks, network, stop } = await watchedAfterFailedCheck(unreachable);
    vi.advanceTimersByTime(RETRY_FIRST_MS);
    await settle();
    expect(checks()).toBe(2);
    delete answers.getUser;
    vi.advanceTimersByTime(RETRY_FIRST_MS * 2);
    await settle();
    expect(checks()).toBe(3);
    // Answered: no more tries until the next occasion, and the next one that fails waits 2 s again.
    vi.advanceTimersByTime(RETRY_FIRST_MS * 8);
    await settle();
    expect(checks()).toBe(3);
    answers.getUser = unreachable;
    network.fire("online");
    await settle();
    vi.advanceTimersByTime(RETRY_FIRST_MS);
    await settle();
    expect(checks()).toBe(5);
    stop();
    vi.advanceTimersByTime(SESSION_CHECK_MS * 2);
    await settle();
    expect(checks()).toBe(5);
  });

  it("asks once when the tab and the network come back together, and again 2 s later, not 4 s", async () => {
    const unreachable = {
      data: { user: null },
      error: { name: "AuthRetryableFetchError", status: 0, message: "Failed to fetch" },
    };
    // A phone waking: the tab comes back to the foreground and the network returns in the same moment.
    const { answers, checks, session, stop } = await watchedAfterFailedCheck(unreachable, (page, network) => {
      page.set("visible");
      network.fire("online");
    });
    expect(checks()).toBe(1);
    delete answers.getUser;
    vi.advanceTimersByTime(RETRY_FIRST_MS - 1);
    await settle();
    expect(checks()).toBe(1);
    vi.advanceTimersByTime(1);
    await settle();
    expect(checks()).toBe(2);
    // Answered: nothing more until the next occasion.
    vi.advanceTimersByTime(RETRY_FIRST_MS * 8);
    await settle();
    expect(checks()).toBe(2);
    expect(session.$unlocked.get()).toBe(true);
    stop();
  });

  it("lets a check asked while a retry is on its way join it, the next retry then 4 s later", async () => {
    const unreachable = {
      data: { user: null },
      error: { name: "AuthRetryableFetchError", status: 0, message: "Failed to fetch" },
    };
    const { checks, network, stop } = await watchedAfterFailedCheck(unreachable);
    vi.advanceTimersByTime(RETRY_FIRST_MS);
    // The retry is on its way as the network says it is back again.
    network.fire("online");
    await settle();
    expect(checks()).toBe(2);
    vi.advanceTimersByTime(RETRY_FIRST_MS * 2 - 1);
    await settle();
    expect(checks()).toBe(2);
    vi.advanceTimersByTime(1);
    await settle();
    expect(checks()).toBe(3);
    stop();
  });
});
