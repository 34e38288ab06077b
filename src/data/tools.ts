/** Headings and descriptions of the team tool pages, and the team bar that links them. */
import type { NavLink } from "./site";

export const contactsCopy = {
  title: "Contacts",
  description: "The team's shared contact directory.",
} as const;

export const calendarCopy = {
  title: "Calendar",
  description: "The team's shared calendar of gigs, rehearsals, recording and promotion.",
} as const;

export const fansCopy = {
  title: "Fan sign-ups",
  description: "The team's list of fans who signed up for news.",
} as const;

/**
 * Said at the top of every team page to a browser that runs no JavaScript, in the voice of /listen's form: each
 * tool is an island that needs it, and would otherwise leave an empty card with no word of why.
 */
export const teamNoScript = "This page needs JavaScript. Turn it on in your browser to use it.";

/** The team bar on every team page, in this order; never in the public nav. */
export const teamLinks: readonly NavLink[] = [
  { href: "/roadmap", label: "Roadmap" },
  { href: "/contacts", label: "Contacts" },
  { href: "/calendar", label: "Calendar" },
  { href: "/fans", label: "Fans" },
];
