// @vitest-environment jsdom
import { act, render, screen } from "@testing-library/react";
import { Suspense, useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { lazyRetried } from "./lazy-retried";

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

describe("a part fetched when first shown", () => {
  it("says it could not be loaded when its code does not come, and fetches it again when opened anew", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { load, Lazy } = partFailing(1);
    render(<Toggled Lazy={Lazy} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("the show could not be loaded");

    act(() => screen.getByRole("button", { name: "Toggle" }).click());
    act(() => screen.getByRole("button", { name: "Toggle" }).click());
    expect(await screen.findByText("The part of the show")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("fetches its code again once the browser is back online, without being opened anew", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { load, Lazy } = partFailing(1);
    render(<Toggled Lazy={Lazy} />);
    await screen.findByRole("alert");
    // The message's effects have run (it listens from then on).
    await act(async () => {});

    act(() => void window.dispatchEvent(new Event("online")));
    expect(await screen.findByText("The part of the show")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("asks once for code that does not come while nothing changes, not again and again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { load, Lazy } = partFailing(Infinity);
    render(<Toggled Lazy={Lazy} />);
    await screen.findByRole("alert");
    for (let turn = 0; turn < 5; turn += 1) await act(async () => {});
    expect(screen.getByRole("alert")).toHaveTextContent("the show could not be loaded");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("fetches code that came once only once, however often the part is opened", async () => {
    const { load, Lazy } = partFailing(0);
    render(<Toggled Lazy={Lazy} />);
    await screen.findByText("The part of the show");
    act(() => screen.getByRole("button", { name: "Toggle" }).click());
    act(() => screen.getByRole("button", { name: "Toggle" }).click());
    expect(await screen.findByText("The part of the show")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
