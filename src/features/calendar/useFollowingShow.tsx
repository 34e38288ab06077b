/**
 * A change form's value, filled in from the show: a newer version of the show (a teammate's change, or this
 * page's own) replaces it while it is as the version before had it; what the person typed stays.
 */
import { useEffect, useRef, useState } from "react";
import type { Show } from "./calendar.shows";

/** `of` and `same` are read once per version: pass functions defined outside the component. */
export function useFollowingShow<T>(show: Show, of: (show: Show) => T, same: (a: T, b: T) => boolean) {
  const [value, setValue] = useState(() => of(show));
  const shown = useRef(show);
  useEffect(() => {
    const before = shown.current;
    shown.current = show;
    if (before.version === show.version) return;
    setValue((typed) => (same(typed, of(before)) ? of(show) : typed));
  }, [show, of, same]);
  return [value, setValue] as const;
}
