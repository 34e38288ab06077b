/**
 * WCAG contrast of Tailwind colour classes, for the tests that hold the site's
 * controls and colour codes to 3:1 (non-text contrast, WCAG 1.4.11).
 */
import colors from "tailwindcss/colors";

const palette = colors as unknown as Record<string, Record<string, string>>;

/** The colour a `<prefix>-<name>-<shade>` class paints (e.g. `border-stone-500`), or undefined if it names none. */
export function tailwindColour(classes: string, prefix: "border" | "bg"): string | undefined {
  const match = new RegExp(`(?:^|\\s)${prefix}-([a-z]+)-(\\d{2,3})(?:\\s|$)`).exec(classes);
  return match ? palette[match[1]]?.[match[2]] : undefined;
}

function luminance(colour: string): number {
  // Tailwind writes white as #fff: expand the short form first.
  const hex = colour.length === 4 ? `#${[...colour.slice(1)].map((c) => c + c).join("")}` : colour;
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rgb/#rrggbb colours. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}
