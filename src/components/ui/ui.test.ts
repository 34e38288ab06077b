// Non-text contrast (WCAG 1.4.11): the edge of every bordered control in the kit
// must reach 3:1 against the surfaces it sits on, white cards and the stone-50 page.
import colors from "tailwindcss/colors";
import { describe, expect, it } from "vitest";
import { buttonClass, controlBorder, inputClass, type ButtonVariant } from "./styles";

/** The colour a `border-<name>-<shade>` class paints, as #rrggbb. */
function borderColour(classes: string): string {
  const match = / border-([a-z]+)-(\d{2,3})(?:\s|$)/.exec(` ${classes} `);
  if (!match) throw new Error(`no border colour in "${classes}"`);
  const palette = (colors as unknown as Record<string, Record<string, string>>)[match[1]];
  return palette[match[2]];
}

function luminance(colour: string): number {
  // Tailwind writes white as #fff: expand the short form first.
  const hex = colour.length === 4 ? `#${[...colour.slice(1)].map((c) => c + c).join("")}` : colour;
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

const surfaces = { "a white card": colors.white, "the stone-50 page": colors.stone[50] };
const bordered: Record<string, string> = {
  "a text field": inputClass,
  "a secondary button": buttonClass({ variant: "secondary" }),
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
