/**
 * The "Enter Password" form as it looks, from plain values: PasswordGate fills
 * it from the team session. With `skeleton`, it is the static placeholder the
 * page shows until its island loads: the same box with the same contents,
 * hidden, so the placeholder takes exactly the gate's size from what the gate
 * holds, and nothing moves when the island mounts.
 */
import { useId } from "react";
import { Button } from "../../components/ui/Button";
import { cardClass, cx, inputClass, labelClass } from "../../components/ui/styles";
import { DRAFT_KEPT_TEXT } from "./session";

type PasswordFormProps = {
  skeleton?: boolean;
  password?: string;
  /** A Login is on its way. */
  checking?: boolean;
  /** Why the page locked itself, or why a Login was refused (not for a wrong password). */
  statusLine?: string | null;
  /** The Add Event form holds something typed, which is kept. */
  draftKept?: boolean;
  /** Take focus: the page locked itself, and the calendar that had it went away. */
  autoFocus?: boolean;
  onPasswordChange?: (password: string) => void;
  onSubmit?: () => void;
  /** Someone starts on the password: fetch what the Login needs. */
  onPrepare?: () => void;
};

export function PasswordForm(props: PasswordFormProps) {
  const { skeleton = false, password = "", checking = false, statusLine = null, draftKept = false } = props;
  const inputId = useId();
  return (
    <form
      className={cx(cardClass, "mx-auto max-w-sm p-6", skeleton && "[&>*]:invisible")}
      aria-busy={skeleton || checking}
      onFocus={props.onPrepare}
      onPointerDown={props.onPrepare}
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit?.();
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
      <label htmlFor={inputId} className={cx(labelClass, "mt-4")}>
        Password
      </label>
      <input
        id={inputId}
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        readOnly={skeleton}
        autoFocus={props.autoFocus}
        // Focus lands here as the page locks: why, and that the draft is kept, are read out with the field.
        aria-describedby={
          [statusLine && `${inputId}-status`, draftKept && `${inputId}-draft`].filter(Boolean).join(" ") || undefined
        }
        onChange={(event) => props.onPasswordChange?.(event.target.value)}
        className={cx(inputClass, "mt-1")}
      />
      <Button type="submit" className="mt-4 w-full" aria-disabled={checking}>
        Login
      </Button>
    </form>
  );
}
