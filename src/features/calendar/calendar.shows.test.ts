import { dayLabel } from "./calendar";
import { describe, expect, it } from "vitest";
import { showsDigest } from "../../lib/published-shows.mjs";
import {
  doorsText,
  FEW_MINUTES_MS,
  isSoldOut,
  placedAtShows,
  publishedDigest,
  showStandings,
  STANDING_WORDS,
  rescheduledTo,
  statusChange,
  statusText,
  toLiveBuild,
  toShows,
} from "./calendar.shows";
import { aShow, event } from "./calendar.fake";

describe("the shows read back", () => {
  it("keep the rows that are shows and drop the others", () => {
    const show = aShow("dublin-2027-07-10", "2027-01-01T10:00:00Z");
    expect(toShows([show, null, { id: "x" }, { ...show, starts_at: "soon" }, "row"])).toEqual([show]);
    expect(toShows({ rows: [] })).toEqual([]);
  });

  it("take the live record's time and digest, and nothing that is not one", () => {
    const digest = "a".repeat(64);
    expect(toLiveBuild({ builtAt: "2027-01-01T10:00:00Z", showsDigest: digest, nextChangeAt: null })).toEqual({
      builtAt: "2027-01-01T10:00:00Z",
      showsDigest: digest,
    });
    expect(toLiveBuild({ builtAt: "2027-01-01T10:00:00Z", showsDigest: "<b>" })).toEqual({
      builtAt: "2027-01-01T10:00:00Z",
    });
    expect(toLiveBuild({ builtAt: "yesterday" })).toBeNull();
    expect(toLiveBuild("<html>")).toBeNull();
  });
});

describe("where a show stands", () => {
  const older = aShow("galway", "2027-01-01T10:00:00Z");
  const newer = aShow("dublin", "2027-01-01T12:00:00Z");
  const off = aShow("cork", "2027-01-01T09:00:00Z", { published: false });
  /** Five minutes after the latest change. */
  const NOW = Date.parse("2027-01-01T12:05:00Z");

  it("is on the website once the live site was built after its latest version, in a few minutes before", () => {
    const standings = showStandings([older, newer, off], { builtAt: "2027-01-01T11:00:00Z" }, null, NOW);
    expect(Object.fromEntries(standings)).toEqual({ galway: "live", dublin: "soon", cork: "off" });
  });

  it("is on the website for every show when the live site renders the shows as they are now", async () => {
    const digest = await publishedDigest([older, newer, off]);
    const build = { builtAt: "2027-01-01T11:00:00Z", showsDigest: digest };
    expect(Object.fromEntries(showStandings([older, newer, off], build, digest, NOW))).toEqual({
      galway: "live",
      dublin: "live",
      cork: "off",
    });
  });

  it("is in a few minutes for the latest change when the live site renders other shows, though built after it", () => {
    const build = { builtAt: "2027-01-01T13:00:00Z", showsDigest: "b".repeat(64) };
    expect(Object.fromEntries(showStandings([older, newer], build, "c".repeat(64), NOW))).toEqual({
      galway: "live",
      dublin: "soon",
    });
  });

  it("waits for the next build, said so, once the live site is still behind half an hour after the change", () => {
    const build = { builtAt: "2027-01-01T11:00:00Z", showsDigest: "b".repeat(64) };
    const halfAnHourOn = Date.parse(newer.updated_at) + FEW_MINUTES_MS;
    expect(halfAnHourOn).toBe(Date.parse("2027-01-01T12:30:00Z"));
    expect(showStandings([older, newer], build, "c".repeat(64), halfAnHourOn).get("dublin")).toBe("soon");
    const later = halfAnHourOn + 60_000;
    expect(Object.fromEntries(showStandings([older, newer], build, "c".repeat(64), later))).toEqual({
      galway: "live",
      dublin: "waiting",
    });
    expect(STANDING_WORDS.waiting).toBe("Waiting for the website's next build");
  });

  it("is in a few minutes while the live record cannot be read, or off for a show taken off a while ago", () => {
    const takenOffJustNow = aShow("sligo", "2027-01-01T12:04:00Z", { published: false });
    expect(Object.fromEntries(showStandings([older, off, takenOffJustNow], null, null, NOW))).toEqual({
      galway: "soon",
      cork: "off",
      sligo: "leaving",
    });
  });

  it("is off the website in a few minutes once taken off after the live build, and off once the build agrees", async () => {
    const takenOff = aShow("cork", "2027-01-01T12:00:00Z", { published: false });
    const before = { builtAt: "2027-01-01T11:00:00Z" };
    expect(Object.fromEntries(showStandings([older, takenOff], before, null, NOW))).toEqual({
      galway: "live",
      cork: "leaving",
    });
    expect(STANDING_WORDS.leaving).toBe("Off the website in a few minutes");
    // Still listed by the live site half an hour on: the build failed or waits, said so, and which way it goes.
    const later = Date.parse(takenOff.updated_at) + FEW_MINUTES_MS + 60_000;
    expect(showStandings([older, takenOff], before, null, later).get("cork")).toBe("lingering");
    expect(STANDING_WORDS.lingering).toBe("Still on the website: waiting for its next build");
    const digest = await publishedDigest([older, takenOff]);
    const agreeing = { builtAt: "2027-01-01T11:00:00Z", showsDigest: digest };
    expect(showStandings([older, takenOff], agreeing, digest, NOW).get("cork")).toBe("off");
  });

  it("takes a show taken off as the latest change, which leaves the shows still on the website as they stand", () => {
    const takenOff = aShow("cork", "2027-01-01T12:00:00Z", { published: false });
    // Built after the change, yet rendering other shows: the build read them just before it was taken off.
    const build = { builtAt: "2027-01-01T13:00:00Z", showsDigest: "b".repeat(64) };
    expect(Object.fromEntries(showStandings([older, takenOff], build, "c".repeat(64), NOW))).toEqual({
      galway: "live",
      cork: "leaving",
    });
  });

  it("is judged by the digest the build records of the same shows", async () => {
    const rows = [older, newer, off];
    const published = rows.filter((show) => show.published);
    // The build digests what the anon key reads: the public columns of the published shows.
    expect(await publishedDigest(rows)).toBe(showsDigest(published));
    expect(await publishedDigest([{ ...older, notes: "other words" }, newer])).toBe(showsDigest(published));
    expect(await publishedDigest([{ ...older, status: "cancelled" }, newer])).not.toBe(showsDigest(published));
  });
});

