/**
 * A contact's values as a short list of labelled fields; `marked` fields are highlighted and say so in
 * words too, and an e-mail whose domain mixes scripts carries its warning.
 */
import { CONTACT_FIELDS, FIELD_LABELS, type Contact, type ContactField } from "./contacts";
import { LookalikeWarning } from "./LookalikeWarning";

export function ContactValues({
  values,
  marked = [],
}: {
  values: Pick<Contact, ContactField>;
  marked?: readonly ContactField[];
}) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm">
      {CONTACT_FIELDS.map((field) => {
        const value = values[field];
        return (
          <div key={field} className="contents">
            <dt className="text-stone-600">{FIELD_LABELS[field]}</dt>
            <dd className="break-words">
              {marked.includes(field) ? (
                <mark className="rounded bg-amber-100 px-1 font-semibold text-stone-900 underline decoration-amber-600 decoration-2 underline-offset-2">
                  {value || <span className="italic">empty</span>}
                </mark>
              ) : (
                value || <span className="italic text-stone-600">empty</span>
              )}
              {field === "email" ? <LookalikeWarning email={value} className="mt-0.5" /> : null}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
