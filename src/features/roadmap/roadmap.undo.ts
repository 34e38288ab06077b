/**
 * Bringing a deleted task back where it was. A deletion remembers the task as
 * it was (text, owner, done) and the tasks before it in its group; undoing puts
 * it back right after the nearest of those still there. The tasks before it
 * include the ones deleted earlier that may yet come back, so several
 * deletions undone in any order rebuild the group as it was.
 */
import type { Roadmap, Task } from "./roadmap";

export type DeletedTask = {
  groupId: string;
  task: Task;
  /** Ids of the tasks that came before it in its group, nearest last. */
  after: readonly string[];
};

/** `tasks` with `deleted` put back, unless a task with its id is already there. */
function putBack(tasks: readonly Task[], deleted: DeletedTask): readonly Task[] {
  if (tasks.some((task) => task.id === deleted.task.id)) return tasks;
  const place = new Map(tasks.map((task, index) => [task.id, index]));
  const anchor = deleted.after.findLast((id) => place.has(id));
  const index = anchor === undefined ? 0 : (place.get(anchor) ?? -1) + 1;
  return [...tasks.slice(0, index), deleted.task, ...tasks.slice(index)];
}

/**
 * What to remember to undo deleting `taskId` from `groupId`, before it is
 * deleted; `earlier` are the deletions that can still be undone, oldest first.
 * Null when there is no such task.
 */
export function recordDeletion(
  roadmap: Roadmap,
  groupId: string,
  taskId: string,
  earlier: readonly DeletedTask[],
): DeletedTask | null {
  const tasks = roadmap[groupId] ?? [];
  const task = tasks.find((candidate) => candidate.id === taskId);
  if (task === undefined) return null;
  // The group as it would be with every earlier deletion undone, oldest first as they happened.
  const whole = earlier.filter((deleted) => deleted.groupId === groupId).reduce<readonly Task[]>(putBack, tasks);
  const index = whole.findIndex((candidate) => candidate.id === taskId);
  return { groupId, task, after: whole.slice(0, index).map((candidate) => candidate.id) };
}

/** The roadmap with the deleted task back in place; unchanged if the task is already there or its group is gone. */
export function restoreTask(roadmap: Roadmap, deleted: DeletedTask): Roadmap {
  const tasks = roadmap[deleted.groupId];
  if (tasks === undefined) return roadmap;
  const restored = putBack(tasks, deleted);
  return restored === tasks ? roadmap : { ...roadmap, [deleted.groupId]: [...restored] };
}
