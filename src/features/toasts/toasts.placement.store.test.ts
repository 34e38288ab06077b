// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createToastPlacement } from "./toasts.placement.store";

const BOTTOM_RIGHT = { position: "bottom-right", inset: 16 };
const TOP_RIGHT = { position: "top-right", inset: 16 };

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
    Object.defineProperty(document.documentElement, "clientHeight", { value: 800, configurable: true });
    Object.defineProperty(document.documentElement, "clientWidth", { value: 1280, configurable: true });
    // Three toasts of 80 px at the right (one of them already fading out, not counted), and a card low down.
    place(byId("t1"), 944, 600, 320, 80);
    place(byId("t2"), 944, 688, 320, 80);
    place(byId("gone"), 944, 512, 320, 80);
    place(byId("card").querySelector("form")!, 880, 420, 370, 330);
    place(byId("name"), 900, 440, 330, 40);
    place(byId("save"), 900, 700, 60, 36);
    place(byId("cancel"), 968, 700, 80, 36);
    place(byId("search"), 16, 120, 400, 40);
    // The card's own controls are visible, wherever the toasts go.
    for (const control of document.querySelectorAll("input, button")) control.checkVisibility = () => true;
    const placement = createToastPlacement({ window, requestFrame: (run) => frames.push(run) });
    stop = placement.start(byId("toaster"));
    const nextFrame = () => frames.splice(0).forEach((run) => run());
    return { placement, byId, nextFrame };
  };
  beforeEach(() => {
    frames = [];
  });
  afterEach(() => stop());

  it("moves off the card's Save and Cancel at the bottom right, measuring once a frame however often asked", () => {
    const { placement, byId, nextFrame } = setUp();
    byId("name").dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    byId("save").dispatchEvent(new Event("pointerdown", { bubbles: true }));
    window.dispatchEvent(new Event("scroll"));
    expect(frames).toHaveLength(1);
    nextFrame();
    expect(placement.$placement.get()).toEqual(TOP_RIGHT);
  });

  it("stays at the bottom right when the controls there are hidden, and takes no notice of a press on a toast", () => {
    const { placement, byId, nextFrame } = setUp();
    for (const id of ["name", "save", "cancel"]) byId(id).checkVisibility = () => false;
    byId("t1").dispatchEvent(new Event("pointerdown", { bubbles: true }));
    expect(frames).toHaveLength(0);
    placement.update();
    nextFrame();
    expect(placement.$placement.get()).toEqual(BOTTOM_RIGHT);
  });

  it("finds the clear gap on the left, between the search box and the card in use, when the right side is full", () => {
    const { placement, byId, nextFrame } = setUp();
    // Buttons down the whole right-hand side, none clear; the card low on the left is the one in use.
    document.body.insertAdjacentHTML("beforeend", "<nav>" + "<a href='#'>x</a>".repeat(10) + "</nav>");
    document.querySelectorAll("nav a").forEach((link, index) => place(link, 950, 16 + index * 80, 300, 40));
    place(byId("card").querySelector("form")!, 16, 420, 370, 330);
    place(byId("name"), 30, 440, 330, 40);
    byId("name").dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    nextFrame();
    // Every place on the right covers links, the bottom left the card, the top left the search box.
    expect(placement.$placement.get()).toEqual({ position: "top-left", inset: 420 - 4 - 168 });
  });

  it("goes back to the bottom right when the card scrolls up out of the way, and stops following once stopped", () => {
    const { placement, byId, nextFrame } = setUp();
    byId("save").dispatchEvent(new Event("pointerdown", { bubbles: true }));
    nextFrame();
    expect(placement.$placement.get()).toEqual(TOP_RIGHT);
    place(byId("card").querySelector("form")!, 880, 20, 370, 330);
    place(byId("name"), 900, 40, 330, 40);
    place(byId("save"), 900, 300, 60, 36);
    place(byId("cancel"), 968, 300, 80, 36);
    window.dispatchEvent(new Event("scroll"));
    nextFrame();
    expect(placement.$placement.get()).toEqual(BOTTOM_RIGHT);
    stop();
    place(byId("card").querySelector("form")!, 880, 420, 370, 330);
    window.dispatchEvent(new Event("scroll"));
    expect(frames).toHaveLength(0);
  });
});
