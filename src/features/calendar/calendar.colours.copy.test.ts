// The event-type colours of the day dots, card bars and legend carry meaning, so each must stand out
// from the white box it sits in by at least 3:1 (non-text contrast, WCAG 1.4.11); the legend shows
// them in the order of the type dropdown.
import colors from "tailwindcss/colors";
import { describe, expect, it } from "vitest";
import { contrast, tailwindColour } from "../../test/contrast";
import { EVENT_TYPES, eventTypeColourClass } from "./calendar";

/** The colour a `bg-<name>-<shade>` class paints. */
function fillColour(className: string): string {
  const colour = tailwindColour(className, "bg");
  if (!colour) throw new Error(`not a Tailwind background colour: "${className}"`);
  return colour;
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
