/**
 * Every link to the artist elsewhere: the streaming services (her profile, and
 * where the single plays) and her social profiles, plus where the sign-up form
 * lives. The URLs are placeholders until the real profiles are set: change one
 * here and the footer on every page, /listen, the press kit and the structured
 * data follow.
 */

/** The services the site draws an icon for (src/components/ServiceIcon.astro). */
export type ServiceId = "spotify" | "apple-music" | "bandcamp" | "youtube" | "instagram" | "tiktok" | "facebook";

export type StreamingService = {
  id: ServiceId;
  name: string;
  /** The artist's page on the service (footer, structured data). */
  profile: string;
  /** Where the single "Mother" plays on the service (the buttons on /listen). */
  single: string;
};

export type SocialProfile = { id: ServiceId; name: string; href: string };

export const streaming: readonly StreamingService[] = [
  {
    id: "spotify",
    name: "Spotify",
    profile: "https://open.spotify.com/artist/0rlaQu1nlanPlaceholder",
    single: "https://open.spotify.com/track/M0therS1nglePlaceholder",
  },
  {
    id: "apple-music",
    name: "Apple Music",
    profile: "https://music.apple.com/ie/artist/orla-quinlan/0000000000",
    single: "https://music.apple.com/ie/album/mother-single/0000000001",
  },
  {
    id: "bandcamp",
    name: "Bandcamp",
    profile: "https://orlaquinlan.bandcamp.example",
    single: "https://orlaquinlan.bandcamp.example/track/mother",
  },
  {
    id: "youtube",
    name: "YouTube",
    profile: "https://www.youtube.com/@OrlaQuinlanPlaceholder",
    single: "https://www.youtube.com/watch?v=M0therPlace",
  },
];

export const social: readonly SocialProfile[] = [
  { id: "instagram", name: "Instagram", href: "https://www.instagram.com/orlaquinlan.placeholder" },
  { id: "tiktok", name: "TikTok", href: "https://www.tiktok.com/@orlaquinlan.placeholder" },
  { id: "facebook", name: "Facebook", href: "https://www.facebook.com/orlaquinlan.placeholder" },
];

/** The debut EP's page, which the press kit links beside the artist's Spotify profile. */
export const epPage = "https://orlaquinlan.bandcamp.example/album/mother-ep";

/** One service's entry; throws at build time if the id is missing, rather than rendering a dead link. */
export function streamingService(id: ServiceId): StreamingService {
  const service = streaming.find((entry) => entry.id === id);
  if (!service) throw new Error(`No streaming service "${id}" in src/data/links.ts`);
  return service;
}

/** Every profile of the artist, for schema.org's sameAs. */
export const profileUrls: readonly string[] = [
  ...streaming.map((service) => service.profile),
  ...social.map((s) => s.href),
];

/** The sign-up form's place: the footer and the merch page link here. */
export const signupHref = "/listen#signup";

/** The footer's words. */
export const footer = {
  listenHeading: "Listen",
  followHeading: "Follow",
  /** Accessible name of each icon link: "Orla Quinlan on Spotify". */
  onService: (artist: string, service: string) => `${artist} on ${service}`,
  signup: { label: "Sign up for news", href: signupHref },
} as const;
