import { describe, expect, it, vi } from "vitest";
import { defaultRoadmap } from "../../data/roadmap";
import { defaultTasks, roadmapReducer, type Roadmap } from "./roadmap";
import {
  BACKUP_FORMAT,
  BACKUP_MAX_BYTES,
  backupFileName,
  backupText,
  parseBackup,
  readBackupFile,
} from "./roadmap.backup";

const defaults = defaultTasks(defaultRoadmap);
const now = new Date(2026, 10, 22, 18, 5, 9);

/** A roadmap the team has worked on: a task done, one added with quotes and emoji, one deleted. */
function workedOn(): Roadmap {
  let roadmap = roadmapReducer(defaults, { type: "toggle", groupId: "planning", taskId: "planning-3" });
  roadmap = roadmapReducer(roadmap, {
    type: "add",
    groupId: "tour",
    id: "k2j4h5g6f",
    text: 'Print "Mother" posters \\ flyers 🎶',
    owner: "Aoife",
  });
  return roadmapReducer(roadmap, { type: "delete", groupId: "content", taskId: "content-5" });
}

const envelope = (groups: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ format: BACKUP_FORMAT, version: 1, exportedAt: now.toISOString(), groups, ...extra });

const backupGroups = (roadmap: Roadmap) =>
  defaultRoadmap.map((group) => ({ id: group.id, title: group.title, tasks: roadmap[group.id] }));

