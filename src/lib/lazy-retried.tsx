/**
 * A part of a team page whose code is fetched when it is first shown (React's lazy), fetched again after a failed
 * try: React keeps a failed fetch for good, so a signal lost for a moment would leave the part broken until a
 * reload, and a reload loses the team's session. While the part says it could not be loaded, its code is fetched
 * again after 2 s, 4 s, 8 s … at most a minute apart, at once (and with the waits starting over) when the browser
 * is back online or Try again is pressed, and afresh when the part is shown again (closed and opened): a phone
 * says it is online a moment before its connection carries anything, so one try then is not enough. What is
 * around the part stays meanwhile, and so does its message, until the code has come.
 */
import { createContext, lazy, useCallback, useContext, useEffect, useRef, useState, type ComponentType } from "react";
import { Button } from "../components/ui/Button";
import { triedAgain } from "./back-off";
import { retriedOnFailure } from "./retried";
import { browserTimers } from "./timers";

/** The longest wait between two tries of a part that could not be loaded. */
const PART_RETRY_MOST_MS = 60_000;

/**
 * `attempt` (a fetch of a part's code) tried while the part says it could not be loaded: after the waits of
 * triedAgain, at most PART_RETRY_MOST_MS apart, and at once, the waits starting over, when the browser is back
 * online or `now` is called (Try again). Until `stop`.
 */
function triedWhileShown(attempt: () => Promise<boolean>) {
  const tries = triedAgain(attempt, browserTimers, PART_RETRY_MOST_MS);
  const now = () => {
    tries.restart();
    void tries.now();
  };
  tries.later();
  window.addEventListener("online", now);
  return {
    now,
    stop() {
      tries.stop();
      window.removeEventListener("online", now);
    },
  };
}

/**
 * The component that `load` fetches (a dynamic import), rendered inside a Suspense; `Unavailable`, with the same
 * props, in its place while its code could not be fetched, with a Try again button. Call once, at module level.
 */
export function lazyRetried<P extends object>(
  load: () => Promise<ComponentType<P>>,
  Unavailable: ComponentType<P>,
): ComponentType<P> {
  /** The code on its way, or come: every showing of the part shares one fetch; forgotten when it fails. */
  let fetching: Promise<ComponentType<P>> | undefined;
  const fetchCode = () => (fetching ??= retriedOnFailure(load(), () => (fetching = undefined)));
  /** The part as shown next: lazy, or the component itself once a later try has brought its code. */
  let part: ComponentType<P> | undefined;
  /** The lazy component whose fetch failed: React would show it failed for as long as the page is open. */
  let failedPart: ComponentType<P> | undefined;
  const current = (): ComponentType<P> => {
    if (part) return part;
    const made = lazy<ComponentType<P>>(() =>
      fetchCode().then(
        (loaded) => ({ default: loaded }),
        (error: unknown) => {
          console.error(error);
          failedPart = made;
          return { default: Failed };
        },
      ),
    );
    return (part = made);
  };
  /**
   * Lets the next showing fetch afresh. Not at the failure itself: React shows a part that suspended on its first
   * showing from scratch once its fetch settles, and a new fetch then would be tried again and again while offline.
   */
  const forgetFailure = () => {
    if (part === failedPart) part = undefined;
  };
  /** Fetches the code again for a part that could not be loaded; once it has come, the part is that code. */
  const fetchAgain = () => fetchCode().then((loaded) => (part = loaded));

  /** Shows, in place of the part that could not be loaded, its code once a later try has brought it. */
  const Arrived = createContext<(loaded: ComponentType<P>) => void>(() => {});

  function Failed(props: P) {
    const arrived = useContext(Arrived);
    const tryNow = useRef(() => {});
    useEffect(() => {
      const tries = triedWhileShown(async () => {
        arrived(await fetchAgain());
        return true;
      });
      tryNow.current = tries.now;
      return () => {
        tries.stop();
        forgetFailure();
      };
    }, [arrived]);
    return (
      <div>
        <Unavailable {...props} />
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => tryNow.current()}>
          Try again
        </Button>
      </div>
    );
  }

  function Retried(props: P) {
    // Taken when shown: a part closed after a failure and opened again fetches its code afresh.
    const [Part, setPart] = useState(current);
    const arrived = useCallback((loaded: ComponentType<P>) => setPart(() => loaded), []);
    return (
      <Arrived.Provider value={arrived}>
        <Part {...props} />
      </Arrived.Provider>
    );
  }
  return Retried;
}
