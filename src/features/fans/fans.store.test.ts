import { afterEach, describe, expect, it } from "vitest";
import { settle } from "../../test/deferred";
import { fakeClient } from "../../test/fake-client";
import { toastLines } from "../../test/toast-recorder";
import { $toasts } from "../toasts/toasts.store";
import type { FansClient } from "./fans.api";
import { createFansList } from "./fans.store";

const row = (email: string, created_at = "2025-03-07T09:05:00+00:00", interest = "all") => ({
  id: `id-${email}`,
  email,
  interest,
  created_at,
});

/** A sign-up list on a fake client, with a team session that only counts how often it is watched. */
function setup() {
  const fake = fakeClient();
  const watching = { count: 0 };
  const list = createFansList({
    client: async () => fake.client as unknown as FansClient,
    session: {
      watch: () => {
        watching.count += 1;
        return () => (watching.count -= 1);
      },
    },
    now: () => Date.parse("2025-03-08T10:00:00Z"),
  });
  return { ...fake, list, watching };
}

const emails = (list: ReturnType<typeof setup>["list"]) => list.$signups.get()?.map((signup) => signup.email);

/** Started, with the list read. */
async function loaded(rows = [row("new@example.com"), row("old@example.com")]) {
  const fake = setup();
  const stop = fake.list.start();
  await settle();
  fake.waitingReads()[0].answer(rows);
  await settle();
  return { ...fake, stop };
}

afterEach(() => $toasts.set([]));

describe("the sign-up list", () => {
  it("shows Loading until the list is read, then every sign-up in the order read, checked, and their count", async () => {
    const fake = setup();
    fake.list.start();
    expect(fake.list.$signups.get()).toBeNull();
    await settle();
    expect(fake.reads.map((read) => [read.table, read.range])).toEqual([["fan_signups", [0, 999]]]);
    fake.reads[0].answer([row("new@example.com"), { ...row("broken@example.com"), created_at: "never" }]);
    await settle();
    expect(emails(fake.list)).toEqual(["new@example.com"]);
    expect(fake.list.$count.get()).toBe(1);
  });

  it("reads past a thousand sign-ups, a page at a time", async () => {
    const fake = setup();
    fake.list.start();
    await settle();
    fake.reads[0].answer(Array.from({ length: 1000 }, (_, i) => row(`fan${i}@example.com`)));
    await settle();
    expect(fake.list.$signups.get()).toBeNull();
    expect(fake.reads[1].range).toEqual([1000, 1999]);
    fake.reads[1].answer([row("last@example.com")]);
    await settle();
    expect(fake.list.$count.get()).toBe(1001);
    expect(emails(fake.list)?.at(-1)).toBe("last@example.com");
  });

  it("says why when the list cannot be read, and stays on Loading", async () => {
    const fake = setup();
    fake.list.start();
    await settle();
    fake.reads[0].fail({ code: "42501", message: "permission denied for table fan_signups" }, 401);
    await settle();
    expect(toastLines()).toEqual(["Error loading sign-ups: permission denied for table fan_signups"]);
    expect($toasts.get()[0].variant).toBe("destructive");
    expect(fake.list.$signups.get()).toBeNull();
  });

  it("reads how many sign-ups an allowance refused, beside the list", async () => {
    const fake = await loaded();
    expect(fake.functionCalls.map((call) => [call.name, call.args])).toEqual([["fan_signups_refused", {}]]);
    expect(fake.list.$refused.get()).toBeNull();
    fake.functionCalls[0].answer(3);
    await settle();
    expect(fake.list.$refused.get()).toBe(3);
  });

  it("says nothing of refused sign-ups, and no toast, when they cannot be counted", async () => {
    for (const fail of [
      (fake: Awaited<ReturnType<typeof loaded>>) =>
        fake.functionCalls[0].fail({ code: "PGRST202", message: "Could not find the function" }, 404),
      (fake: Awaited<ReturnType<typeof loaded>>) => fake.functionCalls[0].answer("lots"),
    ]) {
      const fake = await loaded();
      fail(fake);
      await settle();
      expect(fake.list.$refused.get()).toBeNull();
      expect(emails(fake.list)).toEqual(["new@example.com", "old@example.com"]);
      expect(toastLines()).toEqual([]);
    }
  });

  it("checks the team session while the list is shown, and no longer once it is gone", async () => {
    const fake = await loaded();
    expect(fake.watching.count).toBe(1);
    fake.stop();
    expect(fake.watching.count).toBe(0);
  });
});

