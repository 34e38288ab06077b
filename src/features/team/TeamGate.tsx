/**
 * A page behind the team sign-in (/calendar, /contacts, /fans): the Enter
 * Password screen until the team signs in, then the page's tool. The tool's
 * code and the Supabase client are fetched once someone starts on the
 * password, not at load, so the page stays light for a visitor who only
 * looks; the page locks again, saying why, when the session ends. After a
 * Login, focus goes on to the tool's first control. Each tool shows Sign out
 * above itself (SignOut.tsx), so its code comes with the tool's.
 */
import { useStore } from "@nanostores/react";
import { Suspense, useEffect, useRef, type ComponentType } from "react";
import { lazyRetried } from "../../lib/lazy-retried";
import { PasswordForm } from "./PasswordForm";
import { PasswordGate } from "./PasswordGate";
import { teamSession } from "./team.store";
import { lazyCode } from "../../lib/retried";

/**
 * In place of the tool when its code cannot be fetched once signed in (offline, a stale deploy): the session stays,
 * and the code is asked for again until it comes (lazyRetried), with a Try again button below.
 */
function ToolUnavailable() {
  return (
    <p role="alert" className="text-red-800">
      This page could not be loaded. Check your connection: it loads once the connection is back.
    </p>
  );
}

/** A page's tool behind the sign-in: what fetches its code ahead, and the component that shows it. */
export type TeamTool = { prepare: () => void; Tool: ComponentType };

/** The tool whose component `load` fetches (a dynamic import), loaded ahead by `prepare`. Call once, at module level. */
export function teamTool(load: () => Promise<ComponentType>): TeamTool {
  /** The component once its code has arrived (usually while the password was being typed). */
  let loaded: ComponentType | null = null;
  const fetchTool = () => load().then((component) => (loaded = component));
  const Lazy = lazyRetried(fetchTool, ToolUnavailable);
  function Tool() {
    // Code that has arrived renders at once: through Suspense, React would hold it back for 300 ms.
    const Loaded = loaded;
    if (Loaded) return <Loaded />;
    return (
      <Suspense fallback={<PasswordForm skeleton />}>
        <Lazy />
      </Suspense>
    );
  }
  return {
    prepare() {
      teamSession().prepare();
      void fetchTool().catch(() => {
        // Tried again when the tool opens.
      });
    },
    Tool,
  };
}

/** Whatever a person can press or type in, reached with Tab. */
const FOCUSABLE =
  "a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex='-1'])";

/**
 * The tool's first control, where Tab would lead. Sign out, above the tool (SignOut.tsx), is not it: an Enter
 * after the Login must not sign out.
 */
const firstControl = (element: HTMLElement) =>
  [...element.querySelectorAll<HTMLElement>(FOCUSABLE)].find((control) => !control.closest("[data-sign-out]"));

/**
 * After a Login on this page, the Login button has gone with the gate: focus goes to the tool's first
 * control once it is there (where Tab would have led), unless the tool or the person put it somewhere
 * already. The toasts that follow the sign-in then keep clear of it (toasts.placement.store.ts).
 */
function useFocusAfterSignIn(unlocked: boolean) {
  const box = useRef<HTMLDivElement>(null);
  const gateShown = useRef(!unlocked);
  useEffect(() => {
    if (!unlocked) {
      gateShown.current = true;
      return;
    }
    const element = box.current;
    if (!gateShown.current || !element) return;
    gateShown.current = false;
    const focusFirst = () => {
      const active = document.activeElement;
      // The tool, or the person, has put focus somewhere: that is where it stays.
      if (active && active !== document.body) return true;
      // The first control may not take focus yet: the placeholder shown while the tool's code comes is hidden.
      const first = firstControl(element);
      first?.focus({ preventScroll: true });
      return first !== undefined && document.activeElement === first;
    };
    if (focusFirst()) return;
    // The tool's code or its first data is on its way: focus waits for its first control.
    const watcher = new MutationObserver(() => {
      if (focusFirst()) watcher.disconnect();
    });
    watcher.observe(element, { childList: true, subtree: true });
    return () => watcher.disconnect();
  }, [unlocked]);
  return box;
}

/** Once signed in, the links to the other team pages keep the session (team.links.store.ts, fetched then). */
const teamLinks = lazyCode(() => import("./team.links.store"));

function useTeamLinks(unlocked: boolean) {
  useEffect(() => {
    if (!unlocked) return;
    teamLinks()
      .then(({ followTeamLinks }) => followTeamLinks())
      // Offline or a stale deploy: the links load their page afresh, which asks for the password again.
      .catch(() => {});
  }, [unlocked]);
}

/** `kept`: what the page keeps for after the next sign-in, said on the gate when it locked itself. */
export function TeamGate({ tool, kept = null }: { tool: TeamTool; kept?: string | null }) {
  const unlocked = useStore(teamSession().$unlocked);
  const box = useFocusAfterSignIn(unlocked);
  useTeamLinks(unlocked);
  return <div ref={box}>{unlocked ? <tool.Tool /> : <PasswordGate onPrepare={tool.prepare} kept={kept} />}</div>;
}
