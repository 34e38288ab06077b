/**
 * The links of a card: tap an e-mail address to write, a phone number to call. Only what is
 * plainly an address or a number becomes a link, so nothing typed into a field can add a
 * header, a recipient or another scheme.
 */
import { CONTACT_LIMITS } from "./contacts";

const PHONE_GROUP = String.raw`(?:\(\s*\d+\s*\)|\d)`;
/** A phone number: an optional + or 00, then digits or bracketed digits, separated by spaces, dots, dashes or slashes. */
const PHONE_NUMBER = new RegExp(String.raw`(?:\+\s*)?${PHONE_GROUP}(?:[\s.\-/]*${PHONE_GROUP})*`);

/** The phone number inside a phone field, or null: "087 123 4567 (after 6pm)" → "087 123 4567". */
function phoneNumberIn(phone: string): string | null {
  return phone.normalize("NFKC").match(PHONE_NUMBER)?.[0] ?? null;
}

/**
 * The `tel:` link for a phone field: digits and a leading +, nothing else, or null
 * when there is no number to call. A leading 00 becomes + (the international prefix
 * almost everywhere), and a "(0)" after the country code is dropped, as it is not
 * dialled from abroad: "+353 (0)87 123 4567" → "tel:+353871234567".
 */
export function telHref(phone: string | null): string | null {
  if (!phone) return null;
  let number = phoneNumberIn(phone);
  if (number === null) return null;
  const international = /^(\+|00)/.test(number);
  if (international) number = number.replace(/\(\s*0\s*\)/g, "");
  const digits = number.replace(/\D/g, "");
  const afterPrefix = international && !number.startsWith("+") ? digits.slice(2) : digits;
  // Fewer than three digits is not a number anyone can call.
  if (afterPrefix.length < 3) return null;
  return `tel:${international ? "+" : ""}${afterPrefix}`;
}

/** Whether the phone field is just a number, with nothing else written beside it. */
export function isPlainPhoneNumber(phone: string): boolean {
  const number = phoneNumberIn(phone);
  return number !== null && number.trim() === phone.normalize("NFKC").trim();
}

// A domain of letters, digits and hyphens in dot-separated labels, with at least one dot.
const MAIL_DOMAIN = /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u;
// No spaces, no @, no control or invisible formatting characters.
const MAIL_LOCAL_PART = /^[^\s@\p{C}]{1,64}$/u;

/**
 * The `mailto:` link for an e-mail field, or null when it is not a plausible address.
 * A `?`, `#` or `&` can therefore never add headers, recipients or a body: the domain
 * may hold only letters, digits, hyphens and dots, and the local part is percent-encoded.
 * `javascript:` and other schemes are not addresses, so they never become links.
 */
export function mailtoHref(email: string | null): string | null {
  if (!email) return null;
  const address = email.trim();
  const at = address.lastIndexOf("@");
  if (at < 1 || address.length > CONTACT_LIMITS.email) return null;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (!MAIL_LOCAL_PART.test(local) || !MAIL_DOMAIN.test(domain)) return null;
  // A mailto: URI may carry + unencoded in an address (RFC 6068), and "name+tag@" reads better so.
  return `mailto:${encodeURIComponent(local).replace(/%2B/g, "+")}@${domain}`;
}
