// What fans read on /tour, and what search engines are told, once a published show's doors are changed from its
// details form: a move says the doors it had ("Doors moved from 20:00") and is EventRescheduled; a mistyped time
// put right says only the new doors, and a show moved before still says the start fans were told of first.
import type { experimental_AstroContainer as AstroContainer } from "astro/container";
import { beforeAll, describe, expect, it } from "vitest";
import TourCard from "../../components/tour/TourCard.astro";
import { tour } from "../../data/tour";
import { tourDatesFrom } from "../../data/tour-dates";
import { showSchema } from "../../lib/content-schemas";
import { tourDateEntryOf, type ShowRow } from "../../lib/published-shows.mjs";
import { musicEvent } from "../../lib/structured-data";
import { createRenderer, openAt } from "../../test/pages";
import { detailsChange, draftFromShow, showDay } from "./calendar.details";
import { aShow } from "./calendar.fake";
import { showFromDraft } from "./calendar.publish";
import type { Show } from "./calendar.shows";

let astro: AstroContainer;
beforeAll(async () => {
  astro = await createRenderer();
});

/** Doors 20:00 in Dublin on Jul 10, 2027; the site is built the January before. */
const dublin = aShow("dublin-2027-07-10", "2027-01-01T10:00:00Z");
const BUILT = new Date("2027-01-05T12:00:00Z");

/** The show once its details form is saved with `doors`, as a move or (`corrected`) as a mistake put right. */
function saved(show: Show, doors: string, corrected: boolean): Show {
  const { row } = showFromDraft({ ...draftFromShow(show), doors }, show.event_id, showDay(show), BUILT);
  if (!row) throw new Error(`doors ${doors} refused`);
  return { ...show, ...detailsChange(show, row, corrected), version: show.version + 1 };
}

/** What a fan reads of `show`'s row on /tour, and the event status search engines are given. */
async function fansRead(show: Show) {
  const dates = tourDatesFrom([showSchema.parse(tourDateEntryOf(show as ShowRow))]);
  const card = await astro.renderToString(TourCard, {
    props: {
      title: tour.cardTitle,
      dates,
      now: BUILT,
      newTabHint: tour.newTabHint,
      calendar: tour.calendar,
      copy: tour,
    },
  });
  const { document } = openAt(card, BUILT.toISOString());
  const event = musicEvent(dates[0]!, { name: "Orla Quinlan", url: "https://example.test/" }, { pageUrl: "/tour" });
  return {
    says: document.querySelector("li div")?.textContent?.replace(/\s+/g, " ").trim() ?? "",
    status: event.eventStatus,
    previous: event.previousStartDate,
  };
}

describe("a published show's doors changed from its details form, as fans read them", () => {
  it("moved, say the doors the show had, marked rescheduled", async () => {
    const read = await fansRead(saved(dublin, "20:30", false));
    expect(read.says).toContain("Rescheduled");
    expect(read.says).toContain("Doors moved from 20:00");
    expect(read.says).toContain("Doors 20:30");
    expect(read.status).toBe("https://schema.org/EventRescheduled");
    expect(read.previous).toBe("2027-07-10T20:00:00+01:00");
  });

  it("put right, say only the new doors: no move, no reschedule", async () => {
    const read = await fansRead(saved(dublin, "20:30", true));
    expect(read.says).toContain("Doors 20:30");
    expect(read.says).not.toMatch(/moved|rescheduled/i);
    expect(read.status).toBe("https://schema.org/EventScheduled");
    expect(read.previous).toBeUndefined();
  });

  it("put right after a real move, still say the doors fans were first told", async () => {
    const read = await fansRead(saved(saved(dublin, "21:00", false), "21:30", true));
    expect(read.says).toContain("Doors moved from 20:00");
    expect(read.says).toContain("Doors 21:30");
    expect(read.status).toBe("https://schema.org/EventRescheduled");
    expect(read.previous).toBe("2027-07-10T20:00:00+01:00");
  });
});
