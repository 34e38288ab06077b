/**
 * A page behind the team sign-in (/calendar, /contacts, /fans): the Enter
 * Password screen until the team signs in, then the page's tool. The tool's
 * code and the Supabase client are fetched once someone starts on the
 * password, not at load, so the page stays light for a visitor who only
 * looks; the page locks again, saying why, when the session ends.
 */
import { useStore } from "@nanostores/react";
import { lazy, Suspense, type ComponentType } from "react";
import { PasswordForm } from "./PasswordForm";
import { PasswordGate } from "./PasswordGate";
import { teamSession } from "./team.store";

/** A page's tool behind the sign-in: what fetches its code ahead, and the component that shows it. */
export type TeamTool = { prepare: () => void; Tool: ComponentType };

/** The tool whose component `load` fetches (a dynamic import), loaded ahead by `prepare`. Call once, at module level. */
export function teamTool(load: () => Promise<ComponentType>): TeamTool {
  /** The component once its code has arrived (usually while the password was being typed). */
  let loaded: ComponentType | null = null;
  const fetchTool = () => load().then((component) => (loaded = component));
  const Lazy = lazy(() => fetchTool().then((component) => ({ default: component })));
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

/** `kept`: what the page keeps for after the next sign-in, said on the gate when it locked itself. */
export function TeamGate({ tool, kept = null }: { tool: TeamTool; kept?: string | null }) {
  const unlocked = useStore(teamSession().$unlocked);
  return unlocked ? <tool.Tool /> : <PasswordGate onPrepare={tool.prepare} kept={kept} />;
}
