/**
 * Shown in an edited card when a save met a change someone else saved meanwhile to a field this
 * draft changed too: those fields side by side, yours and theirs, and what is kept either way (their
 * changes to other fields are in the form already).
 */
import { cx, wrapAnywhere } from "../../components/ui/styles";
import {
  changedFields,
  CONTACT_FIELDS,
  draftFromContact,
  FIELD_LABELS,
  updateFromDraft,
  type Contact,
  type ContactDraft,
  type ContactField,
  type ContactValues,
} from "./contacts";
import { mergeEdits, theirChangesKept } from "./contacts.merge";
import { fieldList } from "./contacts.history";

const Value = ({ value }: { value: string | null }) => (value ? <>{value}</> : <span className="italic">empty</span>);

export function ConflictNotice({
  base,
  draft,
  theirs,
  taken,
}: {
  base: ContactValues;
  draft: ContactDraft;
  theirs: Contact;
  /** The fields of the draft that took their value (shown in the form), kept as theirs unless typed over. */
  taken: readonly ContactField[];
}) {
  const merge = mergeEdits(base, draft, theirs);
  const { conflicts } = merge;
  const stillTheirs = theirChangesKept(taken, { base, draft });
  const theirsKept = CONTACT_FIELDS.filter((field) => merge.theirsKept.includes(field) || stillTheirs.includes(field));
  const mine = updateFromDraft(draft);
  const mineKept = changedFields(updateFromDraft(draftFromContact(base)), mine).filter(
    (field) => !conflicts.includes(field),
  );
  return (
    <div role="alert" className="space-y-2 rounded-md border-2 border-amber-500 bg-amber-50 p-3 text-sm">
      <p className="text-base font-semibold">Someone else changed this contact meanwhile.</p>
      {conflicts.length > 0 ? (
        <>
          <p>You both changed {fieldList(conflicts)}. Choose whose to keep:</p>
          <table className="w-full table-fixed border-collapse text-left">
            <thead>
              <tr className="border-b border-amber-500">
                <th scope="col" className="w-16 py-1 pr-2">
                  <span className="sr-only">Field</span>
                </th>
                <th scope="col" className="py-1 pr-2">
                  Yours
                </th>
                <th scope="col" className="py-1">
                  Theirs
                </th>
              </tr>
            </thead>
            <tbody>
              {conflicts.map((field) => (
                <tr key={field} className="align-top">
                  <th scope="row" className="py-1 pr-2 font-normal text-stone-700">
                    {FIELD_LABELS[field]}
                  </th>
                  <td className={cx("py-1 pr-2 font-semibold", wrapAnywhere)}>
                    <Value value={mine[field]} />
                  </td>
                  <td className={cx("py-1 font-semibold", wrapAnywhere)}>
                    <Value value={theirs[field]} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <p>None of your changes clashes with theirs now: either choice saves both.</p>
      )}
      {mineKept.length > 0 ? <p>Your change to {fieldList(mineKept)} is saved either way.</p> : null}
      {theirsKept.length > 0 ? <p>Their change to {fieldList(theirsKept)} is kept either way.</p> : null}
    </div>
  );
}
