/** Contacts as vCards: the .vcf files a phone's address book imports, one contact or the ones shown. */
import { CONTACT_FIELDS, type Contact } from "./contacts";
import { CONTACT_FIELD_SPECS } from "./contacts.fields.mjs";
import { isPlainPhoneNumber, telHref } from "./contacts.links";
import { vCard, vCardFileName, vCards, type VCardPerson } from "../../lib/vcard";

/** The properties written from the fields with a meaning of their own: the others' are written as text. */
const WRITTEN_APART: ReadonlySet<string | null> = new Set(["FN", "TITLE", "EMAIL", "TEL"]);

/**
 * A contact as a vCard person: the role is the job title, the phone a tel: URI when it
 * is just an international number. A local number ("087 123 4567") stays text as written:
 * as a URI it would need a phone-context (the country or area it is dialled in) that the field does not give.
 */
function contactVCardPerson(contact: Contact): VCardPerson {
  const plain = contact.phone !== null && isPlainPhoneNumber(contact.phone);
  const href = plain ? telHref(contact.phone) : null;
  const telUri = href?.startsWith("tel:+") ? href : null;
  return {
    uid: contact.id,
    formattedName: contact.name,
    title: contact.role,
    email: contact.email,
    telUri,
    telText: telUri ? null : contact.phone,
    more: CONTACT_FIELDS.flatMap((field) => {
      const property = CONTACT_FIELD_SPECS[field].vCard;
      return property === null || WRITTEN_APART.has(property) ? [] : [{ property, value: contact[field] }];
    }),
  };
}

/** The file for one contact: "aoife-ni-bhriain.vcf". */
export function contactVCardFile(contact: Contact): { filename: string; text: string } {
  return { filename: vCardFileName(contact.name), text: vCard(contactVCardPerson(contact)) };
}

/** The file for the contacts on screen, in list order: "contacts.vcf". */
export function contactsVCardFile(contacts: readonly Contact[]): { filename: string; text: string } {
  return { filename: "contacts.vcf", text: vCards(contacts.map(contactVCardPerson)) };
}
