/**
 * The "Enter Password" form of every team page as it looks, from plain values:
 * PasswordGate fills it from the team session. A real form with the team
 * account's e-mail as its username and the password as the current one, so a
 * browser offers to save the password after a Login and fills both next time:
 * signing in is then one press. With `skeleton`, it is the static placeholder the
 * page shows until its island loads: the same box with the same contents,
 * hidden, so the placeholder takes exactly the gate's size from what the gate
 * holds, and nothing moves when the island mounts.
 */
import { useId } from "react";
import { Button } from "../../components/ui/Button";
import { cardClass, cx, inputClass, labelClass } from "../../components/ui/styles";

type PasswordFormProps = {
  skeleton?: boolean;
  password?: string;
  /** A Login is on its way. */
  checking?: boolean;
  /** Why the page locked itself, or why a Login was refused (not for a wrong password), or that someone signed out. */
  statusLine?: string | null;
  /** The status line is news, not a warning (signed out): said in the text's own colour. */
  calm?: boolean;
  /** What the page keeps for after the next sign-in (the calendar's event being typed), said under the status. */
  kept?: string | null;
  /** Take focus: the page locked itself or was signed out, and the tool that had it went away. */
  autoFocus?: boolean;
  onPasswordChange?: (password: string) => void;
  onSubmit?: () => void;
  /** Someone starts on the password: fetch what the Login needs. */
  onPrepare?: () => void;
};

export function PasswordForm(props: PasswordFormProps) {
  const { skeleton = false, password = "", checking = false, statusLine = null, kept = null } = props;
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
      <p
        id={`${inputId}-status`}
        role="status"
        className={statusLine ? cx("mt-2 text-sm", props.calm ? "text-stone-700" : "text-red-800") : "sr-only"}
      >
        {statusLine}
      </p>
      {kept ? (
        <p id={`${inputId}-kept`} className="mt-1 text-sm text-stone-700">
          {kept}
        </p>
      ) : null}
      {/*
        The team shares one account: its e-mail as the username lets a password manager store the password for
        it and fill it. Present (a manager skips fields that are not rendered) but visually hidden, as Chromium's
        guide to password forms suggests; out of the tab order, and named for a screen reader that finds it.
      */}
      <label htmlFor={`${inputId}-account`} className="sr-only">
        Team account
      </label>
      <input
        id={`${inputId}-account`}
        type="email"
        name="username"
        autoComplete="username"
        value={import.meta.env.PUBLIC_TEAM_EMAIL}
        readOnly
        tabIndex={-1}
        className="sr-only"
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
        // Focus lands here as the page locks: why, and what is kept, are read out with the field.
        aria-describedby={
          [statusLine && `${inputId}-status`, kept && `${inputId}-kept`].filter(Boolean).join(" ") || undefined
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
