/**
 * The roadmap's state and rules: tasks in three groups, a reducer for every
 * change, and strict parsing of what localStorage holds.
 */
import type { DefaultGroup } from "../../data/roadmap";
import { lengthProblem } from "../../lib/text-length.mjs";

/** localStorage key of the whole roadmap; every browser that used the page keeps it there, so it never changes. */
export const ROADMAP_STORAGE_KEY = "roadmapTodos";
/** Where a stored value that cannot be read is kept aside instead of being lost. */
export const ROADMAP_UNREADABLE_KEY = "roadmapTodos.unreadable";

/**
 * Limits of the add-task form: generous for a checklist, small enough to keep the stored
 * roadmap well under quota. Not applied when reading: tasks saved before (or edited by hand)
 * still load, and a backup of them can be imported again.
 */
export const TASK_LIMITS = { text: 500, owner: 200 } as const;

/** What the add form says of each field too long: "at most 500 characters (this has 536)". */
export type TaskTooLong = Partial<Record<keyof typeof TASK_LIMITS, string>>;

/**
 * What is too long in a new task, as it would be added (trimmed), field by field: empty when nothing is. The form
 * takes a whole paste (no maxLength cutting its end off unseen) and says this under the field. Nothing, for a task
 * with no text: then nothing happens and nothing is said, as ever.
 */
export function newTaskTooLong(text: string, owner: string): TaskTooLong {
  if (text.trim() === "") return {};
  const found: TaskTooLong = {};
  for (const [field, value] of [
    ["text", text],
    ["owner", owner],
  ] as const) {
    const problem = lengthProblem(value.trim(), TASK_LIMITS[field]);
    if (problem) found[field] = problem;
  }
  return found;
}

export type Task = { id: string; text: string; completed: boolean; owner: string };
/** Tasks by group id, e.g. { planning: [...], content: [...], tour: [...] }. */
export type Roadmap = Record<string, Task[]>;

export type RoadmapAction =
  | { type: "toggle"; groupId: string; taskId: string }
  | { type: "add"; groupId: string; id: string; text: string; owner: string }
  | { type: "delete"; groupId: string; taskId: string }
  | { type: "replace"; roadmap: Roadmap };

const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** A random 9-character task id of lowercase letters and digits. */
export function newTaskId(random: () => number = Math.random): string {
  return Array.from({ length: 9 }, () => ID_ALPHABET[Math.floor(random() * ID_ALPHABET.length)]).join("");
}

/** The default roadmap, with stable ids so two fresh tabs agree. */
export function defaultTasks(groups: readonly DefaultGroup[]): Roadmap {
  return Object.fromEntries(
    groups.map((group) => [
      group.id,
      group.tasks.map((task, index) => ({
        id: `${group.id}-${index + 1}`,
        text: task.text,
        completed: false,
        owner: task.owner,
      })),
    ]),
  );
}

export function roadmapReducer(state: Roadmap, action: RoadmapAction): Roadmap {
  switch (action.type) {
    case "toggle":
      return {
        ...state,
        [action.groupId]: (state[action.groupId] ?? []).map((task) =>
          task.id === action.taskId ? { ...task, completed: !task.completed } : task,
        ),
      };
    case "add": {
      const text = action.text.trim();
      if (text === "" || Object.keys(newTaskTooLong(text, action.owner)).length > 0) return state;
      const task: Task = { id: action.id, text, completed: false, owner: action.owner.trim() };
      return { ...state, [action.groupId]: [...(state[action.groupId] ?? []), task] };
    }
    case "delete":
      return { ...state, [action.groupId]: (state[action.groupId] ?? []).filter((task) => task.id !== action.taskId) };
    case "replace":
      return action.roadmap;
  }
}

export type ParseResult = { ok: true; roadmap: Roadmap } | { ok: false; reason: string };
type TasksResult = { ok: true; tasks: Task[] } | { ok: false; reason: string };

/**
 * Checks one group's task list, read from storage or a backup file. Reasons
 * name the group by its title and the task by its place, as a person counts.
 */
