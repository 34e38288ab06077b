import { afterEach, describe, expect, it } from "vitest";
import { settle } from "../../test/deferred";
import { toastLines } from "../../test/toast-recorder";
import { $toasts } from "../toasts/toasts.store";
import { emails, loaded, row, setup } from "./fans.fake";

afterEach(() => $toasts.set([]));

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
    expect(read?.after).toBeUndefined(); // the first page: the rest are answered from the rows it is given
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

  it("lock the page, kept and with no error said, when the server refuses the session that clears them", async () => {
    const fake = await withHeld([row("held@example.com")]);
    const clearing = fake.list.releaseHeld(false);
    await settle();
    fake.functionCalls
      .find((entry) => entry.name === "fan_signups_release_held")
      ?.fail({ code: "PGRST303", message: "JWT expired" }, 401);
    expect(await clearing).toBe(false);
    expect(fake.refuse).toHaveBeenCalledWith(1);
    expect(fake.list.$held.get()).toHaveLength(1);
    expect(toastLines()).toEqual([]);
  });
});
