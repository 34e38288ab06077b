// @vitest-environment jsdom
import { act, render, screen } from "@testing-library/react";
import { Suspense, useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { RETRY_FIRST_MS } from "./back-off";
import { lazyRetried } from "./lazy-retried";
import { settle } from "../test/deferred";
import { withVitestClock } from "../test/fake-time";

withVitestClock();

const Part = ({ name }: { name: string }) => <p>The part of {name}</p>;
const Unavailable = ({ name }: { name: string }) => <p role="alert">{name} could not be loaded</p>;

/** A part whose code fails to come `failures` times, then comes; and how many times it was asked for. */
function partFailing(failures: number) {
  const load = vi.fn(async () => {
    if (load.mock.calls.length <= failures) throw new TypeError("Failed to fetch dynamically imported module");
    return Part;
  });
  return { load, Lazy: lazyRetried(load, Unavailable) };
}

/** The part behind a toggle, as a card's "Manage the show" opens and closes it. */
function Toggled({ Lazy }: { Lazy: ReturnType<typeof partFailing>["Lazy"] }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button onClick={() => setOpen(!open)}>Toggle</button>
      {open ? (
        <Suspense fallback={<p>Loading...</p>}>
          <Lazy name="the show" />
        </Suspense>
      ) : null}
    </>
  );
}

/** The part shown, its code failed once and its message's effects run (it tries again from then on). */
async function shownFailed(failures: number) {
  vi.spyOn(console, "error").mockImplementation(() => {});
  const part = partFailing(failures);
  render(<Toggled Lazy={part.Lazy} />);
  await act(settle);
  await act(settle);
  expect(screen.getByRole("alert")).toHaveTextContent("the show could not be loaded");
  expect(part.load).toHaveBeenCalledTimes(1);
  return part;
}

/** Moves the fake clock on by `ms` and lets what that fetched settle. */
async function wait(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
    await settle();
  });
  await act(settle);
}

describe("a part fetched when first shown", () => {
  it("says it could not be loaded when its code does not come, and fetches it again when opened anew", async () => {
    const { load } = await shownFailed(1);
    act(() => screen.getByRole("button", { name: "Toggle" }).click());
    act(() => screen.getByRole("button", { name: "Toggle" }).click());
    await act(settle);
    await act(settle);
    expect(screen.getByText("The part of the show")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("fetches its code again once the browser is back online, without being opened anew", async () => {
    const { load } = await shownFailed(1);
    act(() => void window.dispatchEvent(new Event("online")));
    await act(settle);
    expect(screen.getByText("The part of the show")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("fetches its code again after 2 s, 4 s, 8 s while shown, saying it could not be loaded until it comes", async () => {
    const { load } = await shownFailed(3);
    const message = screen.getByRole("alert");
    for (const [after, asked] of [
      [RETRY_FIRST_MS, 2],
      [RETRY_FIRST_MS * 2, 3],
    ]) {
      await wait(after - 1);
      expect(load).toHaveBeenCalledTimes(asked - 1);
      await wait(1);
      expect(load).toHaveBeenCalledTimes(asked);
      // The same message stays while its code is asked for (a screen reader does not hear it again).
      expect(screen.getByRole("alert")).toBe(message);
    }
    await wait(RETRY_FIRST_MS * 4);
    expect(load).toHaveBeenCalledTimes(4);
    expect(screen.getByText("The part of the show")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    // Come: nothing more is asked for, however long it stays open.
    await wait(10 * 60_000);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it("waits at most a minute between tries while its code does not come, and stops once closed", async () => {
    const { load } = await shownFailed(Infinity);
    let asked = 1;
    for (const after of [2, 4, 8, 16, 32, 60, 60].map((seconds) => seconds * 1000)) {
      await wait(after - 1);
      expect(load).toHaveBeenCalledTimes(asked);
      await wait(1);
      asked += 1;
      expect(load).toHaveBeenCalledTimes(asked);
    }
    act(() => screen.getByRole("button", { name: "Toggle" }).click());
    await wait(10 * 60_000);
    expect(load).toHaveBeenCalledTimes(asked);
  });

  it("tries again soon after the browser says it is online a moment before its connection carries anything", async () => {
    const { load } = await shownFailed(3);
    await wait(RETRY_FIRST_MS);
    expect(load).toHaveBeenCalledTimes(2);
    // The next try would be 4 s later; online comes first, and its try fails too.
    await act(async () => {
      window.dispatchEvent(new Event("online"));
      await settle();
    });
    expect(load).toHaveBeenCalledTimes(3);
    expect(screen.getByRole("alert")).toHaveTextContent("the show could not be loaded");
    // Another 2 s, and the code comes: not left broken until the part is opened anew.
    await wait(RETRY_FIRST_MS);
    expect(load).toHaveBeenCalledTimes(4);
    expect(screen.getByText("The part of the show")).toBeTruthy();
  });

  it("fetches its code at once when Try again is pressed", async () => {
    const { load } = await shownFailed(1);
    await act(async () => {
      screen.getByRole("button", { name: "Try again" }).click();
      await settle();
    });
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByText("The part of the show")).toBeTruthy();
  });

  it("asks once for code that does not come while nothing changes, not again and again", async () => {
    const { load } = await shownFailed(Infinity);
    for (let turn = 0; turn < 5; turn += 1) await act(settle);
    expect(screen.getByRole("alert")).toHaveTextContent("the show could not be loaded");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("fetches code that came once only once, however often the part is opened", async () => {
    const { load, Lazy } = partFailing(0);
    render(<Toggled Lazy={Lazy} />);
    await act(settle);
    expect(screen.getByText("The part of the show")).toBeTruthy();
    act(() => screen.getByRole("button", { name: "Toggle" }).click());
    act(() => screen.getByRole("button", { name: "Toggle" }).click());
    await act(settle);
    expect(screen.getByText("The part of the show")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
