/**
 * The team's list of fan sign-ups: the same Enter Password screen and team
 * sign-in as the calendar, then the count, the sign-ups newest first with
 * their choice and date, "Download CSV" for the mailing tool, and removing an
 * address after a confirmation. Rendered in the browser only (client:only).
 */
import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { downloadText } from "../../lib/download";
import { getSupabase } from "../../lib/supabase";
import { PasswordGate } from "../calendar/PasswordGate";
import { $calendarUnlocked, watchTeamSession } from "../calendar/calendar.store";
import { primaryButtonClass, secondaryButtonClass } from "../calendar/calendar.styles";
import { ErrorBoundary } from "../errors/ErrorBoundary";
import { showToast } from "../toasts/toasts.store";
import { fetchSignups, removeSignup } from "./fans.api";
import { csvFilename, formatSignupDate, interestShort, signupCount, signupsCsv, type FanSignup } from "./fans";

/** The spec's "Access granted" toast, saying what this page opens. */
const FANS_ACCESS_GRANTED = { title: "Access granted", description: "You can now see the sign-ups" };

const message = (error: unknown) =>
  error && typeof error === "object" && "message" in error ? String(error.message) : String(error);

function SignupList() {
  const [signups, setSignups] = useState<FanSignup[] | null>(null);
  // The address waiting for "Yes, remove", if any.
  const [confirming, setConfirming] = useState<string | null>(null);

  useEffect(() => {
    let disposed = false;
    let stopWatch = () => {};
    (async () => {
      try {
        const client = await getSupabase();
        if (disposed) return;
        // A session that ended elsewhere locks the page again, as on the calendar.
        stopWatch = watchTeamSession(client);
        const list = await fetchSignups(client);
        if (!disposed) setSignups(list);
      } catch (error) {
        showToast({ title: "Error loading sign-ups", description: message(error), variant: "destructive" });
      }
    })();
    return () => {
      disposed = true;
      stopWatch();
    };
  }, []);

  if (signups === null) return <p>Loading sign-ups...</p>;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p className="text-lg font-semibold">{signupCount(signups.length)}</p>
        <button
          type="button"
          className={primaryButtonClass}
          aria-disabled={signups.length === 0}
          onClick={() => {
            if (signups.length === 0) return;
            downloadText(csvFilename(new Date()), signupsCsv(signups), "text/csv;charset=utf-8");
          }}
        >
          Download CSV
        </button>
      </div>
      {signups.length === 0 ? (
        <p>No sign-ups yet.</p>
      ) : (
        <table className="w-full border-collapse text-left">
          <thead>
            <tr className="border-b border-stone-300">
              <th scope="col" className="py-2 pr-4">
                E-mail
              </th>
              <th scope="col" className="py-2 pr-4">
                Wants
              </th>
              <th scope="col" className="py-2 pr-4">
                Signed up
              </th>
              <th scope="col" className="py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {signups.map((signup) => (
              <tr key={signup.id} className="border-b border-stone-200 align-top">
                <td className="break-all py-3 pr-4">{signup.email}</td>
                <td className="py-3 pr-4">{interestShort(signup.interest)}</td>
                <td className="py-3 pr-4">
                  <time dateTime={signup.created_at}>{formatSignupDate(signup.created_at)}</time>
                </td>
                <td className="py-3">
                  {confirming === signup.id ? (
                    <div role="group" aria-label={`Remove ${signup.email}?`} className="flex flex-wrap gap-2">
                      <span className="text-sm font-semibold">Remove for good?</span>
                      <button
                        type="button"
                        className={primaryButtonClass}
                        onClick={async () => {
                          setConfirming(null);
                          try {
                            await removeSignup(await getSupabase(), signup.id);
                            setSignups((list) => list?.filter((entry) => entry.id !== signup.id) ?? null);
                            showToast({ title: "Address removed", description: `${signup.email} is off the list` });
                          } catch (error) {
                            showToast({
                              title: "Error removing address",
                              description: message(error),
                              variant: "destructive",
                            });
                          }
                        }}
                      >
                        Yes, remove
                      </button>
                      {/* The question replaces the button that had focus: the safe answer takes it over. */}
                      <button
                        type="button"
                        className={secondaryButtonClass}
                        onClick={() => setConfirming(null)}
                        autoFocus
                      >
                        Keep
                      </button>
                    </div>
                  ) : (
                    <button
                      type="button"
                      className={secondaryButtonClass}
                      aria-label={`Remove ${signup.email}`}
                      onClick={() => setConfirming(signup.id)}
                    >
                      Remove
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** Loads the Supabase client once someone starts on the password, not at load, as the calendar does. */
function prepareLogin(): void {
  void getSupabase().catch(() => {
    // The Login itself reports a client that cannot load.
  });
}

function FansPage() {
  // The same team session as the calendar: its sign-in follows the auth events and locks both pages.
  const unlocked = useStore($calendarUnlocked);
  return unlocked ? <SignupList /> : <PasswordGate onPrepare={prepareLogin} granted={FANS_ACCESS_GRANTED} />;
}

export function Fans() {
  return (
    <ErrorBoundary>
      <FansPage />
    </ErrorBoundary>
  );
}