describe("removing an address", () => {
  it("asks first, and Keep leaves the address where it is", async () => {
    const fake = await loaded();
    fake.list.askToRemove("id-old@example.com");
    expect(fake.list.$confirming.get()).toBe("id-old@example.com");
    fake.list.keep();
    expect(fake.list.$confirming.get()).toBeNull();
    expect(fake.writes).toEqual([]);
    expect(emails(fake.list)).toEqual(["new@example.com", "old@example.com"]);
  });

  it("takes the row off the list once the server has removed it, and says so", async () => {
    const fake = await loaded();
    fake.list.askToRemove("id-old@example.com");
    const removing = fake.list.remove("id-old@example.com");
    expect(fake.list.$confirming.get()).toBeNull();
    await settle();
    expect(fake.writes.map(({ table, kind, value }) => [table, kind, value])).toEqual([
      ["fan_signups", "delete", "id-old@example.com"],
    ]);
    // Still listed until the server answers.
    expect(fake.list.$count.get()).toBe(2);
    fake.writes[0].answer();
    expect(await removing).toBe(true);
    expect(emails(fake.list)).toEqual(["new@example.com"]);
    expect(fake.list.$count.get()).toBe(1);
    expect(toastLines()).toEqual(["Address removed: old@example.com is off the list"]);
  });

  it("says an address a teammate removed first was already off the list, and takes it off this one", async () => {
    const fake = await loaded();
    fake.list.askToRemove("id-old@example.com");
    const removing = fake.list.remove("id-old@example.com");
    await settle();
    fake.writes[0].answer([]);
    expect(await removing).toBe(true);
    expect(emails(fake.list)).toEqual(["new@example.com"]);
    expect(toastLines()).toEqual(["Address already removed: old@example.com was already off the list"]);
  });

  it("keeps the row, and says why, when the removal fails", async () => {
    const fake = await loaded();
    fake.list.askToRemove("id-old@example.com");
    const removing = fake.list.remove("id-old@example.com");
    await settle();
    fake.writes[0].fail({ message: "permission denied for table fan_signups" }, 403);
    expect(await removing).toBe(false);
    expect(emails(fake.list)).toEqual(["new@example.com", "old@example.com"]);
    expect(toastLines()).toEqual(["Error removing address: permission denied for table fan_signups"]);
    expect($toasts.get()[0].variant).toBe("destructive");
  });
});

describe("the CSV download", () => {
  /** "Download CSV" on `fake`, its read answered with `rows` (or failed when `rows` is an Error). */
  async function download(fake: Awaited<ReturnType<typeof loaded>>, rows: ReturnType<typeof row>[] | Error) {
    const file = fake.list.csvFile();
    await settle();
    // The list's own read (the held sign-ups' read, made once the list was shown, may still wait).
    const read = fake.waitingReads().find((waiting) => waiting.table === "fan_signups");
    if (!read) throw new Error("no read of the list is waiting");
    if (rows instanceof Error) read.fail({ message: rows.message }, 503);
    else read.answer(rows);
    return file;
  }

  it("offers nothing while the list, read afresh, is empty", async () => {
    const fake = await loaded([]);
    expect(fake.list.$count.get()).toBe(0);
    expect(await download(fake, [])).toBeNull();
  });

  it("is the list read afresh, a fan who signed up since included and shown, dated by the clock, as UTF-8 CSV", async () => {
    const fake = await loaded([row("old@example.com")]);
    const file = await download(fake, [
      row("new@example.com", "2025-03-08T09:00:00+00:00", "tshirts"),
      row("old@example.com"),
    ]);
    expect(file).toEqual({
      filename: "fan-signups-2025-03-08.csv",
      mimeType: "text/csv;charset=utf-8",
      text:
        '"email","wants","signed_up"\r\n' +
        '"new@example.com","T-shirts","2025-03-08T09:00:00+00:00"\r\n' +
        '"old@example.com","All news","2025-03-07T09:05:00+00:00"\r\n',
    });
    expect(emails(fake.list)).toEqual(["new@example.com", "old@example.com"]);
  });

  it("gives no file, and says why, when the list cannot be read", async () => {
    const fake = await loaded([row("old@example.com")]);
    expect(await download(fake, new Error("offline"))).toBeNull();
    expect(toastLines()).toEqual([expect.stringMatching(/^Error loading sign-ups: /)]);
    expect(emails(fake.list)).toEqual(["old@example.com"]);
  });
});

