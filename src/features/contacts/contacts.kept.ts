/**
 * Whether the tab keeps a contact half typed in the add form (contacts.kept.store.ts), for the Enter Password
 * screen to say so before the directory itself loads: apart from it, so the page loads light.
 */
import { isKeptInTab, type KeptKey, type TabStorage } from "../../lib/kept-in-tab";

/** The tab's key of the add form's contact. */
export const CONTACT_KEPT_KEY: KeptKey = "stagedoor.contacts.add-contact";

/** What the Enter Password screen says when the tab keeps one. */
export const CONTACT_KEPT_TEXT = "Your unsaved contact is kept and will be back after you sign in.";

/** Whether the tab (`storage` in a test) keeps a contact typed in the add form; false where the storage is off. */
export const contactKept = (storage?: Pick<TabStorage, "getItem">): boolean => isKeptInTab(CONTACT_KEPT_KEY, storage);