describe("roadmap backup file", () => {
  it("is named by the local date", () => {
    expect(backupFileName(now)).toBe("roadmap-2026-11-22.json");
    expect(backupFileName(new Date(2027, 0, 5, 0, 0, 1))).toBe("roadmap-2027-01-05.json");
  });

  it("holds the format, version, export time and every group with its title and tasks in order", () => {
    const roadmap = workedOn();
    const file = JSON.parse(backupText(roadmap, defaultRoadmap, now));
    expect(file).toEqual({
      format: "stagedoor-roadmap",
      version: 1,
      exportedAt: now.toISOString(),
      groups: backupGroups(roadmap),
    });
    expect(file.groups.map((group: { title: string }) => group.title)).toEqual([
      "Planning & Setup",
      "Content & Strategy",
      "Tour & Events",
    ]);
  });

  it("reads back exactly what it wrote", () => {
    const roadmap = workedOn();
    expect(parseBackup(backupText(roadmap, defaultRoadmap, now), defaultRoadmap)).toEqual({ ok: true, roadmap });
  });

  it("reads back empty groups", () => {
    const empty: Roadmap = { planning: [], content: [], tour: [] };
    expect(parseBackup(backupText(empty, defaultRoadmap, now), defaultRoadmap)).toEqual({ ok: true, roadmap: empty });
  });

  it("takes groups in any order", () => {
    const roadmap = workedOn();
    const reversed = envelope(backupGroups(roadmap).reverse());
    expect(parseBackup(reversed, defaultRoadmap)).toEqual({ ok: true, roadmap });
  });

  it("takes the bare roadmap the page keeps in localStorage", () => {
    const roadmap = workedOn();
    expect(parseBackup(JSON.stringify(roadmap), defaultRoadmap)).toEqual({ ok: true, roadmap });
  });

  it("checks a bare roadmap as strictly as a backup", () => {
    const roadmap = workedOn();
    const broken = { ...roadmap, tour: [...roadmap.tour, { id: "x", text: "", completed: false, owner: "" }] };
    expect(parseBackup(JSON.stringify(broken), defaultRoadmap)).toEqual({
      ok: false,
      reason: "task 9 in “Tour & Events” has no text",
    });
  });

  const task = { id: "a", text: "Book vans", completed: false, owner: "" };
  const groups = backupGroups(defaults);

  it.each([
    ["an empty file", "", "the file is empty"],
    ["whitespace", " \n\t", "the file is empty"],
    ["bad JSON", '{"format": "stagedoor-roadmap",', "the file is not valid JSON"],
    ["an array", "[]", "the file is not a roadmap backup"],
    ["a number", "42", "the file is not a roadmap backup"],
    ["null", "null", "the file is not a roadmap backup"],
    [
      "some other JSON file",
      JSON.stringify({ name: "stagedoor", version: "1.0.0" }),
      "the file is not a roadmap backup",
    ],
    ["another format", envelope(groups, { format: "trello-board" }), "the file is not a roadmap backup"],
    ["no version", envelope(groups, { version: undefined }), "the backup has no valid version number"],
    ["a version that is text", envelope(groups, { version: "1" }), "the backup has no valid version number"],
    [
      "a newer version",
      envelope(groups, { version: 2 }),
      "the backup was made by a newer version of this page (format version 2)",
    ],
    ["groups that are not a list", envelope({ planning: [] }), "the backup has no list of groups"],
    ["a group without an id", envelope([{ title: "Planning & Setup", tasks: [] }]), "group 1 in the backup has no id"],
    [
      "an unknown group",
      envelope([...groups, { id: "merch", title: "Merch", tasks: [] }]),
      "the backup has a group this roadmap does not have (“merch”)",
    ],
    ["a group twice", envelope([...groups, groups[0]]), "the “Planning & Setup” group is in the backup twice"],
    ["a missing group", envelope(groups.slice(0, 2)), "the “Tour & Events” group is missing"],
    [
      "tasks that are not a list",
      envelope([groups[0], { ...groups[1], tasks: "none" }, groups[2]]),
      "the “Content & Strategy” group is not a list of tasks",
    ],
    [
      "a malformed task",
      envelope([groups[0], groups[1], { ...groups[2], tasks: [task, { ...task, id: "b", completed: 1 }] }]),
      "task 2 in “Tour & Events” is neither done nor open",
    ],
    [
      "a repeated task id",
      envelope([{ ...groups[0], tasks: [task, task] }, groups[1], groups[2]]),
      "task 2 in “Planning & Setup” repeats the id of an earlier task",
    ],
    [
      "a group named like a built-in property",
      envelope([...groups, { id: "__proto__", title: "Sneaky", tasks: [] }]),
      "the backup has a group this roadmap does not have (“__proto__”)",
    ],
    [
      "a bare object with built-in property names",
      '{"__proto__": {"format": "stagedoor-roadmap"}, "constructor": [], "toString": []}',
      "the file is not a roadmap backup",
    ],
    [
      "a bare roadmap with a stray group",
      JSON.stringify({ ...defaults, merch: [] }),
      "it has a group this roadmap does not have (“merch”)",
    ],
  ])("refuses %s and says why", (_label, text, reason) => {
    expect(parseBackup(text, defaultRoadmap)).toEqual({ ok: false, reason });
  });
});

describe("reading a chosen backup file", () => {
  const file = (text: string, size = text.length) => ({ size, text: async () => text });

  it("reads a backup as the page wrote it", async () => {
    const roadmap = workedOn();
    await expect(readBackupFile(file(backupText(roadmap, defaultRoadmap, now)), defaultRoadmap)).resolves.toEqual({
      ok: true,
      roadmap,
    });
  });

  it("refuses a file over 1 MB without reading it", async () => {
    const text = vi.fn(async () => "");
    await expect(readBackupFile({ size: BACKUP_MAX_BYTES + 1, text }, defaultRoadmap)).resolves.toEqual({
      ok: false,
      reason: "the file is larger than 1 MB",
    });
    expect(text).not.toHaveBeenCalled();
  });

  it("says so when the browser cannot read the file", async () => {
    const unreadable = { size: 10, text: () => Promise.reject(new DOMException("gone", "NotFoundError")) };
    await expect(readBackupFile(unreadable, defaultRoadmap)).resolves.toEqual({
      ok: false,
      reason: "the file could not be read",
    });
  });
});
