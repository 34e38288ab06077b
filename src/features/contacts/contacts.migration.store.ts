/**
 * The move of the contacts the old, local-only version of the page kept in this browser to the shared
 * table: once per page, before the first load.
 */
import { readStorage, removeStorage, writeStorage, type KeyValueStorage } from "../../lib/storage";
import { LEGACY_CONTACTS_KEY, parseLegacyContacts, remainingAfterMigration } from "./contacts";
import { upsertContact, type ContactsClient } from "./contacts.api";
import type { ContactsToast } from "./contacts.shared";

/** What the move needs of localStorage (the page's, or a test's). */
export type ContactsStorage = Pick<KeyValueStorage, "getItem" | "setItem" | "removeItem">;

export function createLegacyMove(deps: {
  client: () => Promise<ContactsClient>;
  storage: ContactsStorage;
  toast: (toast: ContactsToast) => void;
}) {
  const { client, storage, toast } = deps;
  /**
   * Storage that refuses (private mode, quota) leaves the legacy list where it is: the next visit
   * migrates it again, by id, so nothing is doubled.
   */
  const readLegacy = () => readStorage(LEGACY_CONTACTS_KEY, storage);
  function keepLegacy(remaining: string | null) {
    if (remaining === null) removeStorage(LEGACY_CONTACTS_KEY, storage);
    else writeStorage(LEGACY_CONTACTS_KEY, remaining, storage);
  }

  /**
   * Moves the contacts the old, local-only version kept in this browser to the shared table,
   * one upsert each, and keeps in storage every entry that did not make it (a failed upsert, an
   * unreadable entry) for the next visit.
   */
  async function migrate(): Promise<void> {
    const raw = readLegacy();
    if (raw === null) return;
    const parse = parseLegacyContacts(raw);
    const failed = new Set<string>();
    if (parse.migratable.length > 0) {
      let supabase: ContactsClient;
      try {
        supabase = await client();
      } catch {
        return; // No client, nothing moved: all of it stays for the next visit (the load says it failed).
      }
      for (const contact of parse.migratable) {
        try {
          await upsertContact(supabase, contact);
        } catch {
          failed.add(contact.id);
          toast({
            title: "Migration error",
            description: `Failed to migrate contact: ${contact.name}`,
            variant: "destructive",
          });
        }
      }
    }
    const remaining = remainingAfterMigration(parse, failed, raw);
    if (remaining !== raw) keepLegacy(remaining);
    const migrated = parse.migratable.length - failed.size;
    if (migrated > 0) {
      toast({
        title: "Contacts migrated",
        description: `${migrated} local contacts have been migrated to the shared database`,
      });
    }
  }

  return { migrate };
}
