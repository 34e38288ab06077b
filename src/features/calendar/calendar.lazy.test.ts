import { afterEach, describe, expect, it, vi } from "vitest";
import { $toasts } from "../toasts/toasts.store";
import { toastLines } from "../../test/toast-recorder";
import { addGigOnWebsite } from "./calendar.lazy";
import { NO_CONNECTION_TEXT } from "./calendar.fake";

afterEach(() => {
  $toasts.set([]);
  vi.unstubAllGlobals();
});

describe("Add Event with Put on the website, offline before its code has come", () => {
  it("says Error adding event in the words of a lost connection, as for a gig that cannot be sent", async () => {
    vi.stubGlobal("navigator", { onLine: false });

    await addGigOnWebsite();

    expect(toastLines()).toEqual([`Error adding event: ${NO_CONNECTION_TEXT}`]);
  });
});
