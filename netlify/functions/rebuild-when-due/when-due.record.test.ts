// The live site's record as the scheduled function reads it (/build-info.json), and the change due in it: the
// record's next, or a later one that has passed too (its news, or the instants after a build that failed).
import { describe, expect, it } from "vitest";
import { buildInfo, showOverBeforeRelease } from "./build-info.fake";
import { dueRecord, readRecord, whenDue } from "./when-due";

const PERIOD = 10 * 60_000;

describe("the live record", () => {
  it("is read when the build wrote it, and refused with the reason otherwise", () => {
    expect(readRecord(JSON.stringify({ builtAt: "x", nextChangeAt: null, nextChangeReason: null }))).toEqual({
      builtAt: "x",
      nextChangeAt: null,
      nextChangeReason: null,
      // A record from before the field: its next change waits as a show's end does.
      nextChangeInBrowser: true,
      // A record from before these: no news known beyond its next change.
      nextNewsAt: null,
      nextNewsReason: null,
      // A record from before this: no instant known after its next change.
      laterChanges: [],
      showsDigest: null,
    });
    expect(
      readRecord(
        JSON.stringify({ builtAt: "x", nextChangeAt: null, nextChangeReason: null, nextChangeInBrowser: false }),
      ),
    ).toMatchObject({ nextChangeInBrowser: false });
    expect(readRecord("<html>")).toBe("it is not JSON");
    expect(readRecord("null")).toBe("it lacks builtAt, nextChangeAt or nextChangeReason");
    expect(readRecord(JSON.stringify({ builtAt: "x", nextChangeAt: "soon", nextChangeReason: null }))).toBe(
      "it lacks builtAt, nextChangeAt or nextChangeReason",
    );
  });

  it("keeps later fields a build may add", () => {
    const record = {
      ...buildInfo({
        builtAt: "x",
        nextChangeAt: null,
        nextChangeReason: null,
        nextChangeInBrowser: true,
        nextNewsAt: "2026-11-15T00:00:00.000Z",
        nextNewsReason: "“Tides” (tides) comes out",
        showsDigest: "abc",
      }),
      later: 1,
    };
    expect(readRecord(JSON.stringify(record))).toEqual(record);
  });
});

describe("the change due", () => {
  const waiting = buildInfo({ ...showOverBeforeRelease, showsDigest: null });

  it("is the record's next change until its next news has passed too", () => {
    expect(dueRecord(waiting, new Date("2026-11-14T23:50:00Z"), PERIOD)).toBe(waiting);
  });

  it("is the news once it has passed, a change no browser makes, asked once for its own instant", () => {
    const due = dueRecord(waiting, new Date("2026-11-15T00:00:00Z"), PERIOD);
    expect(due).toMatchObject({
      nextChangeAt: "2026-11-15T00:00:00.000Z",
      nextChangeReason: "“Tides” (tides) comes out",
      nextChangeInBrowser: false,
    });
    const asked = { instant: "2026-11-15T00:00:00.000Z", at: "2026-11-15T00:00:00.000Z" };
    expect(whenDue(due, new Date("2026-11-15T02:00:00Z"), PERIOD, asked)).toMatchObject({ build: false });
  });

  it("is the record as it is when it has no news field (a build from before it)", () => {
    const old = { ...waiting, nextNewsAt: null, nextNewsReason: null };
    expect(dueRecord(old, new Date("2026-11-16T00:00:00Z"), PERIOD)).toBe(old);
  });

  it("is, once instants after the next have passed too, the latest of them: as news when one of them is news", () => {
    const failed = buildInfo({
      builtAt: "2026-11-01T12:00:00.000Z",
      nextChangeAt: "2026-11-03T23:00:00.000Z",
      nextChangeReason: "the Cork show (cork) is over",
      laterChanges: [
        { at: "2026-11-06T23:00:00.000Z", reason: "the Sligo show (sligo) is over", inBrowser: true },
        { at: "2026-11-07T00:00:00.000Z", reason: "“Tides” (tides) comes out", inBrowser: false },
        { at: "2026-11-09T23:00:00.000Z", reason: "the Kerry show (kerry) is over", inBrowser: true },
      ],
      nextNewsAt: "2026-11-07T00:00:00.000Z",
      nextNewsReason: "“Tides” (tides) comes out",
    });
    // Only the next one passed: the record as it is (its build may be on its way, or failed: ./when-due.ts says).
    expect(dueRecord(failed, new Date("2026-11-06T22:50:00Z"), PERIOD)).toBe(failed);
    expect(dueRecord(failed, new Date("2026-11-06T23:00:00Z"), PERIOD)).toMatchObject({
      nextChangeAt: "2026-11-06T23:00:00.000Z",
      nextChangeReason: "the Sligo show (sligo) is over",
      nextChangeInBrowser: true,
    });
    // The build for the Cork show failed: the Sligo show's end is asked once, then no more.
    const asked = { instant: "2026-11-03T23:00:00.000Z", at: "2026-11-03T23:00:00.000Z" };
    const sligo = dueRecord(failed, new Date("2026-11-06T23:00:00Z"), PERIOD);
    expect(whenDue(sligo, new Date("2026-11-06T23:00:00Z"), PERIOD, asked)).toMatchObject({ build: true });
    const askedSligo = { instant: "2026-11-06T23:00:00.000Z", at: "2026-11-06T23:00:00.000Z" };
    expect(whenDue(sligo, new Date("2026-11-06T23:50:00Z"), PERIOD, askedSligo)).toMatchObject({ build: false });
    // Past the release and the Kerry show: the latest instant, asked as the news it holds.
    expect(dueRecord(failed, new Date("2026-11-10T00:00:00Z"), PERIOD)).toMatchObject({
      nextChangeAt: "2026-11-09T23:00:00.000Z",
      nextChangeReason: "“Tides” (tides) comes out",
      nextChangeInBrowser: false,
    });
  });

  it("reads as none the later instants of a record that lists them wrong", () => {
    const listed = (laterChanges: unknown) => readRecord(JSON.stringify({ ...buildInfo(), laterChanges }));
    const good = { at: "2026-11-06T23:00:00.000Z", reason: "the Sligo show (sligo) is over", inBrowser: true };
    expect(listed([good])).toMatchObject({ laterChanges: [good] });
    for (const wrong of [null, "soon", {}, [null], [{ ...good, at: "soon" }], [{ ...good, inBrowser: "yes" }]]) {
      expect(listed(wrong)).toMatchObject({ laterChanges: [] });
    }
  });
});
