import { afterEach, describe, expect, it } from "vitest";
import { createRestClient } from "../../lib/supabase-rest";
import { deferred, settle } from "../../test/deferred";
import { withVitestClock } from "../../test/fake-time";
import { toastLines } from "../../test/toast-recorder";
import { $toasts } from "../toasts/toasts.store";
import { TEAM_PLACES, type TeamPlace } from "./team";
import { setup } from "./team.fake";
import { createSignOut, endHere, NOT_SIGNED_OUT } from "./team.signout.store";
import type { AuthClient } from "./team.store";

withVitestClock();
afterEach(() => $toasts.set([]));

const SIGNED_OUT = "Signed out on this device. Enter the password to open the calendar again.";

/**
 * A signed-in team session with its Sign out; `answered` says whether the changes on their way went through, and
 * the server answers a sign-out once `told` settles.
 */
async function signedIn(
  answered: () => Promise<boolean> = async () => true,
  told?: Promise<void>,
  place: () => TeamPlace = () => TEAM_PLACES.calendar,
) {
  const team = setup({}, async () => authClient, place);
  let authClient = team.client as unknown as AuthClient;
  if (told) {
    const { auth } = authClient;
    const signOut = async (options: { scope: "local" }) => {
      await told;
      return auth.signOut(options);
    };
    authClient = { auth: Object.assign(Object.create(auth) as AuthClient["auth"], { signOut }) };
  }
  await team.session.signIn("open sesame");
  $toasts.set([]);
  const forgotten: string[] = [];
  const signOut = createSignOut({
    client: async () => authClient,
    session: team.session,
    changesAnswered: answered,
    forgetKept: () => forgotten.push("the forms kept in the tab"),
  });
  signOut.whenSignedOut(() => forgotten.push("the page's forms"));
  return { ...team, signOut, forgotten };
}

describe("Sign out", () => {
  it("ends this browser's session only, and locks the page at once with a calm word, not a lock's alarm", async () => {
    const { session, signOut, calls } = await signedIn();
    expect(await signOut.signOut()).toBe(true);
    expect(session.$unlocked.get()).toBe(false);
    expect(session.$signedOut.get()).toBe(true);
    expect(session.words().signedOut).toBe(SIGNED_OUT);
    expect(session.$lockReason.get()).toBeNull();
    await settle();
    // Scope local: the team shares one account, and a global sign-out would end every teammate's session.
    expect(calls).toContain("signOut local");
    expect(calls).not.toContain("signOut global");
    // auth-js's SIGNED_OUT that follows says nothing of a session that ended.
    expect(toastLines()).toEqual([]);
    expect(session.$lockReason.get()).toBeNull();
  });

  it("forgets what the pages keep for after the next sign-in, which a lock keeps", async () => {
    const { session, signOut, forgotten } = await signedIn();
    await session.refuse(session.currentOpening());
    expect(session.$lockReason.get()).toBe("accessRefused");
    expect(forgotten).toEqual([]);
    await session.signIn("open sesame");
    await signOut.signOut();
    expect(forgotten).toEqual(["the page's forms", "the forms kept in the tab"]);
  });

  it("names the team page it is read on: signed out on the sign-up list, the calendar's gate names the calendar", async () => {
    let shown: TeamPlace = TEAM_PLACES.fans;
    const { session, signOut } = await signedIn(undefined, undefined, () => shown);
    await signOut.signOut();
    expect(session.words().signedOut).toBe(
      "Signed out on this device. Enter the password to open the sign-up list again.",
    );
    // The team bar's links keep the session from page to page: the next page's gate says it in its own words.
    shown = TEAM_PLACES.calendar;
    expect(session.$signedOut.get()).toBe(true);
    expect(session.words().signedOut).toBe(SIGNED_OUT);
  });

  it("says nothing more once signed in again", async () => {
    const { session, signOut } = await signedIn();
    await signOut.signOut();
    expect(await session.signIn("open sesame")).toBe(true);
    expect(session.$signedOut.get()).toBe(false);
    expect(session.$unlocked.get()).toBe(true);
  });

  it("waits for a change on its way, then signs out", async () => {
    const saving = deferred<boolean>();
    const { session, signOut, forgotten } = await signedIn(() => saving.promise);
    const signingOut = signOut.signOut();
    expect(signOut.$waiting.get()).toBe(true);
    // A second press while it waits does nothing more.
    expect(await signOut.signOut()).toBe(false);
    expect(session.$unlocked.get()).toBe(true);
    expect(forgotten).toEqual([]);
    saving.resolve(true);
    expect(await signingOut).toBe(true);
    expect(signOut.$waiting.get()).toBe(false);
    expect(session.$unlocked.get()).toBe(false);
  });

  it("does not sign out when a change it waited for did not save, and says so; pressed again, it signs out", async () => {
    let saved = false;
    const { session, signOut, forgotten } = await signedIn(async () => saved);
    expect(await signOut.signOut()).toBe(false);
    expect(signOut.$stopped.get()).toBe(NOT_SIGNED_OUT);
    expect(session.$unlocked.get()).toBe(true);
    expect(forgotten).toEqual([]);
    saved = true;
    expect(await signOut.signOut()).toBe(true);
    expect(signOut.$stopped.get()).toBeNull();
    expect(session.$unlocked.get()).toBe(false);
  });

  it("forgets why it stopped once the page locks: the next person to sign in is not told of a change not theirs", async () => {
    const { session, signOut } = await signedIn(async () => false);
    await signOut.signOut();
    expect(signOut.$stopped.get()).toBe(NOT_SIGNED_OUT);
    await session.refuse(session.currentOpening());
    expect(session.$unlocked.get()).toBe(false);
    expect(signOut.$stopped.get()).toBeNull();
  });

  it("lets the next Login wait for the session to end, so that its end does not lock the new one", async () => {
    // The server takes its time to answer the sign-out.
    const told = deferred();
    const { session, signOut, calls } = await signedIn(async () => true, told.promise);
    await signOut.signOut();
    const signingIn = session.signIn("open sesame");
    await settle();
    expect(calls.filter((call) => call.startsWith("signIn"))).toHaveLength(1);
    told.resolve();
    expect(await signingIn).toBe(true);
    await settle();
    expect(session.$unlocked.get()).toBe(true);
    expect(session.$lockReason.get()).toBeNull();
  });
});

