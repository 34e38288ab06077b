import { describe, expect, it } from "vitest";
import {
  choosePlacement,
  DEFAULT_PLACEMENT,
  overlaps,
  stackBand,
  stackExtent,
  toastsOverCap,
  type Placement,
  type Rect,
  type Surroundings,
} from "./toasts.placement";

const rect = (left: number, top: number, width: number, height: number): Rect => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});

const desktop = { width: 1280, height: 800 };
// Three toasts of 80 px on a 1280 × 800 desktop, at the right.
const stack = stackExtent([rect(944, 0, 320, 80), rect(944, 88, 320, 80), rect(944, 176, 320, 80)])!;
// One "Task deleted" toast with its Undo, as the roadmap shows it.
const oneToast = { width: 320, height: 118 };

/** Where the stack would cover, for a readable expectation. */
const bandAt = (placement: Placement, size = stack) => stackBand(placement, size, desktop);
const coveredBy = (placement: Placement, controls: readonly Rect[], size = stack) =>
  controls.filter((control) => overlaps(bandAt(placement, size), control));

// The roadmap at 1280 × 800, scrolled so that its summary's three buttons are just under the sticky nav.
const nav = [rect(80, 26, 109, 28), rect(933, 20, 63, 40), rect(1012, 20, 42, 40), rect(1135, 20, 65, 40)];
const summary = [rect(534, 70, 210, 34), rect(752, 70, 209, 34), rect(969, 70, 210, 34)];
const groupForms = [101, 482, 864].flatMap((left) => [rect(left, 246, 146, 42), rect(left + 248, 246, 67, 42)]);
const tasks = [101, 482, 864].flatMap((left) =>
  [322, 387, 452, 517, 582, 647, 712].flatMap((top) => [rect(left, top, 20, 20), rect(left + 279, top - 8, 36, 36)]),
);
const roadmap = [...nav, ...summary, ...groupForms, ...tasks];

describe("the stack of toasts", () => {
  it("measures as wide as its widest toast and as tall as its toasts with the gutters between", () => {
    expect(stack).toEqual({ width: 320, height: 256 });
    expect(stackExtent([])).toBeNull();
  });

  it("covers a band 16 px in from the edges of its corner, or as far down as a place in between says", () => {
    expect(bandAt(DEFAULT_PLACEMENT)).toEqual({ left: 944, right: 1264, top: 528, bottom: 784 });
    expect(bandAt({ position: "top-right", inset: 16 })).toEqual({ left: 944, right: 1264, top: 16, bottom: 272 });
    expect(bandAt({ position: "top-left", inset: 300 })).toEqual({ left: 16, right: 336, top: 300, bottom: 556 });
    expect(bandAt({ position: "bottom-left", inset: 16 })).toEqual({ left: 16, right: 336, top: 528, bottom: 784 });
  });

  it("overlaps only what shares area with it", () => {
    expect(overlaps(rect(0, 0, 10, 10), rect(5, 5, 10, 10))).toBe(true);
    expect(overlaps(rect(0, 0, 10, 10), rect(10, 0, 10, 10))).toBe(false);
    expect(overlaps(rect(0, 0, 10, 10), rect(0, 20, 10, 10))).toBe(false);
  });
});