describe("a show in words", () => {
  it("says its doors on the venue's clock and how it stands", () => {
    expect(doorsText("2027-07-10T19:00:00Z", "Europe/Dublin")).toBe("Jul 10, 2027, 20:00 (Europe/Dublin)");
    // A zone the database knows and this browser does not still shows the time, in UTC.
    expect(doorsText("2027-07-10T19:00:00Z", "Mars/Olympus_Mons")).toBe(
      "Jul 10, 2027, 19:00 (UTC; the venue's zone is Mars/Olympus_Mons)",
    );
    const show = aShow("dublin", "2027-01-01T10:00:00Z");
    expect(statusText(show)).toBe("Scheduled");
    expect(statusText({ ...show, status: "sold-out" })).toBe("Sold out");
    expect(statusText({ ...show, status: "cancelled" })).toBe("Cancelled");
    // Once over (three hours after its doors), a show that went ahead is a past show; one called off is not.
    const after = new Date(Date.parse(show.starts_at) + 3 * 3_600_000);
    const before = new Date(after.getTime() - 60_000);
    expect(statusText({ ...show, status: "sold-out" }, before)).toBe("Sold out");
    expect(statusText({ ...show, status: "sold-out" }, after)).toBe("Past show");
    expect(statusText(show, after)).toBe("Past show");
    expect(statusText({ ...show, status: "cancelled" }, after)).toBe("Cancelled");
    expect(statusText({ ...show, status: "postponed" }, after)).toBe("Postponed");
    expect(statusText({ ...show, status: "rescheduled", previous_starts_at: "2027-06-01T19:00:00Z" })).toBe(
      "Rescheduled (was Jun 1, 2027, 20:00 (Europe/Dublin))",
    );
    // Marked sold out once moved, it still says it moved; moved once sold out, it still says it is sold out.
    expect(statusText({ ...show, status: "sold-out", previous_starts_at: "2027-06-01T19:00:00Z" })).toBe(
      "Sold out, rescheduled (was Jun 1, 2027, 20:00 (Europe/Dublin))",
    );
    expect(
      statusText({
        ...show,
        status: "rescheduled",
        previous_starts_at: "2027-06-01T19:00:00Z",
        availability: "sold-out",
      }),
    ).toBe("Sold out, rescheduled (was Jun 1, 2027, 20:00 (Europe/Dublin))");
  });

  it("stays postponed when marked sold out, and sold out when postponed: fans read both", () => {
    const show = { ...aShow("dublin", "2027-01-01T10:00:00Z"), price: 18.5, currency: "EUR" };
    expect(statusChange({ ...show, status: "postponed" }, "sold-out")).toEqual({ availability: "sold-out" });
    expect(statusChange({ ...show, status: "sold-out" }, "postponed")).toEqual({
      status: "postponed",
      availability: "sold-out",
    });
    expect(statusChange(show, "sold-out")).toEqual({ status: "sold-out" });
    expect(statusChange(show, "postponed")).toEqual({ status: "postponed" });
    expect(statusChange({ ...show, status: "sold-out" }, "cancelled")).toEqual({ status: "cancelled" });
    const both = { ...show, status: "postponed" as const, availability: "sold-out" };
    expect(statusText(both)).toBe("Postponed, sold out");
    expect(isSoldOut(both)).toBe(true);
    expect(isSoldOut({ ...show, status: "postponed" })).toBe(false);
    // What it is already is not offered again.
    expect(statusChange(both, "sold-out")).toBeNull();
    expect(statusChange(both, "postponed")).toBeNull();
    // Moved to its new day, it is rescheduled and still sold out.
    const moved = { ...both, ...rescheduledTo(both, "2027-02-01T20:00:00Z") };
    expect(moved.status).toBe("rescheduled");
    expect(isSoldOut(moved)).toBe(true);
  });

  it("puts a sold-out show back on sale as it stood before, its tickets no longer said sold out", () => {
    const show = { ...aShow("dublin", "2027-01-01T10:00:00Z"), price: 18.5, currency: "EUR" };
    expect(statusChange({ ...show, status: "sold-out" }, "on-sale")).toEqual({ status: "scheduled" });
    expect(statusChange({ ...show, status: "sold-out", availability: "sold-out" }, "on-sale")).toEqual({
      status: "scheduled",
      availability: null,
    });
    // Moved before it sold out, it is rescheduled again, and still says its first start.
    const moved = { ...show, status: "sold-out", previous_starts_at: "2026-12-01T20:00:00Z" };
    expect(statusChange(moved, "on-sale")).toEqual({ status: "rescheduled" });
    // Postponed and sold out, or moved once sold out: only the tickets change.
    const postponed = { ...show, status: "postponed", availability: "sold-out" };
    expect(statusChange(postponed, "on-sale")).toEqual({ availability: null });
    expect(statusChange({ ...postponed, status: "rescheduled" }, "on-sale")).toEqual({ availability: null });
    // Not offered to a show on sale already, nor to a cancelled one.
    expect(statusChange(show, "on-sale")).toBeNull();
    expect(statusChange({ ...show, status: "postponed" }, "on-sale")).toBeNull();
    expect(statusChange({ ...show, status: "cancelled", availability: "sold-out" }, "on-sale")).toBeNull();
  });

  it("keeps an availability only with a price, as the database does", () => {
    const show = { ...aShow("dublin", "2027-01-01T10:00:00Z"), price: null };
    expect(statusChange({ ...show, status: "postponed" }, "sold-out")).toBeNull();
    expect(statusChange({ ...show, status: "sold-out" }, "postponed")).toEqual({ status: "postponed" });
  });

  it("stays cancelled when its doors move, or move back: new doors never put a cancelled show back on", () => {
    const show = { ...aShow("dublin", "2027-01-01T10:00:00Z"), status: "cancelled" as const };
    expect(rescheduledTo(show, "2027-01-01T10:30:00Z")).toEqual({
      status: "cancelled",
      starts_at: "2027-01-01T10:30:00Z",
      previous_starts_at: show.starts_at,
    });
    const moved = { ...show, starts_at: "2027-01-01T10:30:00Z", previous_starts_at: show.starts_at };
    expect(rescheduledTo(moved, show.starts_at).status).toBe("cancelled");
  });

  it("moves to a new start keeping the one it had, a sold-out show staying sold out", () => {
    const show = aShow("dublin", "2027-01-01T10:00:00Z");
    const moved = "2027-02-01T20:00:00Z";
    expect(rescheduledTo(show, moved)).toEqual({
      status: "rescheduled",
      starts_at: moved,
      previous_starts_at: show.starts_at,
    });
    expect(rescheduledTo({ ...show, status: "postponed" }, moved).status).toBe("rescheduled");
    expect(rescheduledTo({ ...show, status: "sold-out" }, moved)).toEqual({
      status: "sold-out",
      starts_at: moved,
      previous_starts_at: show.starts_at,
    });
  });

  it("moved twice, keeps the start it was announced with; moved back to it, is no longer rescheduled", () => {
    const show = aShow("dublin", "2027-01-01T10:00:00Z");
    const announced = show.starts_at;
    const once = { ...show, ...rescheduledTo(show, "2027-02-01T20:00:00Z") };
    expect(rescheduledTo(once, "2027-03-01T20:00:00Z")).toEqual({
      status: "rescheduled",
      starts_at: "2027-03-01T20:00:00Z",
      previous_starts_at: announced,
    });
    expect(rescheduledTo(once, announced)).toEqual({
      status: "scheduled",
      starts_at: announced,
      previous_starts_at: null,
    });
    // Sold out, it stays so, and no longer says it moved.
    expect(rescheduledTo({ ...once, status: "sold-out" }, new Date(announced).toISOString())).toEqual({
      status: "sold-out",
      starts_at: new Date(announced).toISOString(),
      previous_starts_at: null,
    });
  });
});

