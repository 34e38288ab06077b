/**
 * Sign out, on every team page once signed in: for a phone handed to someone else, or a venue's laptop. It ends
 * this browser's session only (the team shares one account: a global sign-out would end every teammate's), locks
 * the page at once with a calm word, and forgets what the team pages keep for after the next sign-in (the forms
 * kept in the tab and in the stores), which a lock keeps. It first waits for the changes on their way: a save
 * that does not go through stops it, as its form keeps what was typed. Loaded with the page's tool, after the
 * sign-in, so the Enter Password screen stays light.
 *
 * createSignOut takes the client, the session and the rest, so a test drives a whole sequence with fakes;
 * signOutControl() is the browser's one instance.
 */
import { atom } from "nanostores";
import { changesAnswered } from "../../lib/changes-on-their-way";
import { forgetKeptInTab } from "../../lib/forget-kept-in-tab";
import { getSupabaseRest } from "../../lib/supabase";
import { teamSession, type AuthClient, type TeamSession } from "./team.store";

/** Said beside Sign out when a change it waited for did not go through. */
export const NOT_SIGNED_OUT =
  "Not signed out: a change did not save, and its form keeps what you typed. Save it again, or press Sign out to leave it.";

export type SignOutDependencies = {
  client: () => Promise<AuthClient>;
  session: Pick<TeamSession, "signedOut" | "$unlocked">;
  /** Resolves once the changes on their way are answered: to whether they all went through. */
  changesAnswered: () => Promise<boolean>;
  /** Forgets the forms kept in the tab's storage. */
  forgetKept: () => void;
};

/**
 * Ends the session this tab holds, telling the server (scope local: this session alone). auth-js keeps the
 * session when the server cannot be told (offline, a server failing): it is forgotten here all the same, with
 * auth-js' own step that follows a told server (it emits SIGNED_OUT), so nothing on this device can use it. The
 * server then ends it when its refresh token expires unused: only this tab ever held it.
 */
export async function endHere(client: () => Promise<AuthClient>): Promise<void> {
  const { auth } = await client();
  let error: unknown;
  try {
    ({ error } = await auth.signOut({ scope: "local" }));
  } catch (thrown) {
    error = thrown;
  }
  // auth-js has no public call that forgets a session without telling the server: its own step, as it takes it.
  if (error) await (auth as unknown as { _removeSession: () => Promise<void> })._removeSession();
}

export function createSignOut(deps: SignOutDependencies) {
  /** Whether Sign out waits for changes on their way. */
  const $waiting = atom(false);
  /** Why the last Sign out did not sign out, until the next press; null otherwise. */
  const $stopped = atom<string | null>(null);
  /** What the stores forget at Sign out (typed forms, which a lock keeps), each registered by whenSignedOut. */
  const forgetters = new Set<() => void>();
  // Why Sign out stopped holds for the session it was pressed in: the page locking or a new sign-in ends it, so it
  // does not follow the team bar's links to another page's Sign out, nor the next person to sign in.
  deps.session.$unlocked.listen(() => $stopped.set(null));

  /** Signs out once the changes on their way have gone through; resolves to whether it signed out. */
  async function signOut(): Promise<boolean> {
    if ($waiting.get()) return false;
    $stopped.set(null);
    $waiting.set(true);
    let saved = false;
    try {
      saved = await deps.changesAnswered();
    } finally {
      $waiting.set(false);
    }
    if (!saved) {
      $stopped.set(NOT_SIGNED_OUT);
      return false;
    }
    // Locks and forgets at once; the server is told meanwhile, and the next Login waits for that.
    deps.session.signedOut(endHere(deps.client));
    for (const forget of forgetters) forget();
    deps.forgetKept();
    return true;
  }

  /** Has `forget` run at every Sign out: a store forgets there what it keeps for after the next sign-in. */
  const whenSignedOut = (forget: () => void) => void forgetters.add(forget);

  return { $waiting, $stopped, signOut, whenSignedOut };
}

export type SignOut = ReturnType<typeof createSignOut>;

let browserSignOut: SignOut | undefined;

/** The browser's one Sign out, on the client and session of every team page. */
export function signOutControl(): SignOut {
  browserSignOut ??= createSignOut({
    client: getSupabaseRest,
    session: teamSession(),
    changesAnswered,
    forgetKept: () => forgetKeptInTab(),
  });
  return browserSignOut;
}
