// The event-type colours of the day dots, card bars and legend carry meaning, so each must stand out
// from the white box it sits in by at least 3:1 (non-text contrast, WCAG 1.4.11); the legend shows
// them in the order of the type dropdown.
import colors from "tailwindcss/colors";
import { describe, expect, it } from "vitest";
import { EVENT_TYPES, eventTypeColourClass } from "./calendar";

/** The colour a `bg-<name>-<shade>` class paints, as #rrggbb. */
function fillColour(className: string): string {
  const match = /^bg-([a-z]+)-(\d{2,3})$/.exec(className);
  if (!match) throw new Error(`not a Tailwind background colour: "${className}"`);
  return (colors as unknown as Record<string, Record<string, string>>)[match[1]][match[2]];
}

function luminance(colour: string): number {
  // Tailwind writes white as #fff: expand the short form first.
  const hex = colour.length === 4 ? `#${[...colour.slice(1)].map((c) => c + c).join("")}` : colour;
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

describe("the event-type colours", () => {
  it("are listed away, gig, rehearsal, recording, promotion", () => {
    expect(EVENT_TYPES).toEqual(["away", "gig", "rehearsal", "recording", "promotion"]);
  });

  it.each(EVENT_TYPES.map((type) => [type]))("paint %s at least 3:1 against white", (type) => {
    expect(contrast(fillColour(eventTypeColourClass(type)), colors.white)).toBeGreaterThanOrEqual(3);
  });

  it("would fail a colour too faint to see, such as amber-400", () => {
    expect(contrast(fillColour("bg-amber-400"), colors.white)).toBeLessThan(3);
  });
});
