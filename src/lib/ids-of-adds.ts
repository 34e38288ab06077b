/**
 * The ids of a form's adds, for a table whose rows the page names itself: tried again as it was (after a failure,
 * the form keeping what was typed), an add keeps its id, so a try whose answer was lost, the row added all the
 * same, is refused the second time as taken (unique-violation.ts) and never added twice; once added, or changed
 * since, the next add has an id of its own, made by `newId`.
 */
export function idsOfAdds(newId: () => string) {
  let last: { tried: string; id: string } | undefined;
  return {
    /** The id to add `value` with: its last try's, as long as it is the same (compared as JSON). */
    idFor(value: unknown): string {
      const tried = JSON.stringify(value);
      if (last?.tried !== tried) last = { tried, id: newId() };
      return last.id;
    },
    /** The id `value`'s last try had, if it was the last one tried (an add in doubt); else null. */
    triedFor(value: unknown): string | null {
      return last?.tried === JSON.stringify(value) ? last.id : null;
    },
    /** The add went in: the next one has an id of its own, whatever it holds. */
    added(): void {
      last = undefined;
    },
  };
}