describe("where the toasts stand", () => {
  it("stand at the bottom right while nothing a person could use is there", () => {
    expect(choosePlacement(stack, desktop, { controls: [] })).toEqual(DEFAULT_PLACEMENT);
    expect(choosePlacement(stack, desktop, { controls: [rect(0, 500, 600, 300), ...nav] })).toEqual(DEFAULT_PLACEMENT);
  });

  it("on the roadmap, with buttons under both right-hand edges, stand in the clear gap between the summary and the groups", () => {
    // The bottom right covers delete buttons, the top right the nav and "Reset to defaults".
    expect(coveredBy(DEFAULT_PLACEMENT, roadmap, oneToast)).not.toEqual([]);
    expect(coveredBy({ position: "top-right", inset: 16 }, roadmap, oneToast)).toContainEqual(summary[2]);
    const placement = choosePlacement(oneToast, desktop, { controls: roadmap });
    expect(placement.position).toBe("top-right");
    expect(coveredBy(placement, roadmap, oneToast)).toEqual([]);
    expect(bandAt(placement, oneToast).top).toBeGreaterThanOrEqual(104);
    expect(bandAt(placement, oneToast).bottom).toBeLessThanOrEqual(246);
  });

  it("go to the left when no place on the right keeps every control clear", () => {
    // Buttons all down the right-hand column, none at the bottom left.
    const column = [16, 96, 176, 256, 336, 416, 496, 576, 656, 736].map((top) => rect(1000, top, 200, 40));
    const placement = choosePlacement(stack, desktop, { controls: [...column, rect(400, 700, 100, 40)] });
    expect(placement).toEqual({ position: "bottom-left", inset: 16 });
  });

  it("keep their place while it stays clear, so they do not wander as the page scrolls", () => {
    const gap: Placement = { position: "top-right", inset: 300 };
    expect(choosePlacement(stack, desktop, { controls: [] }, gap)).toEqual(gap);
    // Once a control scrolls under them, they move to a clear place.
    const moved = choosePlacement(stack, desktop, { controls: [rect(1000, 400, 100, 40)] }, gap);
    expect(moved).toEqual(DEFAULT_PLACEMENT);
  });

  it("when every place covers a control, keep the control in use and its form clear, then cover the fewest", () => {
    // A phone of 375 × 667, toasts the width of the screen: the nav at the top, a form of five fields below.
    const phone = { width: 375, height: 667 };
    const wide = { width: 343, height: 184 };
    const links = [16, 83, 128, 182].map((left) => rect(left, 44, 45, 40));
    const fields = [253, 335, 417, 499, 557].map((top) => rect(37, top, 301, 40));
    const form = rect(21, 230, 333, 400);
    const surroundings: Surroundings = { controls: [...links, ...fields], inUse: { control: fields[0]!, area: form } };
    const placement = choosePlacement(wide, phone, surroundings);
    const band = stackBand(placement, wide, phone);
    expect(overlaps(band, form)).toBe(false);
    expect(placement).toEqual({ position: "top-right", inset: 16 });
    // Nothing in use: the fewest controls covered, one field under the nav rather than four links or two fields.
    const fewest = stackBand(choosePlacement(wide, phone, { controls: [...links, ...fields] }), wide, phone);
    expect([...links, ...fields].filter((control) => overlaps(fewest, control))).toEqual([fields[0]]);
  });

  it("go to the top when the bottom would cover the card in use, its Save and Cancel", () => {
    const lowCard = rect(880, 420, 370, 330);
    const lowButtons = [rect(900, 700, 60, 36), rect(968, 700, 80, 36)];
    const placement = choosePlacement(stack, desktop, {
      controls: lowButtons,
      inUse: { control: lowButtons[0]!, area: lowCard },
    });
    expect(placement).toEqual({ position: "top-right", inset: 16 });
  });
});

describe("how many toasts stand at once", () => {
  const toast = (id: string, createdAt: number, held = false, visible = true) => ({ id, createdAt, held, visible });

  it("closes the oldest beyond three, counting only those still on screen", () => {
    const six = [5, 1, 3, 2, 6, 4].map((at) => toast(`t${at}`, at));
    expect(toastsOverCap(six)).toEqual(["t1", "t2", "t3"]);
    expect(toastsOverCap([toast("gone", 0, false, false), toast("a", 1), toast("b", 2), toast("c", 3)])).toEqual([]);
  });

  it("never closes one held open by focus inside it", () => {
    expect(toastsOverCap([toast("held", 1, true), toast("a", 2), toast("b", 3), toast("c", 4)])).toEqual(["a"]);
  });
});
