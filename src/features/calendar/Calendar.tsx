/**
 * The shared calendar island: the Enter Password screen until the team signs
 * in, then the calendar itself (CalendarTool, loaded on demand). The page
 * follows the team session's auth events and locks again, saying why, when
 * the session ends. Rendered in the browser only (client:only), so "today" is
 * never baked into the HTML at build time.
 */
import { useStore } from "@nanostores/react";
import { lazy, Suspense, type ComponentType } from "react";
import { getSupabase } from "../../lib/supabase";
import { ErrorBoundary } from "../errors/ErrorBoundary";
import { teamSession } from "./calendar.store";
import { PasswordForm } from "./PasswordForm";
import { PasswordGate } from "./PasswordGate";

/** The calendar's component once its code has arrived (usually while the password was being typed). */
let loadedCalendarTool: ComponentType | null = null;
const loadCalendarTool = () => import("./CalendarTool").then(({ CalendarTool }) => (loadedCalendarTool = CalendarTool));
const LazyCalendarTool = lazy(() => loadCalendarTool().then((component) => ({ default: component })));

/**
 * Fetches what the Login needs and what follows it (the Supabase client and
 * the calendar's code) once someone starts on the password, not at load, so
 * the page stays light for a visitor who only looks.
 */
function prepareLogin(): void {
  void getSupabase().catch(() => {
    // The Login itself reports a client that cannot load.
  });
  void loadCalendarTool().catch(() => {
    // Tried again when the calendar opens.
  });
}

function CalendarPage() {
  const unlocked = useStore(teamSession().$unlocked);
  if (!unlocked) return <PasswordGate onPrepare={prepareLogin} />;
  // Code that has arrived renders at once: through Suspense, React would hold it back for 300 ms.
  const CalendarTool = loadedCalendarTool;
  if (CalendarTool) return <CalendarTool />;
  return (
    <Suspense fallback={<PasswordForm skeleton />}>
      <LazyCalendarTool />
    </Suspense>
  );
}

export function Calendar() {
  return (
    <ErrorBoundary>
      <CalendarPage />
    </ErrorBoundary>
  );
}
