import { afterEach, describe, expect, it } from "vitest";
import { $toasts } from "../toasts/toasts.store";
import { TEAM_PLACES, type TeamPlace } from "./team";
import { deferred, settle } from "../../test/deferred";
import { fakeClient } from "../../test/fake-client";
import { fakeNetwork, fakePage } from "../../test/fake-page";
import { globalTimers, withVitestClock } from "../../test/fake-time";
import { toastLines } from "../../test/toast-recorder";
import { LOCK_REASONS, NO_CONNECTION_TEXT, RATE_LIMITED, setup, TEAM_EMAIL, WRONG } from "./team.fake";
import { createTeamSession, type AuthClient } from "./team.store";

withVitestClock();

/** What the Enter Password screen says of a refused Login or a lock, on the page shown now; null when nothing. */
const gateLine = (session: ReturnType<typeof setup>["session"]) =>
  session.warning(session.$refusal.get(), session.$lockReason.get());
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

  it("says why it locked in the words of the page it is read on, as the team bar's links keep a locked session", async () => {
    let place: TeamPlace = TEAM_PLACES.calendar;
    const { session } = setup({}, undefined, () => place);
    await session.signIn("open sesame");
    $toasts.set([]);
    await session.refuse(session.currentOpening());
    const refused = "no longer accepts this session. Enter the password again.";
    expect(toastLines()).toEqual([`Calendar locked: The calendar ${refused}`]);
    // The Enter Password screen of the next team page, reached by the team bar with the session still locked.
    place = TEAM_PLACES.contacts;
    expect(gateLine(session)).toBe(`The contact directory ${refused}`);
  });

  it("says a refused Login on the gate in the words of the page it is read on, reached by the team bar", async () => {
    let place: TeamPlace = TEAM_PLACES.calendar;
    const { session } = setup({ signIn: RATE_LIMITED }, undefined, () => place);
    await session.signIn("guess");
    expect(gateLine(session)).toMatch(/^Too many tries\. The calendar has stopped taking passwords/);
    place = TEAM_PLACES.contacts;
    expect(gateLine(session)).toBe(
      "Too many tries. The contact directory has stopped taking passwords for a while. Wait a few minutes, then try again.",
    );
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
    expect(gateLine(limited.session)).toBe(`Too many tries. ${wait}`);

    $toasts.set([]);
    const offline = setup({ signIn: new TypeError("Failed to fetch") });
    await offline.session.signIn("open sesame");
    expect(toastLines()).toEqual([`No connection: ${NO_CONNECTION_TEXT}`]);
    expect(gateLine(offline.session)).toBe(`No connection. ${NO_CONNECTION_TEXT}`);
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
