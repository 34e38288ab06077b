/**
 * Contact rules (spec sections 3-5, 7): client-made ids, required fields,
 * null for empty optional fields, and the bookkeeping of migrating the
 * legacy localStorage list so nothing is ever lost.
 */

/** localStorage key of contacts saved by the old, local-only version. */
export const LEGACY_CONTACTS_KEY = "contacts";

/** Limits matching the database's checks. */
export const CONTACT_LIMITS = { name: 200, role: 200, email: 320, phone: 50 } as const;

export type Contact = {
  id: string;
  name: string;
  role: string;
  email: string | null;
  phone: string | null;
  created_at?: string;
};

export type ContactDraft = { name: string; role: string; email: string; phone: string };

export const emptyDraft: ContactDraft = { name: "", role: "", email: "", phone: "" };

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Current timestamp plus 9 random alphanumeric characters. */
export function newContactId(now: number = Date.now(), random: () => number = Math.random): string {
  const suffix = Array.from({ length: 9 }, () => ALPHANUMERIC[Math.floor(random() * ALPHANUMERIC.length)]).join("");
  return `${now}${suffix}`;
}

const orNull = (value: string) => (value.trim() === "" ? null : value.trim());

/** The row to insert for a new contact, or null when name or role is empty (then nothing happens). */
export function contactFromDraft(draft: ContactDraft, id: string): Contact | null {
  const name = draft.name.trim();
  const role = draft.role.trim();
  if (name === "" || role === "") return null;
  return { id, name, role, email: orNull(draft.email), phone: orNull(draft.phone) };
}

/** Edit copies the contact into a draft. */
export function draftFromContact(contact: Contact): ContactDraft {
  return { name: contact.name, role: contact.role, email: contact.email ?? "", phone: contact.phone ?? "" };
}

/** The update written on Save: the draft as it is (editing has no validation), empty optionals as null. */
export function updateFromDraft(draft: ContactDraft): Omit<Contact, "id" | "created_at"> {
  return { name: draft.name, role: draft.role, email: orNull(draft.email), phone: orNull(draft.phone) };
}

/**
 * The list after a load: the table's rows, newest first, plus any contact
 * added on this screen while the load was under way that the reply missed.
 */
export function mergeLoaded(loaded: readonly Contact[], onScreen: readonly Contact[]): Contact[] {
  const loadedIds = new Set(loaded.map((contact) => contact.id));
  return [...onScreen.filter((contact) => !loadedIds.has(contact.id)), ...loaded];
}

const asText = (value: unknown) =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : null;

export type LegacyParse = {
  /** Contacts that can be upserted, normalised to the table's shape. */
  migratable: Contact[];
  /** Entries that cannot be migrated; they stay in local storage. */
  unreadable: unknown[];
  /** True when the stored value was not a list at all (kept as it is). */
  notAList: boolean;
};

/** Reads the legacy list; anything malformed is reported, never dropped. */
export function parseLegacyContacts(raw: string | null): LegacyParse {
  if (raw === null) return { migratable: [], unreadable: [], notAList: false };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { migratable: [], unreadable: [], notAList: true };
  }
  if (!Array.isArray(value)) return { migratable: [], unreadable: [], notAList: true };
  const migratable: Contact[] = [];
  const unreadable: unknown[] = [];
  for (const entry of value) {
    const record = entry !== null && typeof entry === "object" ? (entry as Record<string, unknown>) : null;
    const id = asText(record?.id);
    const name = asText(record?.name)?.trim();
    const role = asText(record?.role)?.trim();
    if (!id || !name || !role) {
      unreadable.push(entry);
      continue;
    }
    migratable.push({
      id,
      name,
      role,
      email: orNull(asText(record?.email) ?? ""),
      phone: orNull(asText(record?.phone) ?? ""),
    });
  }
  return { migratable, unreadable, notAList: false };
}

/**
 * What stays in local storage after a migration run: every entry that was
 * not migrated (failed upserts and unreadable entries). Null means remove the key.
 */
export function remainingAfterMigration(
  parse: LegacyParse,
  failedIds: ReadonlySet<string>,
  raw: string,
): string | null {
  if (parse.notAList) return raw;
  const kept = [...parse.migratable.filter((contact) => failedIds.has(contact.id)), ...parse.unreadable];
  return kept.length === 0 ? null : JSON.stringify(kept);
}
