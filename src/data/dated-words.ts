/**
 * Copy that stays true as time passes: the content writes words that change on a date in braces,
 * `{mother: releases on | came out on}`, naming a release (the change comes on its release date) or a
 * show of the calendar put on the website (once the show is over), and the build keeps the words true on its day. Markdown bodies
 * become plain-text paragraphs here too. Pure: the data modules pass the content and the build's clock.
 */
import { showEntryEndsAt } from "./tour-dates";

/** When each release and each show turns from coming to past, by id. */
export type Moments = ReadonlyMap<string, number>;

/**
 * The moments the braces may name: each release's date, and the end of each show; a postponed show has none
 * until it has a new date (it has not happened, however long ago its old day was, as the tour card says).
 */
export function momentsOf(
  releases: readonly { id: string; releaseDate: string }[],
  tourDates: readonly { id: string; startDate: string; status?: string }[],
): Moments {
  return new Map([
    ...releases.map((release) => [release.id, Date.parse(release.releaseDate)] as const),
    ...tourDates.map((date) => [date.id, showEntryEndsAt(date)] as const),
  ]);
}

const MARKER = /\{([^{}|:]+):([^{}|]*)\|([^{}|]*)\}/g;

/**
 * `text` with each `{id: before | after}` replaced by the words true at `now`. An id that names no
 * release or date, or braces that are not written this way, throw an Error naming `file`.
 */
export function datedWords(text: string, moments: Moments, now: Date, file: string): string {
  const resolved = text.replace(MARKER, (_, id: string, before: string, after: string) => {
    const moment = moments.get(id.trim());
    if (moment === undefined) {
      throw new Error(
        `${file}: {${id.trim()}: …} names no release in src/content/releases.yaml and no show of the calendar (a show's id ends its address on /tour: /tour#galway-2025-04-23)`,
      );
    }
    return (now.getTime() >= moment ? after : before).trim();
  });
  const stray = /[{}]/.exec(resolved);
  if (stray) {
    const around = resolved.slice(Math.max(0, stray.index - 30), stray.index + 30);
    throw new Error(`${file}: braces should read {id: words before | words after}, near "${around}"`);
  }
  return resolved;
}

/** A Markdown body as plain-text paragraphs: blocks separated by an empty line, each on one line. */
export function paragraphsOf(body: string): string[] {
  return body
    .split(/\r?\n\s*\r?\n/)
    .map((block) => block.replace(/\s*\r?\n\s*/g, " ").trim())
    .filter((paragraph) => paragraph.length > 0);
}