export function readTasks(value: unknown, groupTitle: string): TasksResult {
  if (!Array.isArray(value)) return { ok: false, reason: `the “${groupTitle}” group is not a list of tasks` };
  const tasks: Task[] = [];
  const ids = new Set<string>();
  for (const [index, item] of value.entries()) {
    const where = `task ${index + 1} in “${groupTitle}”`;
    if (item === null || typeof item !== "object" || Array.isArray(item))
      return { ok: false, reason: `${where} is not a task` };
    const { id, text, completed, owner } = item as Record<string, unknown>;
    if (typeof id !== "string" || id === "") return { ok: false, reason: `${where} has no id` };
    if (typeof text !== "string" || text.trim() === "") return { ok: false, reason: `${where} has no text` };
    if (typeof completed !== "boolean") return { ok: false, reason: `${where} is neither done nor open` };
    if (typeof owner !== "string") return { ok: false, reason: `${where} has an owner that is not text` };
    // Ids key the list and pick the task to toggle or delete, so they must be unique.
    if (ids.has(id)) return { ok: false, reason: `${where} repeats the id of an earlier task` };
    ids.add(id);
    tasks.push({ id, text, completed, owner });
  }
  return { ok: true, tasks };
}

/**
 * Reads a roadmap kept as { groupId: Task[] } (what localStorage holds).
 * Anything but a complete, well-formed roadmap (bad JSON, another shape, a
 * group missing, a malformed task) is refused whole, so the caller can fall
 * back to the defaults, or keep what it has, and say why.
 */
export function parseRoadmap(raw: string | null, groups: readonly GroupInfo[]): ParseResult {
  if (raw === null) return { ok: false, reason: "nothing stored" };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, reason: "it is not valid JSON" };
  }
  return readRoadmapObject(value, groups);
}

/** The group ids and titles a roadmap must have. */
export type GroupInfo = Pick<DefaultGroup, "id" | "title">;

/** Checks a parsed { groupId: Task[] } object: every group present, nothing else, every task well-formed. */
export function readRoadmapObject(value: unknown, groups: readonly GroupInfo[]): ParseResult {
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return { ok: false, reason: "it is not a roadmap" };
  const record = value as Record<string, unknown>;
  const unknownGroup = Object.keys(record).find((key) => !groups.some((group) => group.id === key));
  if (unknownGroup !== undefined)
    return { ok: false, reason: `it has a group this roadmap does not have (“${unknownGroup}”)` };
  const roadmap: Roadmap = {};
  for (const group of groups) {
    if (!Object.hasOwn(record, group.id)) return { ok: false, reason: `the “${group.title}” group is missing` };
    const read = readTasks(record[group.id], group.title);
    if (!read.ok) return read;
    roadmap[group.id] = read.tasks;
  }
  return { ok: true, roadmap };
}

/** Done and total tasks: one group's, or the whole roadmap's. */
export type Progress = { done: number; total: number };

export function progressOf(tasks: readonly Task[]): Progress {
  return { done: tasks.filter((task) => task.completed).length, total: tasks.length };
}

export function overallProgress(roadmap: Roadmap, groups: readonly GroupInfo[]): Progress {
  return progressOf(groups.flatMap((group) => roadmap[group.id] ?? []));
}

/** Whole percent done, rounded down so 20 of 21 never reads as 100%. Zero tasks is 0%. */
export function percentDone({ done, total }: Progress): number {
  return total === 0 ? 0 : Math.floor((done / total) * 100);
}

/**
 * Where to keep an unreadable stored value: the usual key, or a dated one when
 * the usual key already holds a different value (so an older one is not
 * overwritten). Null when this exact value is already kept.
 */
export function keepAsideKey(alreadyKept: string | null, raw: string, now: number): string | null {
  if (alreadyKept === null) return ROADMAP_UNREADABLE_KEY;
  if (alreadyKept === raw) return null;
  return `${ROADMAP_UNREADABLE_KEY}.${now}`;
}

/**
 * The keys of the unreadable values kept aside, oldest first: the usual key
 * (taken first), then the dated ones by their time.
 */
export function keptCopyKeys(keys: readonly string[]): string[] {
  const prefix = `${ROADMAP_UNREADABLE_KEY}.`;
  const stamps = keys.flatMap((key) => {
    const time = key.slice(prefix.length);
    return key.startsWith(prefix) && /^\d+$/.test(time) ? [{ key, time: Number(time) }] : [];
  });
  stamps.sort((a, b) => a.time - b.time);
  return [...(keys.includes(ROADMAP_UNREADABLE_KEY) ? [ROADMAP_UNREADABLE_KEY] : []), ...stamps.map(({ key }) => key)];
}
