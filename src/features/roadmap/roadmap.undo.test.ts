import { describe, expect, it } from "vitest";
import { defaultRoadmap } from "../../data/roadmap";
import { defaultTasks, roadmapReducer, type Roadmap } from "./roadmap";
import { recordDeletion, restoreTask, type DeletedTask } from "./roadmap.undo";

const defaults = defaultTasks(defaultRoadmap);
const ids = (roadmap: Roadmap, groupId: string) => roadmap[groupId].map((task) => task.id);

/** Deletes tasks one after another, as the page does, remembering each deletion. */
function deleteAll(roadmap: Roadmap, groupId: string, taskIds: readonly string[]) {
  const deletions: DeletedTask[] = [];
  for (const taskId of taskIds) {
    const deleted = recordDeletion(roadmap, groupId, taskId, deletions);
    if (deleted === null) throw new Error(`no task ${taskId}`);
    deletions.push(deleted);
    roadmap = roadmapReducer(roadmap, { type: "delete", groupId, taskId });
  }
  return { roadmap, deletions };
}

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, index) =>
    permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]),
  );
}

describe("undoing a deleted task", () => {
  it("puts it back in its group, at its place, done or not as it was", () => {
    const done = roadmapReducer(defaults, { type: "toggle", groupId: "content", taskId: "content-3" });
    const { roadmap, deletions } = deleteAll(done, "content", ["content-3"]);
    expect(ids(roadmap, "content")).not.toContain("content-3");
    const back = restoreTask(roadmap, deletions[0]);
    expect(back).toEqual(done);
    expect(back.content[2]).toMatchObject({ id: "content-3", completed: true });
  });

  it("puts back the first and the last task of a group at the start and the end", () => {
    const { roadmap, deletions } = deleteAll(defaults, "tour", ["tour-1", "tour-7"]);
    expect(restoreTask(restoreTask(roadmap, deletions[1]), deletions[0])).toEqual(defaults);
  });

  it.each(
    // Neighbours and tasks apart, from the middle and the ends of the group.
    [
      ["planning-3", "planning-4", "planning-5"],
      ["planning-1", "planning-2", "planning-8"],
      ["planning-2", "planning-5", "planning-7"],
    ],
  )("rebuilds the group whatever the order of deleting and undoing %s, %s and %s", (...chosen) => {
    for (const deleteOrder of permutations(chosen)) {
      for (const undoOrder of permutations([0, 1, 2])) {
        const { roadmap, deletions } = deleteAll(defaults, "planning", deleteOrder);
        const back = undoOrder.reduce((current, index) => restoreTask(current, deletions[index]), roadmap);
        expect({ deleteOrder, undoOrder, planning: ids(back, "planning") }).toEqual({
          deleteOrder,
          undoOrder,
          planning: ids(defaults, "planning"),
        });
      }
    }
  });

  it("keeps tasks added since the deletion after the task put back", () => {
    const { roadmap, deletions } = deleteAll(defaults, "tour", ["tour-7"]);
    const added = roadmapReducer(roadmap, {
      type: "add",
      groupId: "tour",
      id: "new000001",
      text: "Book a van",
      owner: "",
    });
    expect(ids(restoreTask(added, deletions[0]), "tour").slice(-2)).toEqual(["tour-7", "new000001"]);
  });

  it("goes after the nearest earlier task still there when its neighbour is gone for good", () => {
    const { roadmap, deletions } = deleteAll(defaults, "content", ["content-4", "content-3"]);
    // content-3 is never brought back; content-4 goes back after content-2.
    expect(ids(restoreTask(roadmap, deletions[0]), "content")).toEqual([
      "content-1",
      "content-2",
      "content-4",
      "content-5",
      "content-6",
    ]);
  });

  it("changes nothing when the task is back already, or there is none to delete", () => {
    const { roadmap, deletions } = deleteAll(defaults, "planning", ["planning-2"]);
    const back = restoreTask(roadmap, deletions[0]);
    expect(restoreTask(back, deletions[0])).toBe(back);
    expect(recordDeletion(defaults, "planning", "no-such-task", [])).toBeNull();
  });
});
