/**
 * Under a published show's doors in its details form, once other doors are typed: whether the show moved, which
 * fans are told of ("Doors moved from 19:30"), or a mistyped time is put right, which they are not. Asked only
 * where fans would read the two otherwise (movedOrCorrected); a move until the person says otherwise, as fans may
 * have read the old time.
 */
import { useStore } from "@nanostores/react";
import { useId } from "react";
import { labelClass } from "../../components/ui/styles";
import { movedNote, movedOrCorrected, showDay } from "./calendar.details";
import { TOUCH_BOX } from "./calendar.form";
import { gigPublishing } from "./calendar.publish.store";
import type { Show } from "./calendar.shows";
import { zonedInstant } from "./calendar.zones";

export function DoorsChange({ formKey, show }: { formKey: string; show: Show }) {
  const publishing = gigPublishing();
  const draft = useStore(publishing.$drafts)[formKey];
  const corrected = useStore(publishing.$corrections)[formKey] ?? false;
  const name = useId();
  const zone = draft?.timeZone.trim() ?? "";
  const doors = draft && zonedInstant(showDay(show), draft.doors, zone);
  if (!doors || !movedOrCorrected(show, doors.iso)) return null;
  const choices = [
    [false, `The show moved: fans read “${movedNote(show, zone)}”`],
    [true, "A mistake put right: fans read only the new time"],
  ] as const;
  return (
    <fieldset>
      <legend className={labelClass}>Why the doors changed</legend>
      {choices.map(([value, words]) => (
        <label key={words} className="flex min-h-11 items-center gap-2 text-sm">
          <input
            type="radio"
            className={TOUCH_BOX}
            name={name}
            checked={corrected === value}
            onChange={() => publishing.correcting(formKey, value)}
          />
          {words}
        </label>
      ))}
    </fieldset>
  );
}
