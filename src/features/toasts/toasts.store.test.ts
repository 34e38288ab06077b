import { beforeEach, describe, expect, it } from "vitest";
import { $toasts, dequeueToast, showToast } from "./toasts.store";

describe("toast queue", () => {
  beforeEach(() => $toasts.set([]));

  it("queues toasts in order with a default style", () => {
    showToast({ title: "Contact added", description: "New contact has been added successfully" });
    showToast({ title: "Error", description: "Failed to add contact", variant: "destructive" });
    expect($toasts.get().map((t) => [t.title, t.variant])).toEqual([
      ["Contact added", "default"],
      ["Error", "destructive"],
    ]);
  });

  it("gives every toast its own id so two identical toasts both show", () => {
    const first = showToast({ title: "Added to cart" });
    const second = showToast({ title: "Added to cart" });
    expect(first).not.toBe(second);
    dequeueToast(first);
    expect($toasts.get().map((t) => t.id)).toEqual([second]);
  });

  it("lets a toast take the place of one it answers, keeping its id, instead of queueing beside it", () => {
    const denied = showToast({ title: "Access denied", description: "Incorrect password", variant: "destructive" });
    const other = showToast({ title: "Contacts loaded" });
    const granted = showToast({ title: "Access granted", replaces: denied });
    expect(granted).toBe(denied);
    expect($toasts.get().map((t) => [t.id, t.title, t.variant])).toEqual([
      [other, "Contacts loaded", "default"],
      [denied, "Access granted", "default"],
    ]);
    expect(showToast({ title: "Next" })).not.toBe(denied);
  });
});