describe("a gig on the website", () => {
  it("is shown on its show's day, where the venue is, once rescheduled; other events stay where they were added", () => {
    const gig = event("event-galway", "Galway gig", new Date(2027, 6, 10));
    const rehearsal = event("rehearsal", "Rehearsal", new Date(2027, 6, 10));
    const scheduled = aShow("galway", "2027-01-01T10:00:00Z", { event_id: "event-galway" });
    expect(placedAtShows([gig, rehearsal], [scheduled])).toEqual([{ ...gig, doors: scheduled.starts_at }, rehearsal]);
    // Rescheduled to doors at 00:30 on the 19th in Dublin (23:30 UTC on the 18th).
    const moved = { ...scheduled, status: "rescheduled", starts_at: "2027-07-18T23:30:00+00:00" };
    const [placed, kept] = placedAtShows([gig, rehearsal], [moved]);
    expect(placed).toMatchObject({ id: "event-galway", start_date: "2027-07-19T12:00:00.000Z" });
    expect(placed.end_date).toBe("2027-07-19T12:00:00.000Z");
    expect(kept).toBe(rehearsal);
    // A zone this browser does not know leaves it where it was added.
    expect(placedAtShows([gig], [{ ...moved, time_zone: "Mars/Olympus" }])).toEqual([
      { ...gig, doors: moved.starts_at },
    ]);
  });

  it("is marked cancelled once its show is, on its day or moved, and no other event is", () => {
    const gig = event("event-galway", "Galway gig", new Date(2027, 6, 10));
    const rehearsal = event("rehearsal", "Rehearsal", new Date(2027, 6, 10));
    const cancelled = aShow("galway", "2027-01-01T10:00:00Z", { event_id: "event-galway", status: "cancelled" });
    expect(placedAtShows([gig, rehearsal], [cancelled])).toEqual([
      { ...gig, cancelled: true, doors: cancelled.starts_at },
      rehearsal,
    ]);
    const [movedThenOff] = placedAtShows([gig], [{ ...cancelled, starts_at: "2027-07-18T19:00:00+00:00" }]);
    expect(movedThenOff).toMatchObject({ cancelled: true, start_date: "2027-07-18T12:00:00.000Z" });
    expect(dayLabel(new Date(2027, 6, 10), [movedThenOff, rehearsal])).toBe(
      "Jul 10, 2027, 2 events: Galway gig (gig, cancelled); Rehearsal (gig)",
    );
  });
});