describe("the held sign-ups", () => {
  /** Loaded, with `held` read once the list is shown. */
  async function withHeld(held = [row("held-new@example.com"), row("held-old@example.com")]) {
    const fake = await loaded();
    const read = fake.reads.find((entry) => entry.table === "fan_signups_held");
    expect(read?.range).toEqual([0, 999]);
    read?.answer(held);
    await settle();
    return fake;
  }

  it("are read once the list is shown, apart from it; none read says nothing, and no toast", async () => {
    const fake = setup();
    fake.list.start();
    await settle();
    expect(fake.reads.map((read) => read.table)).toEqual(["fan_signups"]);
    fake.reads[0].answer([row("listed@example.com")]);
    await settle();
    fake.reads[1].fail({ code: "42P01", message: "relation does not exist" }, 404);
    await settle();
    expect(fake.list.$held.get()).toBeNull();
    expect(toastLines()).toEqual([]);
    const shown = await withHeld();
    expect(shown.list.$held.get()?.map((signup) => signup.email)).toEqual([
      "held-new@example.com",
      "held-old@example.com",
    ]);
    expect(emails(shown.list)).toEqual(["new@example.com", "old@example.com"]);
  });

  it("are added to the list in one action: the list is read again and the held list empties", async () => {
    const fake = await withHeld();
    const adding = fake.list.releaseHeld(true);
    await settle();
    const call = fake.functionCalls.find((entry) => entry.name === "fan_signups_release_held");
    expect(call?.args).toEqual({ accept: true });
    call?.answer(2);
    await settle();
    const again = fake.reads.filter((entry) => entry.table === "fan_signups").at(-1);
    again?.answer([
      row("held-new@example.com"),
      row("new@example.com"),
      row("old@example.com"),
      row("held-old@example.com"),
    ]);
    expect(await adding).toBe(true);
    expect(fake.list.$held.get()).toEqual([]);
    expect(fake.list.$count.get()).toBe(4);
    expect(toastLines()).toEqual(["Held sign-ups added: 2 held sign-ups added to the list"]);
  });

  it("are cleared in one action, and a failure keeps them and says why", async () => {
    const fake = await withHeld([row("held@example.com")]);
    const failing = fake.list.releaseHeld(false);
    await settle();
    fake.functionCalls.find((entry) => entry.name === "fan_signups_release_held")?.fail({ message: "offline" }, 0);
    expect(await failing).toBe(false);
    expect(fake.list.$held.get()).toHaveLength(1);
    expect(toastLines()).toEqual(["Error clearing held sign-ups: offline"]);
    $toasts.set([]);
    const clearing = fake.list.releaseHeld(false);
    await settle();
    const calls = fake.functionCalls.filter((entry) => entry.name === "fan_signups_release_held");
    expect(calls.at(-1)?.args).toEqual({ accept: false });
    calls.at(-1)?.answer(1);
    expect(await clearing).toBe(true);
    expect(fake.list.$held.get()).toEqual([]);
    expect(emails(fake.list)).toEqual(["new@example.com", "old@example.com"]);
    expect(toastLines()).toEqual(["Held sign-ups cleared: 1 held sign-up cleared"]);
  });
});
