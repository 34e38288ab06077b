/**
 * Who the press, promoters and partners contact, listed on /epk (src/content/press.yaml): one entry per
 * role, with the e-mail and phone links derived here so the page never builds an href by hand.
 */
import { content } from "./content";

/** E.164: a plus sign, a country code not starting with 0, at most 15 digits in all. */
const E164 = /^\+[1-9]\d{6,14}$/;

/** "+44 20 7946 0312" → "tel:+442079460312". Throws on anything that is not an international number. */
export function telHref(phone: string): string {
  const number = phone.replace(/[\s().-]/g, "");
  if (!E164.test(number)) {
    throw new Error(`"${phone}" is not an international phone number (write it as +<country code> <number>).`);
  }
  return `tel:${number}`;
}

// A pragmatic shape check (one @, no spaces, a dot in the domain), not the full RFC 5322 grammar.
const EMAIL = /^[^\s@<>()",;:]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/i;

/** "press@tidewaterpr.example" → "mailto:press@tidewaterpr.example". Throws on a malformed address. */
export function mailtoHref(email: string): string {
  if (!EMAIL.test(email)) throw new Error(`"${email}" is not an e-mail address.`);
  return `mailto:${email}`;
}

export const pressContacts = {
  heading: "Contacts",
  /** The words before each contact's e-mail address and phone number. */
  emailLabel: "E-mail:",
  phoneLabel: "Phone:",
  contacts: content.press.map(({ id: _id, ...contact }) => ({
    ...contact,
    mailto: mailtoHref(contact.email),
    tel: contact.phone === undefined ? undefined : telHref(contact.phone),
  })),
};
