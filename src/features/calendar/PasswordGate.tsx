/**
 * The calendar's "Enter Password" screen. Login signs in to the team's shared
 * account (Supabase Auth) with the typed password; the server checks it, so
 * nothing about the password ships with the site. Paste and password managers
 * work (a hidden username field, the team account's e-mail, lets them save
 * the entry). When the page locked itself while open, a status line says why,
 * and a second line that the event being typed is kept.
 */
import { useStore } from "@nanostores/react";
import { useId, useState } from "react";
import { getSupabase } from "../../lib/supabase";
import { showToast } from "../toasts/toasts.store";
import { ACCESS_GRANTED, DRAFT_KEPT_TEXT, signInRefusal, WRONG_PASSWORD, type Notice } from "./session";
import { $calendarLockReason, $hasUnsavedEvent, signInToCalendar } from "./calendar.store";
import { gateBoxClass, inputClass, primaryButtonClass } from "./calendar.styles";

/**
 * `onPrepare`: fetch what the Login needs, called as soon as someone starts on the password.
 * `granted`: the success toast, for a page other than the calendar behind the same sign-in (/fans).
 */
export function PasswordGate({ onPrepare, granted = ACCESS_GRANTED }: { onPrepare: () => void; granted?: Notice }) {
  const [password, setPassword] = useState("");
  const [checking, setChecking] = useState(false);
  // A refusal that is not a wrong password stays on the screen after its toast has gone.
  const [refusal, setRefusal] = useState<string | null>(null);
  const lockReason = useStore($calendarLockReason);
  const draftKept = useStore($hasUnsavedEvent);
  const inputId = useId();
  const statusLine = refusal ?? lockReason;
  return (
    <form
      className={`${gateBoxClass} p-6`}
      aria-busy={checking}
      onFocus={onPrepare}
      onPointerDown={onPrepare}
      onSubmit={async (event) => {
        event.preventDefault();
        // One sign-in at a time: a second press while the first is on its way does nothing.
        if (checking) return;
        setChecking(true);
        let outcome;
        try {
          const client = await getSupabase();
          outcome = await signInToCalendar(client, import.meta.env.PUBLIC_TEAM_EMAIL, password);
        } catch (error) {
          outcome = { ok: false as const, notice: signInRefusal(error) };
        } finally {
          setChecking(false);
        }
        if (outcome.ok) {
          showToast(granted);
          return;
        }
        const { notice } = outcome;
        setRefusal(notice === WRONG_PASSWORD ? null : `${notice.title}. ${notice.description}`);
        showToast({ ...notice, variant: "destructive" });
      }}
    >
      <h2 className="font-serif text-2xl font-semibold">Enter Password</h2>
      <p id={`${inputId}-status`} role="status" className={statusLine ? "mt-2 text-sm text-red-800" : "sr-only"}>
        {statusLine}
      </p>
      {draftKept ? (
        <p id={`${inputId}-draft`} className="mt-1 text-sm text-stone-700">
          {DRAFT_KEPT_TEXT}
        </p>
      ) : null}
      {/* The team shares one account; its e-mail as the username lets password managers store the password for it. */}
      <input
        type="text"
        name="username"
        autoComplete="username"
        value={import.meta.env.PUBLIC_TEAM_EMAIL}
        readOnly
        hidden
      />
      <label htmlFor={inputId} className="mt-4 block text-sm font-semibold">
        Password
      </label>
      <input
        id={inputId}
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        // When the page locked itself, the field takes focus from the calendar that went away.
        autoFocus={lockReason !== null}
        // Focus lands here as the page locks: why, and that the draft is kept, are read out with the field.
        aria-describedby={
          [statusLine && `${inputId}-status`, draftKept && `${inputId}-draft`].filter(Boolean).join(" ") || undefined
        }
        onChange={(event) => setPassword(event.target.value)}
        className={inputClass}
      />
      <button type="submit" className={`${primaryButtonClass} mt-4 w-full`} aria-disabled={checking}>
        Login
      </button>
    </form>
  );
}
