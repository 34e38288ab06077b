// "Export calendar (.ics)" from the calendar's feed: the events shown, as the page places them.
import ICAL from "ical.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { $toasts } from "../toasts/toasts.store";
import { withVitestClock } from "../../test/fake-time";
import { aShow, event, live } from "./calendar.fake";

withVitestClock();
afterEach(() => $toasts.set([]));

describe("exporting the calendar", () => {
  it("offers no file while no event is shown", async () => {
    const fake = await live([]);
    expect(await fake.feed.exportFile()).toBeNull();
  });

  it("offers every event shown as a calendar file named for today", async () => {
    vi.setSystemTime(new Date(2031, 4, 20, 9, 30));
    const fake = await live([event("1", "Launch"), event("2", "Radio")]);
    const file = await fake.feed.exportFile();
    expect(file).toMatchObject({ filename: "calendar-2031-05-20.ics", mimeType: "text/calendar" });
    expect(file?.text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
  });

  it("puts a gig on its show's day, as the page shows it, and says when its show is cancelled or postponed", async () => {
    const fake = await live([event("1", "Launch"), event("2", "Radio"), event("3", "Cork")]);
    const moved = aShow("dublin-2031-05-18", "2031-05-01T10:00:00Z", {
      event_id: "1",
      starts_at: "2031-05-25T19:00:00+00:00",
      previous_starts_at: "2031-05-18T19:00:00+00:00",
      status: "rescheduled",
    });
    const off = aShow("galway-2031-05-18", "2031-05-01T10:00:00Z", {
      event_id: "2",
      starts_at: "2031-05-18T19:00:00+00:00",
      status: "cancelled",
    });
    const later = aShow("cork-2031-05-18", "2031-05-01T10:00:00Z", {
      event_id: "3",
      starts_at: "2031-05-18T19:00:00+00:00",
      status: "postponed",
    });
    const file = await fake.feed.exportFile([moved, off, later]);
    const events = new ICAL.Component(ICAL.parse(file!.text)).getAllSubcomponents("vevent");
    const read = (summary: string) => {
      const found = events.find((entry) => String(entry.getFirstPropertyValue("summary")).endsWith(summary))!;
      return {
        summary: found.getFirstPropertyValue("summary"),
        day: String(found.getFirstPropertyValue("dtstart")),
        status: found.getFirstPropertyValue("status"),
      };
    };
    expect(read("Launch")).toEqual({ summary: "Launch", day: "2031-05-25", status: "CONFIRMED" });
    expect(read("Radio")).toEqual({ summary: "Cancelled: Radio", day: "2031-05-18", status: "CANCELLED" });
    expect(read("Cork")).toEqual({ summary: "Cork", day: "2031-05-18", status: "TENTATIVE" });
  });
});
