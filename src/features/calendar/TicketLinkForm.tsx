/**
 * A published show's new ticket link, and whether it goes to a ticket shop or the venue's own site. A link the
 * database would refuse is said under the field, tied to it, and the focus goes back to it; what was typed stays.
 * The link the show has already is not written again, and the field says so.
 */
import { useId, useRef, useState } from "react";
import { Button } from "../../components/ui/Button";
import { inputClass, labelClass } from "../../components/ui/styles";
import { showFieldProblems } from "../../lib/show-rules.mjs";
import type { Show } from "./calendar.shows";
import { showChanges } from "./calendar.changes.store";
import { useFollowingShow } from "./useFollowingShow";

type Link = { url: string; kind: string };

const linkOf = (show: Show): Link => ({ url: show.ticket_url, kind: show.ticket_kind });
const sameLink = (a: Link, b: Link) => a.url === b.url && a.kind === b.kind;

export function TicketLinkForm({ show, busy }: { show: Show; busy: boolean }) {
  const shows = showChanges();
  const id = useId();
  const [link, setLink] = useFollowingShow(show, linkOf, sameLink);
  const [problem, setProblem] = useState<string | null>(null);
  /** Said when the link saved is the one the show has: nothing is written, and nothing said to have changed. */
  const [unchanged, setUnchanged] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const saveLink = async () => {
    const saved = { url: link.url.trim(), kind: link.kind };
    const wrong = showFieldProblems({ ...show, ticket_url: saved.url, ticket_kind: saved.kind }).ticket_url;
    if (wrong) {
      setUnchanged(false);
      setProblem(`Ticket link: ${wrong}`);
      return input.current?.focus();
    }
    setProblem(null);
    setUnchanged(sameLink(saved, linkOf(show)));
    if (sameLink(saved, linkOf(show))) return;
    await shows.change(show.id, { ticket_url: saved.url, ticket_kind: saved.kind }, "Ticket link changed");
  };

  return (
    <form
      className="space-y-2"
      aria-label="Ticket link"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void saveLink();
      }}
    >
      <label htmlFor={`${id}-link`} className={labelClass}>
        New ticket link
      </label>
      <input
        ref={input}
        id={`${id}-link`}
        inputMode="url"
        value={link.url}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : unchanged ? `${id}-unchanged` : undefined}
        onChange={(event) => {
          setUnchanged(false);
          setLink({ ...link, url: event.target.value });
        }}
        className={inputClass}
      />
      <label htmlFor={`${id}-kind`} className={labelClass}>
        The ticket link goes to
      </label>
      <select
        id={`${id}-kind`}
        value={link.kind}
        onChange={(event) => {
          setUnchanged(false);
          setLink({ ...link, kind: event.target.value === "venue" ? "venue" : "ticket" });
        }}
        className={inputClass}
      >
        <option value="ticket">A ticket shop</option>
        <option value="venue">The venue&apos;s own site</option>
      </select>
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="text-sm text-red-800">
          {problem}
        </p>
      ) : null}
      {unchanged ? (
        <p id={`${id}-unchanged`} role="status" className="text-sm text-stone-700">
          That is the link the show has now
        </p>
      ) : null}
      <Button type="submit" variant="secondary" size="sm" aria-disabled={busy || undefined}>
        Save the ticket link
      </Button>
    </form>
  );
}