describe("ending this tab's session", () => {
  const URL_BASE = "https://project-ref.supabase.co";
  /** A project that signs in, and answers a sign-out (204) while `online`; offline, nothing reaches it. */
  function project() {
    const state = { online: true, sent: [] as string[] };
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input.toString());
      if (!state.online) throw new TypeError("Failed to fetch");
      state.sent.push(`${init?.method ?? "GET"} ${url.pathname}${url.search}`);
      if (url.pathname === "/auth/v1/logout") return new Response(null, { status: 204 });
      const expiresIn = 3600;
      return new Response(
        JSON.stringify({
          access_token: "token-1",
          refresh_token: "refresh-1",
          token_type: "bearer",
          expires_in: expiresIn,
          expires_at: Math.floor(Date.now() / 1000) + expiresIn,
          user: { id: "7f0c2a4e-1b61-4a3e-9d7c-2f1e0b6a9c11", aud: "authenticated", role: "authenticated" },
        }),
        { headers: { "content-type": "application/json" } },
      );
    };
    return { state, client: createRestClient(URL_BASE, "anon-key", { fetch: fetch as typeof globalThis.fetch }) };
  }

  it("tells the server to end this session alone (scope local), and forgets it", async () => {
    const { state, client } = project();
    await client.auth.signInWithPassword({ email: "team@example.org", password: "secret" });
    const events: string[] = [];
    client.auth.onAuthStateChange((event) => void events.push(event));
    await endHere(async () => client);
    expect(state.sent).toContain("POST /auth/v1/logout?scope=local");
    expect((await client.auth.getSession()).data.session).toBeNull();
    expect(events).toContain("SIGNED_OUT");
  });

  it("forgets the session offline too, when the server cannot be told", async () => {
    const { state, client } = project();
    await client.auth.signInWithPassword({ email: "team@example.org", password: "secret" });
    state.online = false;
    const events: string[] = [];
    client.auth.onAuthStateChange((event) => void events.push(event));
    await endHere(async () => client);
    expect((await client.auth.getSession()).data.session).toBeNull();
    expect(events).toContain("SIGNED_OUT");
  });
});
