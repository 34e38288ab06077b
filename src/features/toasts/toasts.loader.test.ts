// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { mountToasterOnFirstToast } from "./toasts.loader";
import { showToast } from "./toasts.store";

/**
 * Waits as long as a busy machine needs: what is checked is that each toast shows, never how soon, and the
 * test's own timeout is the only limit.
 */
const patiently = { timeout: 15_000 };

describe("the toast renderer", () => {
  // This mounts the renderer as the page does, with its own React root after an import, not through
  // the testing library's render and act(); React is told so, instead of warning about every update.
  beforeAll(async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    // The renderer's code (React DOM, the toast library) is transformed and loaded here, where the hook's
    // timeout allows for a loaded machine, so the test below waits only for React to render.
    await import("./toasts.mount");
  });

  it("is not started until a toast is queued, then shows that toast", async () => {
    mountToasterOnFirstToast();
    // Give a wrongly eager loader time to mount.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector("[data-toaster]")).toBeNull();

    showToast({ title: "Saved", description: "Your change is safe" });
    expect(await screen.findByText("Your change is safe", {}, patiently)).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Saved");

    showToast({ title: "Failed", variant: "destructive" });
    expect(await screen.findByRole("alert", {}, patiently)).toHaveTextContent("Failed");
    await waitFor(() => expect(document.querySelectorAll("[data-toaster]")).toHaveLength(1), patiently);
  });
});
