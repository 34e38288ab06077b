/**
 * The buttons of a show's panel that make a change fans see (the status buttons, Take off the website, Put back on
 * the website), guarded against a tap meant for another: while a change is on its way (busy), and for a moment
 * after the buttons offered change, made here or heard from a teammate. Just after "Postpone" a second tap lands on
 * "Mark sold out", which took its place; just after a teammate took the show off, a tap meant for "Take off the
 * website" (which only asks) lands on "Put back on the website" (which does not). The panel's first showing takes
 * taps at once: nothing moved under the finger.
 */
import { useLayoutEffect, useRef, useState, type ComponentProps } from "react";
import { Button } from "../../components/ui/Button";

/** How long after the buttons offered change they wait before they take a tap. */
const SETTLE_MS = 800;

/** Whether the guarded buttons look off (for the eye and a screen reader), and whether a tap is taken now. */
export type TapGuard = { blocked: boolean; takesTap: () => boolean };

/**
 * The guard of a panel's buttons while a change is on its way (`busy`) and for SETTLE_MS after `offered` (what
 * the buttons offer, in a word) changes. Set before the browser takes the next tap (a layout effect) and read at
 * the tap, so none slips in before the dimming shows.
 */
export function useTapGuard(busy: boolean, offered: string): TapGuard {
  const lastOffered = useRef(offered);
  const pausing = useRef(false);
  const [settling, setSettling] = useState(false);
  useLayoutEffect(() => {
    if (lastOffered.current === offered) return;
    lastOffered.current = offered;
    pausing.current = true;
    setSettling(true);
    const timer = setTimeout(() => {
      pausing.current = false;
      setSettling(false);
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      pausing.current = false;
    };
  }, [offered]);
  return { blocked: busy || settling, takesTap: () => !busy && !pausing.current };
}

type GuardedButtonProps = Omit<ComponentProps<typeof Button>, "onClick"> & {
  guard: TapGuard;
  onPress: (pressed: HTMLButtonElement) => void;
};

/** A secondary button of the panel that takes a tap only when its guard lets it. */
export function GuardedButton({ guard, onPress, ...rest }: GuardedButtonProps) {
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-disabled={guard.blocked || undefined}
      onClick={({ currentTarget }) => {
        if (guard.takesTap()) onPress(currentTarget);
      }}
      {...rest}
    />
  );
}
