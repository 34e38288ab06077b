/**
 * A show's fields, for a gig to put on the website: the venue and its address, the doors in the venue's
 * time zone (the offset that day worked out and said, never typed), the ticket link and what it is, and
 * the tickets' facts if known. What is typed lives in the page's show forms (calendar.publish.store.ts),
 * so it outlives a failure and the page locking; each problem is said beside its field, and a refused submit
 * puts the focus on the first field with one (scrolling it into view), as the panel's other forms do.
 */
import { useStore } from "@nanostores/react";
import { useEffect, useId, useRef, type InputHTMLAttributes } from "react";
import { cx, inputClass, labelClass } from "../../components/ui/styles";
import { AVAILABILITIES, AVAILABILITY_WORDS, type ShowDraft, type ShowField } from "./calendar.publish";
import { countryHint, currencyHint } from "./calendar.places";
import { zonedInstant } from "./calendar.zones";
import { gigPublishing } from "./calendar.publish.store";
import { TOUCH_BOX } from "./calendar.form";

const ZONES: readonly string[] = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];

type FieldProps = { label: string; field: ShowField; hint?: string } & InputHTMLAttributes<HTMLInputElement>;

export function ShowFields({ formKey, date }: { formKey: string; date: string | null }) {
  const publishing = gigPublishing();
  const drafts = useStore(publishing.$drafts);
  const problems = useStore(publishing.$problems)[formKey] ?? {};
  const refusals = useStore(publishing.$refusals)[formKey] ?? 0;
  const fields = useRef<HTMLFieldSetElement>(null);
  const refusalsSeen = useRef(refusals);
  const draft = drafts[formKey] ?? publishing.draftOf(formKey);
  const id = useId();
  const set = (patch: Partial<ShowDraft>) => publishing.edit(formKey, { ...draft, ...patch });
  const doors = date ? zonedInstant(date, draft.doors, draft.timeZone.trim()) : null;
  // Only at a new refusal, the person's own submit: not when the form opens again on problems already said.
  useEffect(() => {
    if (refusals === refusalsSeen.current) return;
    refusalsSeen.current = refusals;
    fields.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [refusals]);

  function Field({ label, field, hint, ...input }: FieldProps) {
    const problem = problems[field];
    const describedBy = [hint && `${id}-${field}-hint`, problem && `${id}-${field}-problem`].filter(Boolean);
    return (
      <div>
        <label htmlFor={`${id}-${field}`} className={labelClass}>
          {label}
        </label>
        <input
          id={`${id}-${field}`}
          name={field}
          value={draft[field]}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy.join(" ") || undefined}
          onChange={(event) => set({ [field]: event.target.value })}
          className={cx(inputClass, "mt-1")}
          {...input}
        />
        {hint ? (
          <p id={`${id}-${field}-hint`} className="mt-1 text-xs text-stone-700">
            {hint}
          </p>
        ) : null}
        {problem ? (
          <p id={`${id}-${field}-problem`} className="mt-1 text-sm text-red-800">
            {label}: {problem}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <fieldset ref={fields} className="space-y-3 rounded-md border border-stone-300 p-3">
      <legend className="px-1 text-sm font-semibold">The show on the website</legend>
      {Field({ label: "Venue", field: "venueName", maxLength: 200, autoComplete: "off" })}
      {Field({ label: "Street", field: "street", maxLength: 200, autoComplete: "off" })}
      <div className="grid gap-3 sm:grid-cols-2">
        {Field({ label: "Town", field: "town", maxLength: 100, autoComplete: "off" })}
        {Field({ label: "County", field: "county", maxLength: 100, autoComplete: "off" })}
        {Field({ label: "Postal code", field: "postalCode", maxLength: 20, autoComplete: "off" })}
        {Field({ label: "Country", field: "country", maxLength: 60, hint: countryHint(draft.country) })}
        {Field({
          label: "Doors",
          field: "doors",
          type: "time",
          hint: doors ? `At the venue, UTC${doors.offset} that day` : "The time the doors open, at the venue",
        })}
        {Field({ label: "Time zone", field: "timeZone", list: `${id}-zones`, autoComplete: "off" })}
      </div>
      <datalist id={`${id}-zones`}>
        {ZONES.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      {Field({
        label: "Ticket link",
        field: "ticketUrl",
        inputMode: "url",
        placeholder: "https://",
        autoComplete: "off",
      })}
      <fieldset>
        <legend className={labelClass}>The ticket link goes to</legend>
        <div className="mt-1 flex flex-wrap gap-x-4">
          {(
            [
              ["ticket", "A ticket shop"],
              ["venue", "The venue's own site"],
            ] as const
          ).map(([kind, words]) => (
            <label key={kind} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                className={TOUCH_BOX}
                name={`${id}-kind`}
                checked={draft.ticketKind === kind}
                onChange={() => set({ ticketKind: kind })}
              />
              {words}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        {Field({ label: "Price (optional)", field: "price", inputMode: "decimal", autoComplete: "off" })}
        {Field({ label: "Currency", field: "currency", maxLength: 20, hint: currencyHint(draft.currency) })}
        <div>
          <label htmlFor={`${id}-availability`} className={labelClass}>
            Availability (optional)
          </label>
          <select
            id={`${id}-availability`}
            value={draft.availability}
            onChange={(event) => set({ availability: event.target.value as ShowDraft["availability"] })}
            className={cx(inputClass, "mt-1")}
          >
            <option value="">Not said</option>
            {AVAILABILITIES.map((availability) => (
              <option key={availability} value={availability}>
                {AVAILABILITY_WORDS[availability]}
              </option>
            ))}
          </select>
        </div>
        {Field({ label: "Tickets on sale from (optional)", field: "onSale", type: "datetime-local" })}
      </div>
      {problems.availability ? <p className="text-sm text-red-800">Availability: {problems.availability}</p> : null}
    </fieldset>
  );
}
