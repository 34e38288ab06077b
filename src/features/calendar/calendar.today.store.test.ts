import { afterEach, describe, expect, it, vi } from "vitest";
import { untilNextDay, createToday } from "./calendar.today.store";
import { upcomingAndPast, type CalendarEvent } from "./calendar";

const event = (title: string, day: string): CalendarEvent => ({
  id: title,
  title,
  description: null,
  start_date: `${day}T12:00:00.000Z`,
  end_date: `${day}T12:00:00.000Z`,
  event_type: "rehearsal",
});

describe("the Upcoming Events list and the past events", () => {
  const events = [
    event("Launch", "2026-12-04"),
    event("Radio", "2026-11-29"),
    event("Galway", "2025-04-23"),
    event("Mixing", "2026-11-28"),
    event("Dublin", "2025-05-02"),
  ];

  it("lists today's events and later ones by date, and the earlier ones latest first", () => {
    const { upcoming, past } = upcomingAndPast(events, "2026-11-29");
    expect(upcoming.map((e) => e.title)).toEqual(["Radio", "Launch"]);
    expect(past.map((e) => e.title)).toEqual(["Mixing", "Dublin", "Galway"]);
  });

  it("keeps an event on until its last day is over, and the events of a past day in their usual order", () => {
    const festival = { ...event("Festival", "2026-11-27"), end_date: "2026-11-30T12:00:00.000Z" };
    const sameDay = [event("Zither", "2026-11-20"), event("Accordion", "2026-11-20")];
    const { upcoming, past } = upcomingAndPast([...events, festival, ...sameDay], "2026-11-29");
    expect(upcoming.map((e) => e.title)).toEqual(["Festival", "Radio", "Launch"]);
    expect(past.map((e) => e.title)).toEqual(["Mixing", "Accordion", "Zither", "Dublin", "Galway"]);
  });

  it("moves a day's events to the past once the day is over, and none is lost", () => {
    const { upcoming, past } = upcomingAndPast(events, "2026-11-30");
    expect(upcoming.map((e) => e.title)).toEqual(["Launch"]);
    expect(past.map((e) => e.title)).toEqual(["Radio", "Mixing", "Dublin", "Galway"]);
  });
});

describe("today, as the calendar keeps it", () => {
  afterEach(() => vi.useRealTimers());

  /** A clock the test moves, with timers that fire when it passes them. */
  function fakeClock(start: Date) {
    let time = start.getTime();
    let pending: { at: number; run: () => void } | undefined;
    return {
      now: () => new Date(time),
      timers: {
        setTimeout: (run: () => void, ms: number) => (pending = { at: time + ms, run }),
        clearTimeout: (handle: unknown) => void (pending === handle && (pending = undefined)),
      },
      pass(ms: number) {
        time += ms;
        const due = pending;
        if (due && due.at <= time) {
          pending = undefined;
          due.run();
        }
      },
      jump(to: Date) {
        time = to.getTime();
      },
      scheduled: () => pending !== undefined,
    };
  }

  it("turns to the next date at local midnight while the calendar is open, and stops when nobody listens", () => {
    vi.useFakeTimers();
    const clock = fakeClock(new Date(2026, 10, 29, 23, 59, 0));
    const $today = createToday({ ...clock, onShown: () => () => {} });
    const seen: string[] = [];
    const stop = $today.subscribe((day) => seen.push(day));
    clock.pass(59_000);
    expect(seen).toEqual(["2026-11-29"]);
    clock.pass(2_000);
    expect(seen).toEqual(["2026-11-29", "2026-11-30"]);
    stop();
    vi.runAllTimers(); // nanostores lets go of a store a moment after its last listener
    expect(clock.scheduled()).toBe(false);
  });

  it("looks at the clock again when the page is shown, as after a phone slept through midnight", () => {
    const clock = fakeClock(new Date(2026, 11, 31, 22, 0, 0));
    let shown = () => {};
    const $today = createToday({ ...clock, onShown: (look) => ((shown = look), () => {}) });
    const seen: string[] = [];
    $today.subscribe((day) => seen.push(day));
    // Asleep: the timer did not fire, and the clock moved on into the new year.
    clock.jump(new Date(2027, 0, 1, 7, 30, 0));
    shown();
    expect(seen).toEqual(["2026-12-31", "2027-01-01"]);
  });

  it("waits a whole local day to the next midnight, across a change of the clocks too", () => {
    expect(untilNextDay(new Date(2026, 10, 29, 23, 0, 0))).toBe(3_600_000);
    const zone = process.env.TZ;
    try {
      process.env.TZ = "Europe/Dublin";
      // The clocks go forward at 1:00 on 29 March 2026 and back at 2:00 on 25 October: days of 23 and 25 hours.
      expect(untilNextDay(new Date(2026, 2, 29, 0, 30, 0))).toBe(22.5 * 3_600_000);
      expect(untilNextDay(new Date(2026, 9, 25, 0, 30, 0))).toBe(24.5 * 3_600_000);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
