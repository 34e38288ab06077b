/**
 * The "Enter Password" screen of every team page. Login signs in to the
 * team's shared account (Supabase Auth) with the typed password; the server
 * checks it, so nothing about the password ships with the site. Paste and
 * password managers work. When the page locked itself while open, a status
 * line says why, and a second line what the page keeps for after the next sign-in;
 * after Sign out, the line calmly says so, and the password field takes the focus.
 */
import { useStore } from "@nanostores/react";
import { useState } from "react";
import { PasswordForm } from "./PasswordForm";
import { teamSession } from "./team.store";

/**
 * `onPrepare`: fetch what the Login needs, called as soon as someone starts on the password.
 * `kept`: what the page keeps for after the next sign-in, if anything (the calendar's event being typed).
 */
export function PasswordGate({ onPrepare, kept = null }: { onPrepare: () => void; kept?: string | null }) {
  const session = teamSession();
  const [password, setPassword] = useState("");
  const checking = useStore(session.$signingIn);
  const refusal = useStore(session.$refusal);
  const lockReason = useStore(session.$lockReason);
  const signedOut = useStore(session.$signedOut);
  // Why the page locked, in the words of the page it is read on (the lock may have been on another team page).
  const warning = session.warning(refusal, lockReason);
  return (
    <PasswordForm
      password={password}
      checking={checking}
      statusLine={warning ?? (signedOut ? session.words().signedOut : null)}
      calm={warning === null}
      kept={kept}
      autoFocus={lockReason !== null || signedOut}
      onPasswordChange={setPassword}
      onSubmit={() => void session.signIn(password)}
      onPrepare={onPrepare}
    />
  );
}
