/**
 * A contact's earlier versions, as the contacts_history table keeps them: the pages loaded so
 * far, what the change after each version replaced, and how it is worded on the card.
 */
import { formatDateTime } from "../../lib/dates";
import { changedFields, FIELD_LABELS, type Contact, type ContactField, type ContactValues } from "./contacts";

/** An earlier version of a contact: its values then. */
export type ContactVersion = ContactValues & {
  contactId: string;
  version: number;
  /** When this version was written, and when a newer one replaced it. */
  writtenAt: string;
  replacedAt: string;
};

/** The earlier versions a card has loaded, newest first, and whether older ones remain. */
export type LoadedHistory = { versions: ContactVersion[]; more: boolean };

/**
 * The history after its newest page was read again (the contact changed): joined to the older
 * pages already shown when the two meet, so nothing shown goes away; otherwise (more new versions
 * than a page) the newest page alone, with its own "more".
 */
export function withNewestHistory(loaded: LoadedHistory | null, newest: LoadedHistory): LoadedHistory {
  const newestLoaded = loaded?.versions[0]?.version;
  const oldestNew = newest.versions.at(-1)?.version;
  const meets =
    loaded !== null &&
    newestLoaded !== undefined &&
    (!newest.more || (oldestNew !== undefined && oldestNew <= newestLoaded + 1));
  if (!meets) return newest;
  const byVersion = new Map(loaded.versions.map((version) => [version.version, version]));
  for (const version of newest.versions) byVersion.set(version.version, version);
  return {
    versions: [...byVersion.values()].sort((a, b) => b.version - a.version),
    more: newest.more && loaded.more,
  };
}

/** The history with an older page added below it. */
export function withOlderHistory(loaded: LoadedHistory, older: LoadedHistory): LoadedHistory {
  const known = new Set(loaded.versions.map((version) => version.version));
  return {
    versions: [...loaded.versions, ...older.versions.filter((version) => !known.has(version.version))],
    more: older.more,
  };
}

export type HistoryEntry = { version: ContactVersion; changed: ContactField[] };

/**
 * A contact's earlier versions, newest first, each with the fields the change after it
 * replaced: what the next newer version (or the card as it is now) has differently.
 */
export function historyEntries(current: Contact, versions: readonly ContactVersion[]): HistoryEntry[] {
  const newestFirst = [...versions].sort((a, b) => b.version - a.version);
  return newestFirst.map((version, index) => ({
    version,
    changed: changedFields(version, index === 0 ? current : newestFirst[index - 1]),
  }));
}

/** When a version was written or replaced, in the reader's local time, as the team pages write dates: "Jan 4, 2025, 09:30:05". */
export function formatHistoryTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatDateTime(date, { seconds: true });
}

/** The labels of the fields a change touched: "Role and Email", "Name, Role and Phone". */
export function fieldList(fields: readonly ContactField[]): string {
  const labels = fields.map((field) => FIELD_LABELS[field]);
  return labels.length <= 1 ? (labels[0] ?? "") : `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
}

/** Whether a version holds exactly the values the contact has now (restoring it would change nothing). */
export function sameValues(a: ContactValues, b: ContactValues): boolean {
  return changedFields(a, b).length === 0;
}
