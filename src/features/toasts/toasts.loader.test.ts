// @vitest-environment jsdom
import { act, screen, waitFor } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { mountToasterOnFirstToast } from "./toasts.loader";
import { $toasts, showToast } from "./toasts.store";

/**
 * Waits as long as a busy machine needs: what is checked is that each toast shows, never how soon, and the
 * test's own timeout is the only limit.
 */
const patiently = { timeout: 15_000 };

afterEach(() => $toasts.set([]));

/**
 * Takes down the renderer a test mounted, its effects' clean-up done at once (act): nothing of it runs after the
 * test's document is gone (a toast's timer, React's work), which on a busy machine failed the run.
 */
let unmount: (() => void) | undefined;
afterAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await act(async () => unmount?.());
});

describe("the toast renderer", () => {
  // This mounts the renderer as the page does, with its own React root after an import, not through
  // the testing library's render and act(); React is told so, instead of warning about every update.
  beforeAll(async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    // The renderer's code (React DOM, the toast library) is transformed and loaded here, where the hook's
    // timeout allows for a loaded machine, so the test below waits only for React to render.
    await import("./toasts.mount");
  });

  it("asks for the renderer's code only when the first toast is queued, and only once", () => {
    const mount = vi.fn();
    const load = vi.fn(() => Promise.resolve({ mountToaster: mount }));
    mountToasterOnFirstToast(load);
    expect(load).not.toHaveBeenCalled();

    // The queue tells its listeners as it changes: the code is asked for within showToast itself.
    showToast({ title: "Saved" });
    expect(load).toHaveBeenCalledTimes(1);
    showToast({ title: "Saved again" });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("asks again at the next toast when the code could not be fetched (a signal lost for a moment), the missed one gone", async () => {
    const mount = vi.fn();
    const load = vi
      .fn<() => Promise<{ mountToaster: () => void }>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValue({ mountToaster: mount });
    const said = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      mountToasterOnFirstToast(load);
      showToast({ title: "Added to cart" });
      await vi.waitFor(() =>
        expect(said).toHaveBeenCalledWith("The notifications could not be loaded.", expect.any(TypeError)),
      );
      // What could not be shown then is not shown later, beside what is said by then.
      expect($toasts.get()).toEqual([]);
      showToast({ title: "Added to cart" });
      expect($toasts.get()).toHaveLength(1);
      expect(load).toHaveBeenCalledTimes(2);
      await vi.waitFor(() => expect(mount).toHaveBeenCalledTimes(1));
      showToast({ title: "Added to cart" });
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      said.mockRestore();
    }
  });

  it("starts at once when an island toasted before the page's script ran", () => {
    showToast({ title: "Early" });
    const load = vi.fn(() => Promise.resolve({ mountToaster: vi.fn() }));
    mountToasterOnFirstToast(load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("shows the first toast once started, and later ones in the same renderer", async () => {
    const { mountToaster } = await import("./toasts.mount");
    mountToasterOnFirstToast(async () => ({ mountToaster: () => (unmount = mountToaster()) }));
    expect(document.querySelector("[data-toaster]")).toBeNull();

    showToast({ title: "Saved", description: "Your change is safe" });
    expect(await screen.findByText("Your change is safe", {}, patiently)).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Saved");

    showToast({ title: "Failed", variant: "destructive" });
    expect(await screen.findByRole("alert", {}, patiently)).toHaveTextContent("Failed");
    await waitFor(() => expect(document.querySelectorAll("[data-toaster]")).toHaveLength(1), patiently);
  });
});
