/** Copy and picture of the home page hero. */
import heroImage from "../assets/hero.jpg";

export const home = {
  /** The full-screen photo behind the hero's words; decorative, so it has no alt text. */
  image: heroImage,
  tagline: 'Debut Single "Mother" out now',
  // The spec's button text; `context` is read by screen readers and search engines only,
  // because "Learn More" alone does not say where the link goes.
  cta: { label: "Learn More", context: "about the artist", href: "/bio" },
  /** The quieter second action: where to hear the single. */
  listen: { label: "Listen to “Mother”", href: "/listen" },
  title: "Irish folk and indie singer-songwriter",
} as const;
