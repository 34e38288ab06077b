/** Copy of the home page hero. */
export const home = {
  tagline: 'Debut Single "Mother" out now',
  // The spec's button text; `context` is read by screen readers and search engines only,
  // because "Learn More" alone does not say where the link goes.
  cta: { label: "Learn More", context: "about the artist", href: "/bio" },
  /** The quieter second action: where to hear the single. */
  listen: { label: "Listen to “Mother”", href: "/listen" },
  title: "Irish folk and indie singer-songwriter",
} as const;
