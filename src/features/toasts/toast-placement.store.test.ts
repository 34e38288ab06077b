// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createToastPlacement } from "./toast-placement.store";

/** Gives an element the box a browser would lay it out in (jsdom lays out nothing). */
function place(element: Element, left: number, top: number, width: number, height: number) {
  element.getBoundingClientRect = () => new DOMRect(left, top, width, height);
  return element;
}

describe("the toasts' placement on a 1280 × 800 page", () => {
  let frames: (() => void)[] = [];
  let stop = () => {};
  const setUp = () => {
    document.body.innerHTML = `
      <article id="card"><form><input id="name"><button id="save">Save</button><button id="cancel">Cancel</button></form></article>
      <input id="search">
      <div id="toaster"><div data-toast-visible id="t1"></div><div data-toast-visible id="t2"></div><div id="gone"></div></div>`;
    const byId = (id: string) => document.getElementById(id)!;
    Object.defineProperty(window, "innerHeight", { value: 800, configurable: true });
    // Three toasts of 80 px at the right (one of them already fading out, not counted), and a card low down.
    place(byId("t1"), 944, 600, 320, 80);
    place(byId("t2"), 944, 688, 320, 80);
    place(byId("gone"), 944, 512, 320, 80);
    place(byId("card").querySelector("form")!, 880, 420, 370, 330);
    place(byId("name"), 900, 440, 330, 40);
    place(byId("save"), 900, 700, 60, 36);
    place(byId("cancel"), 968, 700, 80, 36);
    place(byId("search"), 16, 120, 400, 40);
    const placement = createToastPlacement({ window, requestFrame: (run) => frames.push(run) });
    stop = placement.start(byId("toaster"));
    const nextFrame = () => frames.splice(0).forEach((run) => run());
    return { placement, byId, nextFrame };
  };
  beforeEach(() => {
    frames = [];
  });
  afterEach(() => stop());

  it("stays at the bottom until something there is in use", () => {
    const { placement, byId, nextFrame } = setUp();
    placement.update();
    nextFrame();
    expect(placement.$placement.get()).toBe("bottom");
    byId("search").dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    nextFrame();
    expect(placement.$placement.get()).toBe("bottom");
  });

  it("moves to the top once a control of the low card is focused or pressed, and measures once a frame", () => {
    const { placement, byId, nextFrame } = setUp();
    byId("name").dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    byId("save").dispatchEvent(new Event("pointerdown", { bubbles: true }));
    window.dispatchEvent(new Event("scroll"));
    expect(frames).toHaveLength(1);
    nextFrame();
    expect(placement.$placement.get()).toBe("top");
  });

  it("takes no notice of a press on a toast's own button", () => {
    const { placement, byId, nextFrame } = setUp();
    byId("t1").dispatchEvent(new Event("pointerdown", { bubbles: true }));
    expect(frames).toHaveLength(0);
    placement.update();
    nextFrame();
    expect(placement.$placement.get()).toBe("bottom");
  });

  it("goes back to the bottom when the card scrolls up out of the way, and stops following once stopped", () => {
    const { placement, byId, nextFrame } = setUp();
    byId("save").dispatchEvent(new Event("pointerdown", { bubbles: true }));
    nextFrame();
    expect(placement.$placement.get()).toBe("top");
    place(byId("card").querySelector("form")!, 880, 20, 370, 330);
    place(byId("save"), 900, 300, 60, 36);
    window.dispatchEvent(new Event("scroll"));
    nextFrame();
    expect(placement.$placement.get()).toBe("bottom");
    stop();
    place(byId("card").querySelector("form")!, 880, 420, 370, 330);
    window.dispatchEvent(new Event("scroll"));
    expect(frames).toHaveLength(0);
  });
});
