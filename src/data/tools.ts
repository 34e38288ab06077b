/** Headings and descriptions of the team tool pages. */
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
