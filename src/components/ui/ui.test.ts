// Non-text contrast (WCAG 1.4.11): the edge of every bordered control in the kit
// must reach 3:1 against the surfaces it sits on, white cards and the stone-50 page.
import colors from "tailwindcss/colors";
import { describe, expect, it } from "vitest";
import { contrast, tailwindColour } from "../../test/contrast";
import { buttonClass, controlBorder, inputClass, type ButtonVariant } from "./styles";

/** The colour of a class list's border, which every bordered control must have. */
function borderColour(classes: string): string {
  const colour = tailwindColour(classes, "border");
  if (!colour) throw new Error(`no border colour in "${classes}"`);
  return colour;
}

const surfaces = { "a white card": colors.white, "the stone-50 page": colors.stone[50] };
const bordered: Record<string, string> = {
  "a text field": inputClass,
  "a secondary button": buttonClass({ variant: "secondary" }),
  "an outlined call to action": buttonClass({ variant: "outline" }),
  "a bordered control": controlBorder,
};

describe("the UI kit's control edges", () => {
  for (const [control, classes] of Object.entries(bordered)) {
    for (const [surface, background] of Object.entries(surfaces)) {
      it(`gives ${control} an edge of at least 3:1 on ${surface}`, () => {
        expect(contrast(borderColour(classes), background)).toBeGreaterThanOrEqual(3);
      });
    }
  }

  it("measures the old stone-300 edge as too faint, so the check can fail", () => {
    expect(contrast(colors.stone[300], colors.white)).toBeLessThan(3);
  });

  it("gives the filled buttons, which have no border, a fill of at least 3:1 on white", () => {
    const primary: ButtonVariant = "primary";
    expect(buttonClass({ variant: primary })).toContain("bg-stone-900");
    expect(contrast(colors.stone[900], colors.white)).toBeGreaterThanOrEqual(3);
  });
});
