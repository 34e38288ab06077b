/** Copy of the home page hero. */
export const home = {
  tagline: 'Debut Single "Mother" out now',
  cta: { label: "Learn More", href: "/bio" },
  title: "Irish folk and indie singer-songwriter",
} as const;
