/**
 * The calendar's "Enter Password" screen. The typed password is hashed in the
 * browser and compared with the salted hash baked in at build time; paste and
 * password managers work (a hidden username field lets them save the entry).
 */
import { useId, useState } from "react";
import { showToast } from "../toasts/toasts.store";
import { unlockCalendar } from "./calendar.store";
import { gateBoxClass, inputClass, primaryButtonClass } from "./calendar.styles";
import { passwordMatches } from "./password";

export function PasswordGate() {
  const [password, setPassword] = useState("");
  const [checking, setChecking] = useState(false);
  const inputId = useId();
  return (
    <form
      className={`${gateBoxClass} p-6`}
      onSubmit={async (event) => {
        event.preventDefault();
        if (checking) return;
        setChecking(true);
        let ok = false;
        try {
          ok = await passwordMatches(
            password,
            import.meta.env.PUBLIC_CALENDAR_SALT,
            import.meta.env.PUBLIC_CALENDAR_PASSWORD_HASH,
          );
        } finally {
          setChecking(false);
        }
        if (ok) {
          unlockCalendar();
          showToast({ title: "Access granted", description: "You can now edit the calendar" });
        } else {
          showToast({ title: "Access denied", description: "Incorrect password", variant: "destructive" });
        }
      }}
    >
      <h2 className="font-serif text-2xl font-semibold">Enter Password</h2>
      {/* The team shares one password; this fixed username lets password managers store it. */}
      <input type="text" name="username" autoComplete="username" value="stagedoor calendar" readOnly hidden />
      <label htmlFor={inputId} className="mt-4 block text-sm font-semibold">
        Password
      </label>
      <input
        id={inputId}
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        className={inputClass}
      />
      <button type="submit" className={`${primaryButtonClass} mt-4 w-full`} aria-disabled={checking}>
        Login
      </button>
    </form>
  );
}
