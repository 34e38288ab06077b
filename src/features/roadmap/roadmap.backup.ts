/**
 * The roadmap backup file: the whole roadmap as JSON, to download and read
 * back, because browsers wipe localStorage. Reading is strict: a file is
 * accepted whole or refused with a reason a person can act on.
 */
import { readRoadmapObject, readTasks, type GroupInfo, type ParseResult, type Roadmap } from "./roadmap";

/** Names the file's contents, so any other JSON file is refused by name rather than by accident. */
export const BACKUP_FORMAT = "stagedoor-roadmap";
const BACKUP_VERSION = 1;
/** Far above any real roadmap (21 default tasks take about 3 KB), far below what would stall the page. */
export const BACKUP_MAX_BYTES = 1024 * 1024;
export const BACKUP_MIME_TYPE = "application/json";

/** A file to download: its name, its text and its type. */
export type BackupFile = { name: string; text: string; type: string };

type RoadmapBackup = {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  exportedAt: string;
  groups: { id: string; title: string; tasks: Roadmap[string] }[];
};

/** The backup file's name, by the local date: "roadmap-2026-11-22.json". */
export function backupFileName(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `roadmap-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}

/** The backup file's text: groups in page order with their titles, so the file reads well on its own. */
export function backupText(roadmap: Roadmap, groups: readonly GroupInfo[], now: Date): string {
  const backup: RoadmapBackup = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exportedAt: now.toISOString(),
    groups: groups.map((group) => ({ id: group.id, title: group.title, tasks: roadmap[group.id] ?? [] })),
  };
  return `${JSON.stringify(backup, null, 2)}\n`;
}

/** The backup file of `roadmap`, exported at `now`. */
export function backupFile(roadmap: Roadmap, groups: readonly GroupInfo[], now: Date): BackupFile {
  return { name: backupFileName(now), text: backupText(roadmap, groups, now), type: BACKUP_MIME_TYPE };
}

/** Reads a chosen file (anything with a size and a text, like a File) as a backup; a file too large is not read at all. */
export async function readBackupFile(
  file: { size: number; text(): Promise<string> },
  groups: readonly GroupInfo[],
): Promise<ParseResult> {
  if (file.size > BACKUP_MAX_BYTES) return { ok: false, reason: "the file is larger than 1 MB" };
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false, reason: "the file could not be read" };
  }
  return parseBackup(text, groups);
}

/**
 * Reads a backup file's text. Besides this page's own backups it takes the
 * bare { groupId: Task[] } object the page keeps in localStorage, so a value
 * copied out of the browser (or kept aside as unreadable) can be brought back.
 */
export function parseBackup(text: string, groups: readonly GroupInfo[]): ParseResult {
  if (text.trim() === "") return { ok: false, reason: "the file is empty" };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: "the file is not valid JSON" };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return { ok: false, reason: "the file is not a roadmap backup" };
  const record = value as Record<string, unknown>;
  if (!Object.hasOwn(record, "format")) {
    const bare = readRoadmapObject(record, groups);
    // A JSON file that shares no group with the roadmap is some other file, not a broken roadmap.
    if (!bare.ok && !groups.some((group) => Object.hasOwn(record, group.id)))
      return { ok: false, reason: "the file is not a roadmap backup" };
    return bare;
  }
  if (record.format !== BACKUP_FORMAT) return { ok: false, reason: "the file is not a roadmap backup" };
  if (typeof record.version !== "number" || !Number.isInteger(record.version) || record.version < 1)
    return { ok: false, reason: "the backup has no valid version number" };
  if (record.version > BACKUP_VERSION)
    return {
      ok: false,
      reason: `the backup was made by a newer version of this page (format version ${record.version})`,
    };
  return readBackupGroups(record.groups, groups);
}

function readBackupGroups(value: unknown, groups: readonly GroupInfo[]): ParseResult {
  if (!Array.isArray(value)) return { ok: false, reason: "the backup has no list of groups" };
  const roadmap: Roadmap = {};
  for (const [index, item] of value.entries()) {
    const id = item !== null && typeof item === "object" ? (item as Record<string, unknown>).id : undefined;
    const group = groups.find((known) => known.id === id);
    if (group === undefined)
      return {
        ok: false,
        reason:
          typeof id === "string"
            ? `the backup has a group this roadmap does not have (“${id}”)`
            : `group ${index + 1} in the backup has no id`,
      };
    if (Object.hasOwn(roadmap, group.id))
      return { ok: false, reason: `the “${group.title}” group is in the backup twice` };
    const read = readTasks((item as Record<string, unknown>).tasks, group.title);
    if (!read.ok) return read;
    roadmap[group.id] = read.tasks;
  }
  const missing = groups.find((group) => !Object.hasOwn(roadmap, group.id));
  if (missing !== undefined) return { ok: false, reason: `the “${missing.title}” group is missing` };
  return { ok: true, roadmap };
}
