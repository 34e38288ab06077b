/**
 * A part of a team page whose code is fetched when it is first shown (React's lazy), fetched again after a failed
 * try: React keeps a failed fetch for good, so a signal lost for a moment would leave the part broken until a
 * reload, and a reload loses the team's session. Shown again (closed and opened), or once the browser is back
 * online, the part is fetched afresh; meanwhile it says it could not be loaded, and what is around it stays.
 */
import { createContext, lazy, useCallback, useContext, useEffect, useState, type ComponentType } from "react";
import { retriedOnFailure } from "./retried";

/** Asks the part in view for its code again (given by the part, read by what stands in for it). */
const Retry = createContext<() => void>(() => {});

/**
 * The component that `load` fetches (a dynamic import), rendered inside a Suspense; `Unavailable`, with the same
 * props, in its place while its code could not be fetched. Call once, at module level.
 */
export function lazyRetried<P extends object>(
  load: () => Promise<ComponentType<P>>,
  Unavailable: ComponentType<P>,
): ComponentType<P> {
  let lazyPart: ComponentType<P> | undefined;
  /** The lazy component whose fetch failed: React would show it failed for as long as the page is open. */
  let failedPart: ComponentType<P> | undefined;
  const current = (): ComponentType<P> => {
    if (lazyPart) return lazyPart;
    const made = lazy<ComponentType<P>>(() =>
      retriedOnFailure(load(), () => (failedPart = made)).then(
        (loaded) => ({ default: loaded }),
        (error: unknown) => {
          console.error(error);
          return { default: Failed };
        },
      ),
    );
    return (lazyPart = made);
  };
  /**
   * Lets the next showing fetch afresh. Not at the failure itself: React shows a part that suspended on its first
   * showing from scratch once its fetch settles, and a new fetch then would be tried again and again while offline.
   */
  const forgetFailure = () => {
    if (lazyPart === failedPart) lazyPart = undefined;
  };

  function Failed(props: P) {
    const retry = useContext(Retry);
    useEffect(() => {
      window.addEventListener("online", retry);
      return () => {
        window.removeEventListener("online", retry);
        forgetFailure();
      };
    }, [retry]);
    return <Unavailable {...props} />;
  }

  function Retried(props: P) {
    // Taken when shown: a part closed after a failure and opened again fetches its code afresh.
    const [Part, setPart] = useState(current);
    const retry = useCallback(() => {
      forgetFailure();
      setPart(() => current());
    }, []);
    return (
      <Retry.Provider value={retry}>
        <Part {...props} />
      </Retry.Provider>
    );
  }
  return Retried;
}
