import { afterEach, describe, expect, it } from "vitest";
import { settle } from "../../test/deferred";
import { afterId } from "../../test/fake-pages";
import { toastLines } from "../../test/toast-recorder";
import { $toasts } from "../toasts/toasts.store";
import { emails, loaded, row, setup } from "./fans.fake";

afterEach(() => $toasts.set([]));

describe("the sign-up list", () => {
  it("shows Loading until the list is read, then every sign-up in the order read, checked, and their count", async () => {
    const fake = setup();
    fake.list.start();
    expect(fake.list.$signups.get()).toBeNull();
    await settle();
    expect(fake.reads.map((read) => [read.table, read.after])).toEqual([["fan_signups", undefined]]);
    fake.reads[0].answer([row("new@example.com"), { ...row("broken@example.com"), created_at: "never" }]);
    await settle();
    expect(emails(fake.list)).toEqual(["new@example.com"]);
    expect(fake.list.$count.get()).toBe(1);
  });

  it("reads past a thousand sign-ups, a page at a time, each after the last one read", async () => {
    const fake = setup();
    fake.list.start();
    await settle();
    const signups = Array.from({ length: 1000 }, (_, i) => row(`fan${i}@example.com`));
    fake.reads[0].answer([...signups, row("last@example.com")]);
    await settle();
    const pages = fake.requests.filter((request) => request.table === "fan_signups");
    expect(pages.map((page) => [afterId(page), page.limit])).toEqual([
      [undefined, 1000],
      ["id-fan999@example.com", 1000],
    ]);
    expect(fake.list.$count.get()).toBe(1001);
    expect(emails(fake.list)?.at(-1)).toBe("last@example.com");
  });

  it("says why when the list cannot be read, and stays on Loading", async () => {
    const fake = setup();
    fake.list.start();
    await settle();
    fake.reads[0].fail({ message: "Service Unavailable" }, 503);
    await settle();
    expect(toastLines()).toEqual(["Error loading sign-ups: Service Unavailable"]);
    expect($toasts.get()[0].variant).toBe("destructive");
    expect(fake.list.$signups.get()).toBeNull();
    expect(fake.refuse).not.toHaveBeenCalled();
  });

  it("locks the page, saying no error, when the server refuses the session the list is read with", async () => {
    const fake = setup();
    fake.list.start();
    await settle();
    fake.reads[0].fail({ code: "42501", message: "permission denied for table fan_signups" }, 401);
    await settle();
    expect(fake.refuse).toHaveBeenCalledWith(1);
    expect(toastLines()).toEqual([]);
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
    fake.writes[0].fail({ message: "Service Unavailable" }, 503);
    expect(await removing).toBe(false);
    expect(emails(fake.list)).toEqual(["new@example.com", "old@example.com"]);
    expect(toastLines()).toEqual(["Error removing address: Service Unavailable"]);
    expect($toasts.get()[0].variant).toBe("destructive");
    expect(fake.refuse).not.toHaveBeenCalled();
  });

  it("locks the page, keeping the row and saying no error, when the server refuses the session", async () => {
    for (const [error, status] of [
      [{ message: "JWT expired", code: "PGRST303" }, 401],
      [{ message: "permission denied for table fan_signups", code: "42501" }, 403],
    ] as const) {
      const fake = await loaded();
      fake.list.askToRemove("id-old@example.com");
      const removing = fake.list.remove("id-old@example.com");
      await settle();
      // Signed in again while the removal was on its way: the refusal is of the opening it was made in, which
      // the session knows is over, so the new one is not locked.
      fake.opening.current = 2;
      fake.writes[0].fail(error, status);
      expect(await removing).toBe(false);
      expect(fake.refuse).toHaveBeenCalledWith(1);
      expect(emails(fake.list)).toEqual(["new@example.com", "old@example.com"]);
      expect(toastLines()).toEqual([]);
    }
  });
});
