/**
 * The site's visual primitives as class strings: every button, field, card, page
 * heading and focus ring takes its classes from here, so each style decision lives
 * once. Astro components read them at build time (no JavaScript shipped); islands
 * use the React components beside this file, which read the same strings.
 *
 * A control's edge must reach 3:1 against what it sits on (WCAG 1.4.11, non-text
 * contrast): stone-500 is 4.8:1 on white and 4.6:1 on the stone-50 page.
 * `ui.test.ts` measures every control class against both.
 */

/** The one keyboard focus ring, for controls on light backgrounds. */
export const focusRing =
  "focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900";

/** The same ring for controls on dark backgrounds (the hero photo, dark buttons' surroundings). */
export const focusRingOnDark =
  "focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

/** The edge of every bordered control: text fields, secondary buttons, steppers. */
export const controlBorder = "border border-stone-500";

export type ButtonVariant = "primary" | "secondary" | "outline" | "ghost" | "light";
type ButtonSize = "sm" | "md" | "lg" | "icon" | "touch";

const buttonBase =
  "inline-flex items-center justify-center gap-2 font-semibold disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60";

const buttonVariants: Record<ButtonVariant, string> = {
  /** The one main action of a form or page. */
  primary: `bg-stone-900 text-white hover:bg-stone-700 ${focusRing}`,
  /** Every other action: outlined, so its edge is visible at 3:1. */
  secondary: `${controlBorder} bg-white text-stone-900 hover:bg-stone-100 ${focusRing}`,
  /** The public pages' outlined calls to action (streaming, tickets, sign-up): a dark edge, as strong as the text. */
  outline: `border border-stone-900 bg-white text-stone-900 hover:bg-stone-100 ${focusRing}`,
  /** Quiet actions inside a card (close, undo in a toast). */
  ghost: `text-stone-900 hover:bg-stone-100 ${focusRing}`,
  /** A solid light button on a dark photo (the hero). */
  light: `bg-white text-stone-900 hover:bg-stone-200 ${focusRingOnDark}`,
};

const buttonSizes: Record<ButtonSize, string> = {
  sm: "px-3 py-1.5 text-sm",
  md: "px-4 py-2",
  lg: "px-6 py-3",
  icon: "h-10 w-10 shrink-0",
  /** A 44 px square: the touch target of controls a fan uses on a phone (carousel arrows, the quantity stepper). */
  touch: "h-11 w-11 shrink-0",
};

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Fully rounded, as the public pages' calls to action are. */
  pill?: boolean;
}

/** The classes of a button (or a link styled as one). */
export function buttonClass({ variant = "primary", size = "md", pill = false }: ButtonStyle = {}): string {
  return `${buttonBase} ${pill ? "rounded-full" : "rounded-md"} ${buttonSizes[size]} ${buttonVariants[variant]}`;
}

/** A single-line text input, select or textarea. */
export const inputClass = `block w-full rounded-md ${controlBorder} bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-500 ${focusRing} aria-[invalid=true]:border-red-700`;

/** A text link in running text or on its own line: underlined, darker grey on hover. */
export const linkClass = "underline underline-offset-4 hover:text-stone-700";

/** The visible label above a field. */
export const labelClass = "block text-sm font-semibold text-stone-900";

/** A white card on the page: the shell of every panel, form and list item. */
export const cardClass = "rounded-lg border border-stone-200 bg-white shadow-sm";

/** The `h1` of every page but the home page's hero. */
export const pageHeadingClass = "font-serif text-4xl font-semibold hyphens-auto";

/**
 * Text a person typed (a title, a description, a link, a name), broken anywhere once a word is wider than its box.
 * Unlike `break-words`, a long word then no longer sets how narrow its box may be: in a grid or flex column, or
 * a table cell, a pasted link would otherwise widen the column, and the page with it, past a phone's screen.
 */
export const wrapAnywhere = "[overflow-wrap:anywhere]";

/** Joins class strings, skipping empty ones. */
export function cx(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(" ");
}

/** The `h2` that titles a section or card of a page (the press kit's cards, the tour card, a form). */
export const sectionHeadingClass = "font-serif text-2xl font-semibold";
