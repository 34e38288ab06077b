// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { mountToasterOnFirstToast } from "./toaster-loader";
import { showToast } from "./toasts.store";

describe("the toast renderer", () => {
  // This mounts the renderer as the page does, with its own React root after an import, not through
  // the testing library's render and act(); React is told so, instead of warning about every update.
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  });

  it("is not started until a toast is queued, then shows that toast", async () => {
    mountToasterOnFirstToast();
    // Give a wrongly eager loader time to mount.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector("[data-toaster]")).toBeNull();

    showToast({ title: "Saved", description: "Your change is safe" });
    // The first toast waits for the renderer's code to load, which on a busy machine takes more than findBy's second.
    expect(await screen.findByText("Your change is safe", {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Saved");

    showToast({ title: "Failed", variant: "destructive" });
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed");
    await waitFor(() => expect(document.querySelectorAll("[data-toaster]")).toHaveLength(1));
  });
});
