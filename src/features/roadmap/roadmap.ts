/**
 * The roadmap's state and rules: tasks in three groups, a reducer for every
 * change, and strict parsing of what localStorage holds (spec sections 3-5).
 */
import type { DefaultGroup } from "../../data/roadmap";

/** localStorage key of the whole roadmap (spec section 9). */
export const ROADMAP_STORAGE_KEY = "roadmapTodos";
/** Where a stored value that cannot be read is kept aside instead of being lost. */
export const ROADMAP_UNREADABLE_KEY = "roadmapTodos.unreadable";

/** Input limits: generous for a checklist, small enough to keep the stored roadmap well under quota. */
export const TASK_LIMITS = { text: 500, owner: 200 } as const;

export type Task = { id: string; text: string; completed: boolean; owner: string };
/** Tasks by group id, e.g. { planning: [...], content: [...], tour: [...] }. */
export type Roadmap = Record<string, Task[]>;

export type RoadmapAction =
  | { type: "toggle"; groupId: string; taskId: string }
  | { type: "add"; groupId: string; id: string; text: string; owner: string }
  | { type: "delete"; groupId: string; taskId: string }
  | { type: "replace"; roadmap: Roadmap };

const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** A random 9-character task id (spec section 9). */
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
      if (text === "") return state;
      const task: Task = { id: action.id, text, completed: false, owner: action.owner.trim() };
      return { ...state, [action.groupId]: [...(state[action.groupId] ?? []), task] };
    }
    case "delete":
      return { ...state, [action.groupId]: (state[action.groupId] ?? []).filter((task) => task.id !== action.taskId) };
    case "replace":
      return action.roadmap;
  }
}

function isTask(value: unknown): value is Task {
  if (value === null || typeof value !== "object") return false;
  const task = value as Record<string, unknown>;
  return (
    typeof task.id === "string" &&
    task.id !== "" &&
    typeof task.text === "string" &&
    typeof task.completed === "boolean" &&
    typeof task.owner === "string"
  );
}

export type ParseResult = { ok: true; roadmap: Roadmap } | { ok: false; reason: string };

/**
 * Reads a stored roadmap. Anything but a complete, well-formed roadmap (bad
 * JSON, another shape, a group missing, a malformed task) is refused whole,
 * so the caller can fall back to the defaults and keep the value aside.
 */
export function parseRoadmap(raw: string | null, groupIds: readonly string[]): ParseResult {
  if (raw === null) return { ok: false, reason: "nothing stored" };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, reason: "not valid JSON" };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return { ok: false, reason: "not an object" };
  const record = value as Record<string, unknown>;
  const roadmap: Roadmap = {};
  for (const groupId of groupIds) {
    const tasks = record[groupId];
    if (!Array.isArray(tasks)) return { ok: false, reason: `group "${groupId}" is missing` };
    if (!tasks.every(isTask)) return { ok: false, reason: `group "${groupId}" has a malformed task` };
    // Ids key the list and pick the task to toggle or delete, so they must be unique.
    if (new Set(tasks.map((task) => task.id)).size !== tasks.length)
      return { ok: false, reason: `group "${groupId}" repeats a task id` };
    roadmap[groupId] = tasks.map(({ id, text, completed, owner }) => ({ id, text, completed, owner }));
  }
  return { ok: true, roadmap };
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
