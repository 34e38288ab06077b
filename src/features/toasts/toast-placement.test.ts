import { describe, expect, it } from "vitest";
import { choosePlacement, overlaps, stackBand, stackExtent, type Rect } from "./toast-placement";

const rect = (left: number, top: number, width: number, height: number): Rect => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});

// Three toasts of 80 px on a 1280 × 800 desktop, at the right.
const stack = stackExtent([rect(944, 0, 320, 80), rect(944, 88, 320, 80), rect(944, 176, 320, 80)])!;

describe("the stack of toasts", () => {
  it("measures as wide as its widest toast and as tall as its toasts with the gutters between", () => {
    expect(stack).toEqual({ left: 944, right: 1264, height: 256 });
    expect(stackExtent([])).toBeNull();
  });

  it("covers a band 16 px in from the edge it stands at", () => {
    expect(stackBand("bottom", stack, 800)).toEqual({ left: 944, right: 1264, top: 528, bottom: 784 });
    expect(stackBand("top", stack, 800)).toEqual({ left: 944, right: 1264, top: 16, bottom: 272 });
  });

  it("overlaps only what shares area with it", () => {
    expect(overlaps(rect(0, 0, 10, 10), rect(5, 5, 10, 10))).toBe(true);
    expect(overlaps(rect(0, 0, 10, 10), rect(10, 0, 10, 10))).toBe(false);
    expect(overlaps(rect(0, 0, 10, 10), rect(0, 20, 10, 10))).toBe(false);
  });
});

describe("where the toasts stand", () => {
  // A card being edited in the third column, low on the screen, with Save and Cancel at its foot.
  const lowCard = rect(880, 420, 370, 330);
  const lowButtons = [rect(900, 700, 60, 36), rect(968, 700, 80, 36)];

  it("stand at the bottom when nothing is in use there, or nothing is in use at all", () => {
    expect(choosePlacement(stack, 800, [])).toBe("bottom");
    expect(choosePlacement(stack, 800, [[rect(0, 500, 600, 300)]])).toBe("bottom");
  });

  it("go to the top when the bottom would cover the card in use, its Save and Cancel", () => {
    expect(choosePlacement(stack, 800, [[lowCard], lowButtons])).toBe("top");
  });

  it("keep the card's controls clear when the card is too tall for either edge to miss it", () => {
    // A tall card from top to bottom; its inputs up high, its buttons low: the top covers only text.
    const tall = rect(880, 80, 370, 700);
    const inputs = [rect(900, 300, 330, 40), rect(900, 350, 330, 40)];
    expect(choosePlacement(stack, 800, [[tall], [...inputs, ...lowButtons]])).toBe("top");
    // Buttons up high too: the bottom then covers no control.
    expect(choosePlacement(stack, 800, [[tall], [...inputs, rect(900, 100, 60, 36)]])).toBe("bottom");
  });

  it("at least keep the control last touched clear, and stay at the bottom if even that cannot be", () => {
    const tall = rect(880, 80, 370, 700);
    const everywhere = [rect(900, 100, 60, 36), rect(900, 700, 60, 36)];
    expect(choosePlacement(stack, 800, [[tall], everywhere, [rect(900, 700, 60, 36)]])).toBe("top");
    expect(choosePlacement(stack, 800, [[tall], everywhere])).toBe("bottom");
  });

  it("on a phone, where the stack spans the width, go wherever the form in use is not", () => {
    const phone = stackExtent([rect(39, 0, 320, 90), rect(39, 98, 320, 90), rect(39, 196, 320, 90)])!;
    expect(choosePlacement(phone, 667, [[rect(16, 380, 343, 280)]])).toBe("top");
    expect(choosePlacement(phone, 667, [[rect(16, 60, 343, 280)]])).toBe("bottom");
  });
});
