/**
 * Every link to the artist elsewhere: her profiles on the streaming services and social networks
 * (src/content/links.yaml), where the featured single plays on each service (its release entry in
 * src/content/releases.yaml), and where the sign-up form lives. Change a profile in the content and
 * the footer on every page, /listen, the press kit and the structured data follow.
 */
import type { serviceIds } from "../lib/content-schemas";
import { content, featuredRelease } from "./content";

/** The services the site draws an icon for (src/components/ServiceIcon.astro). */
export type ServiceId = (typeof serviceIds)[number];

export type StreamingService = {
  id: ServiceId;
  name: string;
  /** The artist's page on the service (footer, structured data). */
  profile: string;
  /** Where the featured single plays on the service (the buttons on /listen), when it is there. */
  single?: string;
};

export type SocialProfile = { id: ServiceId; name: string; href: string };

export const streaming: readonly StreamingService[] = content.links
  .filter((link) => link.kind === "streaming")
  .map(({ id, name, url }) => ({
    id,
    name,
    profile: url,
    single: featuredRelease.listen[id as keyof typeof featuredRelease.listen],
  }));

export const social: readonly SocialProfile[] = content.links
  .filter((link) => link.kind === "social")
  .map(({ id, name, url }) => ({ id, name, href: url }));

// A listen link needs the service's profile: its name labels the button.
for (const service of Object.keys(featuredRelease.listen)) {
  if (!streaming.some((profile) => profile.id === service)) {
    throw new Error(
      `src/content/releases.yaml, release "${featuredRelease.id}", field listen.${service}: ` +
        `src/content/links.yaml has no streaming profile with id ${service}`,
    );
  }
}

/** A profile by service; throws at build time if the content has none, rather than rendering a dead link. */
export function profileOf(id: ServiceId): string {
  const link = content.links.find((entry) => entry.id === id);
  if (!link) throw new Error(`No profile "${id}" in src/content/links.yaml`);
  return link.url;
}

/** Every profile of the artist, for schema.org's sameAs. */
export const profileUrls: readonly string[] = content.links.map((link) => link.url);

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
