/**
 * What the contacts store lends the stores of its jobs (editing, each card's history): the client, the
 * toasts, the session, the list on screen, and what a failed or a successful call means for the page; and the
 * toasts of its calls that fail.
 */
import type { TeamSession } from "../team/team.store";
import type { showToast } from "../toasts/toasts.store";
import type { Contact } from "./contacts";
import type { AllowanceKind } from "./contacts.allowance";
import type { ContactsClient } from "./contacts.api";

export type ContactsToast = Parameters<typeof showToast>[0];

export type ContactsCalls = {
  /** The client, once it has arrived. */
  client: () => Promise<ContactsClient>;
  toast: (toast: ContactsToast) => void;
  session: Pick<TeamSession, "currentOpening" | "refuse">;
  /** The list on screen. */
  contacts: () => readonly Contact[];
  /** Puts a contact's newer version in the list, in its place. */
  replaceContact: (contact: Contact) => void;
  /**
   * After a call made in `opening` failed (its toast already shown): a spent allowance of `kind` says so on
   * the page; a session the server refuses locks the page, saying why.
   */
  refused: (error: unknown, opening: number | null, kind?: AllowanceKind) => void;
  /** An add or a change went through: whatever said that kind was refused is out of date. */
  admitted: (kind: AllowanceKind) => void;
};

export const LOAD_FAILED = { title: "Error", description: "Failed to load contacts", variant: "destructive" } as const;
export const ADD_FAILED = { title: "Error", description: "Failed to add contact", variant: "destructive" } as const;
export const VCARD_FAILED = {
  title: "Error",
  description: "The vCard could not be made. Check your connection and try again.",
  variant: "destructive",
} as const;
export const UPDATE_FAILED = {
  title: "Error",
  description: "Failed to update contact",
  variant: "destructive",
} as const;
