/**
 * E-mail addresses that look like another: a domain that mixes Latin letters with Cyrillic or
 * Greek ones ("booker@оrlaquinlan.example", its "о" Cyrillic) reads as a familiar address and
 * delivers somewhere else. The card and the history say so and show the domain as mail actually
 * travels to it, in punycode ("xn--rlaquinlan-…"), where the two can no longer be confused.
 * Saving is not refused here: what the table refuses is the server's call. Pure.
 */

/** The scripts whose letters pass for Latin ones (Cyrillic "о", "а", "е"; Greek "ο", "ν"), by name. */
const SCRIPTS = [
  ["Latin", /\p{Script=Latin}/u],
  ["Cyrillic", /\p{Script=Cyrillic}/u],
  ["Greek", /\p{Script=Greek}/u],
] as const;

export type LookalikeDomain = {
  /** The domain as written. */
  domain: string;
  /** The scripts its letters come from, Latin first: ["Latin", "Cyrillic"]. */
  scripts: string[];
  /** The domain in ASCII (punycode), as mail is sent to it; null when it is not a domain at all. */
  ascii: string | null;
};

/** The domain of an e-mail field when it mixes Latin with Cyrillic or Greek letters; null for any other. */
export function lookalikeDomain(email: string | null): LookalikeDomain | null {
  if (!email) return null;
  const domain = email.slice(email.lastIndexOf("@") + 1).trim();
  const scripts: string[] = SCRIPTS.filter(([, letters]) => letters.test(domain)).map(([name]) => name);
  if (scripts[0] !== "Latin" || scripts.length < 2) return null;
  let ascii: string | null;
  try {
    // The URL parser applies IDNA (UTS #46) as browsers do for addresses: the one punycode spelling.
    ascii = new URL(`http://${domain}`).hostname;
  } catch {
    ascii = null;
  }
  return { domain, scripts, ascii };
}

/** The warning's words: "The domain mixes Latin and Cyrillic letters, so it may not be the address it looks like." */
export function lookalikeWarning({ scripts }: LookalikeDomain): string {
  const names = `${scripts.slice(0, -1).join(", ")} and ${scripts.at(-1)}`;
  return `The domain mixes ${names} letters, so it may not be the address it looks like.`;
}
