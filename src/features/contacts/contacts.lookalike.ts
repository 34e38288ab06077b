/**
 * E-mail addresses that look like another: a domain that mixes Latin letters with Cyrillic or
 * Greek ones ("booker@оrlaquinlan.example", its "о" Cyrillic) reads as a familiar address and
 * delivers somewhere else. The card and the history say so and show the domain in both its forms:
 * as mail actually travels to it, in punycode ("xn--rlaquinlan-…"), where the two can no longer be
 * confused, and as a mail app may show it. A domain already written in punycode is decoded first: a
 * browser's e-mail field sends the punycode of what was typed, so the look-alike arrives that way.
 * Saving is not refused here: what the table refuses is the server's call. Pure.
 */

/** The scripts whose letters pass for Latin ones (Cyrillic "о", "а", "е"; Greek "ο", "ν"), by name. */
const SCRIPTS = [
  ["Latin", /\p{Script=Latin}/u],
  ["Cyrillic", /\p{Script=Cyrillic}/u],
  ["Greek", /\p{Script=Greek}/u],
] as const;

// RFC 3492's parameters for punycode (section 5).
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 0x80;
const MAX_INT = 0x7fffffff;

/** RFC 3492 section 6.1: the bias after each code point. */
function adapt(delta: number, points: number, first: boolean): number {
  let scaled = first ? Math.floor(delta / DAMP) : Math.floor(delta / 2);
  scaled += Math.floor(scaled / points);
  let k = 0;
  while (scaled > ((BASE - T_MIN) * T_MAX) >> 1) {
    scaled = Math.floor(scaled / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * scaled) / (scaled + SKEW));
}

/** Whether every character is ASCII (U+0000–U+007F). */
const isAscii = (text: string) => [...text].every((char) => char.charCodeAt(0) < 0x80);

/** A punycode digit's value ("a"–"z" and "A"–"Z" 0–25, "0"–"9" 26–35), or BASE for anything else. */
function digitValue(char: string): number {
  const code = char.charCodeAt(0);
  if (code >= 0x61 && code <= 0x7a) return code - 0x61;
  if (code >= 0x41 && code <= 0x5a) return code - 0x41;
  if (code >= 0x30 && code <= 0x39) return code - 0x30 + 26;
  return BASE;
}

/**
 * Decodes punycode (RFC 3492 section 6.2, the text after a label's "xn--"): "rlaquinlan-dvi" is
 * "оrlaquinlan". Null when it is not valid punycode (a character that is no digit, a number that
 * overflows, a code point that does not exist), which a mail server would refuse as well.
 */
export function decodePunycode(input: string): string | null {
  const delimiter = input.lastIndexOf("-");
  const basic = delimiter > 0 ? input.slice(0, delimiter) : "";
  if (!isAscii(basic)) return null;
  const output = [...basic].map((char) => char.codePointAt(0)!);
  let n = INITIAL_N;
  let i = 0;
  let bias = INITIAL_BIAS;
  let at = delimiter > 0 ? delimiter + 1 : 0;
  while (at < input.length) {
    const before = i;
    let weight = 1;
    for (let k = BASE; ; k += BASE) {
      if (at >= input.length) return null;
      const digit = digitValue(input[at++]);
      if (digit >= BASE || digit > Math.floor((MAX_INT - i) / weight)) return null;
      i += digit * weight;
      const threshold = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < threshold) break;
      if (weight > Math.floor(MAX_INT / (BASE - threshold))) return null;
      weight *= BASE - threshold;
    }
    const length = output.length + 1;
    bias = adapt(i - before, length, before === 0);
    n += Math.floor(i / length);
    i %= length;
    if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return null;
    output.splice(i, 0, n);
    i += 1;
  }
  return String.fromCodePoint(...output);
}

/** The domain with each punycode label ("xn--…") decoded; a label that does not decode stays as written. */
function decodedDomain(domain: string): string {
  return domain
    .split(".")
    .map((label) => (/^xn--/i.test(label) ? (decodePunycode(label.slice(4)) ?? label) : label))
    .join(".");
}

export type LookalikeDomain = {
  /** The domain as written. */
  domain: string;
  /** The domain with its punycode labels decoded: the letters a mail app may show. */
  unicode: string;
  /** The scripts its letters come from, Latin first: ["Latin", "Cyrillic"]. */
  scripts: string[];
  /** The domain in ASCII (punycode), as mail is sent to it; null when it is not a domain at all. */
  ascii: string | null;
  /** Written in punycode: what it stands for is hidden on the card, so the warning shows it. */
  writtenInPunycode: boolean;
};

/** The domain of an e-mail field when it mixes Latin with Cyrillic or Greek letters, decoded; null for any other. */
export function lookalikeDomain(email: string | null): LookalikeDomain | null {
  if (!email) return null;
  const domain = email.slice(email.lastIndexOf("@") + 1).trim();
  const unicode = decodedDomain(domain);
  const scripts: string[] = SCRIPTS.filter(([, letters]) => letters.test(unicode)).map(([name]) => name);
  if (scripts[0] !== "Latin" || scripts.length < 2) return null;
  let ascii: string | null;
  try {
    // The URL parser applies IDNA (UTS #46) as browsers do for addresses: the one punycode spelling.
    ascii = new URL(`http://${domain}`).hostname;
  } catch {
    ascii = null;
  }
  return { domain, unicode, scripts, ascii, writtenInPunycode: isAscii(domain) };
}

/**
 * The warning's words: "The domain mixes Latin and Cyrillic letters, so it may not be the address it
 * looks like."; for a domain written in punycode, that it does so once decoded.
 */
export function lookalikeWarning({ scripts, writtenInPunycode }: LookalikeDomain): string {
  const names = `${scripts.slice(0, -1).join(", ")} and ${scripts.at(-1)}`;
  return writtenInPunycode
    ? `The domain mixes ${names} letters once decoded, so a mail app may show it as an address it is not.`
    : `The domain mixes ${names} letters, so it may not be the address it looks like.`;
}
