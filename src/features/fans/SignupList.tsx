/**
 * The unlocked /fans: the count, how many sign-ups an allowance refused
 * lately, the sign-ups newest first with their choice and date, "Download CSV" for the mailing tool, and removing an address after
 * a confirmation, and the sign-ups held while too many came at once, apart, to add or clear in one action.
 * The list and its verbs live in fans.store.ts.
 */
import { useStore } from "@nanostores/react";
import { Fragment, useEffect } from "react";
import { Button } from "../../components/ui/Button";
import { downloadText } from "../../lib/download";
import { addressPieces, formatSignupDate, interestShort, refusedSignupsText, signupCount } from "./fans";
import { fansList } from "./fans.store";
import { SignOut } from "../team/SignOut";
import { HeldSignups } from "./HeldSignups";
import { COUNT_ID, keepFocusInList, RemoveCell } from "./RemoveCell";

/** The list itself, below Sign out. */
function Signups() {
  const list = fansList();
  const signups = useStore(list.$signups);
  const count = useStore(list.$count);
  const refused = useStore(list.$refused);
  // The list is read while shown; the page locking unmounts it, which stops the session checks.
  useEffect(() => list.start(), [list]);

  if (signups === null) return <p>Loading sign-ups...</p>;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p id={COUNT_ID} tabIndex={-1} className="text-lg font-semibold">
          {signupCount(count)}
        </p>
        <Button
          aria-disabled={count === 0}
          onClick={() => {
            void list.csvFile().then((file) => file && downloadText(file.filename, file.text, file.mimeType));
          }}
        >
          Download CSV
        </Button>
      </div>
      {refused === null ? null : <p className="text-stone-700">{refusedSignupsText(refused)}</p>}
      <HeldSignups onAnswered={keepFocusInList} />
      {count === 0 ? (
        <p>No sign-ups yet.</p>
      ) : (
        // Any text that still does not fit (an interest the form never offered, the phone's text made large) scrolls
        // the table inside its box, not the page.
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left">
            <thead>
              <tr className="border-b border-stone-300">
                {/* The room the other columns leave is the address's, where it breaks at its @ and dots. */}
                <th scope="col" className="py-2 pr-4">
                  E-mail
                </th>
                <th scope="col" className="w-px py-2 pr-4">
                  Wants
                </th>
                {/* On a phone the date goes under the choice, so the address has the room. */}
                <th scope="col" className="hidden py-2 pr-4 sm:table-cell">
                  Signed up
                </th>
                <th scope="col" className="w-px py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {signups.map((signup) => (
                <tr key={signup.id} className="border-b border-stone-200 align-top">
                  <td className="py-3 pr-4 [overflow-wrap:anywhere]">
                    {addressPieces(signup.email).map((piece, index) => (
                      <Fragment key={index}>
                        {index > 0 ? <wbr /> : null}
                        {piece}
                      </Fragment>
                    ))}
                  </td>
                  <td className="py-3 pr-4">
                    <span className="whitespace-nowrap">{interestShort(signup.interest)}</span>
                    <span className="block text-sm text-stone-700 sm:hidden">
                      {formatSignupDate(signup.created_at)}
                    </span>
                  </td>
                  <td className="hidden py-3 pr-4 sm:table-cell">
                    <time dateTime={signup.created_at}>{formatSignupDate(signup.created_at)}</time>
                  </td>
                  <td className="py-3">
                    <RemoveCell signup={signup} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** The unlocked /fans, Sign out above the list (its code comes with the list's). */
export function SignupList() {
  return (
    <>
      <SignOut />
      <Signups />
    </>
  );
}
