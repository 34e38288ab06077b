import { describe, expect, it } from "vitest";
import { deferred, settle } from "../../test/deferred";
import { fakeTime } from "../../test/fake-time";
import { coalescedReloads, RELOAD_GATHER_MS } from "./calendar.reload";

describe("reloading the list after changes", () => {
  /** Timers the test moves by hand, and a read whose replies it sends. */
  function harness() {
    const time = fakeTime(0);
    const replies: (() => void)[] = [];
    let reads = 0;
    const read = () => {
      reads += 1;
      const reply = deferred();
      replies.push(reply.resolve);
      return reply.promise;
    };
    return {
      timers: time.timers,
      read,
      reads: () => reads,
      pending: time.pending,
      async advance(ms: number) {
        time.advance(ms);
        await settle();
      },
      async reply() {
        replies.shift()?.();
        await settle();
      },
    };
  }

  it("gathers a burst of changes into one read", async () => {
    const h = harness();
    const reloads = coalescedReloads(h.read, h.timers);
    for (let i = 0; i < 50; i += 1) reloads.request();
    expect(h.reads()).toBe(0);
    await h.advance(RELOAD_GATHER_MS);
    expect(h.reads()).toBe(1);
    await h.reply();
    await h.advance(1000);
    expect(h.reads()).toBe(1);
    expect(h.pending()).toBe(0);
  });

  it("reads exactly once more for changes that arrive during a read, so the list ends up current", async () => {
    const h = harness();
    const reloads = coalescedReloads(h.read, h.timers);
    reloads.request();
    await h.advance(RELOAD_GATHER_MS);
    expect(h.reads()).toBe(1);
    for (let i = 0; i < 20; i += 1) reloads.request();
    await h.advance(1000);
    expect(h.reads()).toBe(1); // never two reads at once
    await h.reply();
    await h.advance(RELOAD_GATHER_MS);
    expect(h.reads()).toBe(2);
    await h.reply();
    await h.advance(1000);
    expect(h.reads()).toBe(2);
  });

  it("reads each change that comes after the last read has finished", async () => {
    const h = harness();
    const reloads = coalescedReloads(h.read, h.timers);
    for (let change = 1; change <= 3; change += 1) {
      reloads.request();
      await h.advance(RELOAD_GATHER_MS);
      await h.reply();
      expect(h.reads()).toBe(change);
    }
  });

  it("goes on after a failed read, and stops when cancelled", async () => {
    const h = harness();
    let fail = true;
    let reads = 0;
    const reloads = coalescedReloads(async () => {
      reads += 1;
      if (fail) throw new Error("offline");
    }, h.timers);
    reloads.request();
    await h.advance(RELOAD_GATHER_MS);
    fail = false;
    reloads.request();
    await h.advance(RELOAD_GATHER_MS);
    expect(reads).toBe(2);
    reloads.request();
    reloads.cancel();
    await h.advance(1000);
    expect(reads).toBe(2);
    expect(h.pending()).toBe(0);
  });
});
