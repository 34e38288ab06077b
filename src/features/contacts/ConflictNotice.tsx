/** Shown in an edited card when a save found that someone else changed the contact meanwhile. */
import { fieldsDifferingFromDraft, type Contact, type ContactDraft } from "./contacts";
import { ContactValues } from "./ContactValues";

export function ConflictNotice({ theirs, draft }: { theirs: Contact; draft: ContactDraft }) {
  return (
    <div role="alert" className="space-y-2 rounded-md border-2 border-amber-500 bg-amber-50 p-3">
      <p className="font-semibold">Someone else changed this contact meanwhile.</p>
      <p className="text-sm">
        Their version is below, with what differs from yours marked; your changes are still in the form.
      </p>
      <ContactValues values={theirs} marked={fieldsDifferingFromDraft(theirs, draft)} />
    </div>
  );
}
