/**
 * A published show's new ticket link, and whether it goes to a ticket shop or the venue's own site. A link the
 * database would refuse is said under the field, tied to it, and the focus goes back to it; what was typed stays,
 * through a teammate's change (said beside the field when they changed it too, the next save held once for it),
 * the panel closing and the page locking (useFollowingShow). The link the show has already is not written again,
 * and the field says so.
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
  // What it goes to, of two, is never both changed to different things: only the link can clash.
  const form = useFollowingShow(`link-${show.id}`, show, linkOf);
  const { value: link, set: setLink, clashes } = form;
  const [problem, setProblem] = useState<string | null>(null);
  /** Said when the link saved is the one the show has: nothing is written, and nothing said to have changed. */
  const [unchanged, setUnchanged] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  /** What describes the link: its problem or note, and what a teammate changed it to meanwhile. */
  const describedBy = [problem ? `${id}-problem` : unchanged && `${id}-unchanged`, clashes.url && `${id}-clash`];

  const saveLink = async () => {
    const saved = { url: link.url.trim(), kind: link.kind };
    const wrong = showFieldProblems({ ...show, ticket_url: saved.url, ticket_kind: saved.kind }).ticket_url;
    if (wrong) {
      setUnchanged(false);
      setProblem(`Ticket link: ${wrong}`);
      return input.current?.focus();
    }
    setProblem(null);
    // Held once for what a teammate changed meanwhile, said beside the field: the next save puts this link instead.
    if (form.holds()) {
      setUnchanged(false);
      return input.current?.focus();
    }
    setUnchanged(sameLink(saved, linkOf(show)));
    if (sameLink(saved, linkOf(show))) return;
    const change = { ticket_url: saved.url, ticket_kind: saved.kind };
    await form.save(link, saved, () => shows.change(show.id, change, "Ticket link changed", form.version));
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
        aria-invalid={problem || clashes.url ? true : undefined}
        aria-describedby={describedBy.filter(Boolean).join(" ") || undefined}
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
      {clashes.url ? (
        <p id={`${id}-clash`} className="text-sm text-red-800">
          Ticket link: {clashes.url}
        </p>
      ) : null}
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
