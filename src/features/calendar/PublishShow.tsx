/** A gig of the calendar put on the website: its show's fields and "Put on the website". */
import { useStore } from "@nanostores/react";
import { Button } from "../../components/ui/Button";
import { eventDayKey, type CalendarEvent } from "./calendar";
import { gigPublishing } from "./calendar.publish.store";
import { ShowFields } from "./ShowFields";

export function PublishShow({ event }: { event: CalendarEvent }) {
  const publishing = gigPublishing();
  const busy = useStore(publishing.$publishing);
  return (
    <form
      className="mt-3 space-y-3"
      aria-label={`Put ${event.title} on the website`}
      noValidate
      onSubmit={(submitted) => {
        submitted.preventDefault();
        void publishing.publish(event);
      }}
    >
      <ShowFields formKey={event.id} date={eventDayKey(event)} />
      <Button type="submit" className="w-full" aria-disabled={busy || undefined}>
        Put on the website
      </Button>
    </form>
  );
}
