// The live site's record, /build-info.json, for the scheduled function's tests: the record a build publishes
// (src/pages/build-info.json.ts), which the function reads (./when-due.ts), written out in one place.
import { showsDigest } from "../../../src/lib/published-shows.mjs";
import type { BuildInfo } from "../../../src/pages/build-info.json";
import { showRow } from "../../../src/test/show-rows";
import type { LiveRecord } from "./when-due";

/**
 * A build at 09:00 UTC on 20 April 2025 of one published show, src/test/show-rows.ts's in Galway, rendered as
 * the database has it: the show over at 22:00 UTC on 23 April is its next change, which browsers make
 * themselves, and no news is ahead. As published, and as the function reads it, field for field.
 */
const galwayBuild = {
  builtAt: "2025-04-20T09:00:00.000Z",
  nextChangeAt: "2025-04-23T22:00:00.000Z",
  nextChangeReason: "the Galway show (galway-2025-04-23) is over",
  nextChangeInBrowser: true,
  nextNewsAt: null,
  nextNewsReason: null,
  laterChanges: [],
  showsDigest: showsDigest([showRow()]),
} satisfies BuildInfo & LiveRecord;

/**
 * The Galway build's record with `overrides`, typed as the fields it then has: a LiveRecord to hand the decision,
 * unless `nextChangeInBrowser` is null (no next change), which the site publishes and only readRecord takes;
 * `showsDigest: undefined` leaves the field out of its JSON, as a build from before the field did. A field the
 * site does not publish is refused.
 */
export function buildInfo<Overrides extends Partial<BuildInfo> = Record<never, never>>(
  overrides?: Overrides & Record<Exclude<keyof Overrides, keyof BuildInfo>, never>,
) {
  return { ...galwayBuild, ...overrides } as Omit<typeof galwayBuild, keyof Overrides> & Overrides;
}

/**
 * A build of 10 November 2026 whose next change, the Sligo show over on the 14th, browsers make themselves, with
 * news the next day: a release's day ("Tides" comes out), which no browser shows by itself.
 */
export const showOverBeforeRelease = {
  builtAt: "2026-11-10T12:00:00.000Z",
  nextChangeAt: "2026-11-14T22:00:00.000Z",
  nextChangeReason: "the Sligo show (x) is over",
  nextChangeInBrowser: true,
  nextNewsAt: "2026-11-15T00:00:00.000Z",
  nextNewsReason: "“Tides” (tides) comes out",
} satisfies Partial<BuildInfo>;
