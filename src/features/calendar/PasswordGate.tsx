/**
 * The calendar's "Enter Password" screen (also /fans'). Login signs in to the
 * team's shared account (Supabase Auth) with the typed password; the server
 * checks it, so nothing about the password ships with the site. Paste and
 * password managers work. When the page locked itself while open, a status
 * line says why, and a second line that the event being typed is kept.
 */
import { useStore } from "@nanostores/react";
import { useState } from "react";
import { teamSession } from "./calendar.store";
import { PasswordForm } from "./PasswordForm";
import { ACCESS_GRANTED, type Notice } from "./session";

/**
 * `onPrepare`: fetch what the Login needs, called as soon as someone starts on the password.
 * `granted`: the success toast, for a page other than the calendar behind the same sign-in (/fans).
 */
export function PasswordGate({ onPrepare, granted = ACCESS_GRANTED }: { onPrepare: () => void; granted?: Notice }) {
  const session = teamSession();
  const [password, setPassword] = useState("");
  const checking = useStore(session.$signingIn);
  const refusal = useStore(session.$refusal);
  const lockReason = useStore(session.$lockReason);
  const draftKept = useStore(session.$hasUnsavedEvent);
  return (
    <PasswordForm
      password={password}
      checking={checking}
      statusLine={refusal ?? lockReason}
      draftKept={draftKept}
      autoFocus={lockReason !== null}
      onPasswordChange={setPassword}
      onSubmit={() => void session.signIn(password, granted)}
      onPrepare={onPrepare}
    />
  );
}
