/**
 * A show's fields, for a gig to put on the website: the venue and its address, the doors in the venue's time zone
 * (its offset that day said, never typed; under them, a details form's DoorsChange), the ticket link and what it
 * is, and the tickets' facts if known. What is typed lives in the page's show forms (calendar.publish.store.ts), so
 * it outlives a failure and the page locking; each problem is said beside its field, and a refused submit puts the
 * focus on the first field with one (scrolling it into view), as the panel's other forms do.
 */
import { useStore } from "@nanostores/react";
import { useEffect, useId, useRef, type PropsWithChildren } from "react";
import { cx, inputClass, labelClass } from "../../components/ui/styles";
import { SHOWN_LINES } from "../../lib/show-rules.mjs";
import { AVAILABILITIES, AVAILABILITY_WORDS, type ShowDraft, type ShowField } from "./calendar.publish";
import { countryHint, currencyHint } from "./calendar.places";
import { zonedInstant } from "./calendar.zones";
import { gigPublishing } from "./calendar.publish.store";
import { TOUCH_BOX } from "./calendar.form";
import { ShowTextField, type ShowTextFieldProps } from "./ShowTextField";

/** The most characters the database takes in each line of the venue's address (show-rules.mjs). */
const LIMIT = Object.fromEntries(SHOWN_LINES.map(([column, , longest]) => [column, longest]));

const ZONES: readonly string[] = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];

type FieldProps = { field: ShowField } & Omit<ShowTextFieldProps, "id" | "value" | "onValue" | "problem">;
type ShowFieldsProps = PropsWithChildren<{ formKey: string; date: string | null }>;

export function ShowFields({ formKey, date, children }: ShowFieldsProps) {
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

  /** A text field of the form; one a show needs (its label with no mark, as "(optional)") is announced as required. */
  const Field = ({ field, ...props }: FieldProps) => (
    <ShowTextField
      id={`${id}-${field}`}
      name={field}
      value={draft[field]}
      onValue={(value) => set({ [field]: value })}
      problem={problems[field]}
      aria-required={props.mark ? undefined : true}
      {...props}
    />
  );

  return (
    <fieldset
      ref={fields}
      aria-describedby={`${id}-needed`}
      className="space-y-3 rounded-md border border-stone-300 p-3"
    >
      <legend className="px-1 text-sm font-semibold">The show on the website</legend>
      <p id={`${id}-needed`} className="text-sm text-stone-700">
        Each field is needed unless it says “(optional)”; the currency only with a price.
      </p>
      {Field({ label: "Venue", field: "venueName", limit: LIMIT.venue_name, autoComplete: "off" })}
      {Field({ label: "Street", field: "street", limit: LIMIT.venue_street, autoComplete: "off" })}
      <div className="grid gap-3 sm:grid-cols-2">
        {Field({ label: "Town", field: "town", limit: LIMIT.venue_town, autoComplete: "off" })}
        {Field({ label: "County", field: "county", limit: LIMIT.venue_county, autoComplete: "off" })}
        {Field({ label: "Postal code", field: "postalCode", limit: LIMIT.venue_postal_code, autoComplete: "off" })}
        {Field({ label: "Country", field: "country", hint: countryHint(draft.country) })}
        {Field({
          label: "Doors",
          field: "doors",
          type: "time",
          hint: doors ? `At the venue, UTC${doors.offset} that day` : "The time the doors open, at the venue",
        })}
        {Field({ label: "Time zone", field: "timeZone", list: `${id}-zones`, autoComplete: "off" })}
      </div>
      {children}
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
        limit: 2000,
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
        {Field({ label: "Price", mark: "(optional)", field: "price", inputMode: "decimal", autoComplete: "off" })}
        {Field({
          label: "Currency",
          mark: "(with a price)",
          field: "currency",
          hint: currencyHint(draft.currency),
        })}
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
        {Field({ label: "Tickets on sale from", mark: "(optional)", field: "onSale", type: "datetime-local" })}
      </div>
      {problems.availability ? <p className="text-sm text-red-800">Availability: {problems.availability}</p> : null}
    </fieldset>
  );
}
