import { describe, expect, it } from "vitest";
import { defaultRoadmap } from "../../data/roadmap";
import {
  defaultTasks,
  keepAsideKey,
  newTaskId,
  parseRoadmap,
  ROADMAP_UNREADABLE_KEY,
  roadmapReducer,
  type Roadmap,
} from "./roadmap";

const groupIds = defaultRoadmap.map((group) => group.id);
const defaults = defaultTasks(defaultRoadmap);

describe("default roadmap", () => {
  it("has the three groups with 8, 6 and 7 open tasks", () => {
    expect(defaultRoadmap.map((group) => group.title)).toEqual([
      "Planning & Setup",
      "Content & Strategy",
      "Tour & Events",
    ]);
    expect(groupIds.map((id) => defaults[id].length)).toEqual([8, 6, 7]);
    expect(
      Object.values(defaults)
        .flat()
        .every((task) => !task.completed && task.owner !== ""),
    ).toBe(true);
  });
});

describe("roadmap reducer", () => {
  it("toggles a task's completion both ways", () => {
    const once = roadmapReducer(defaults, { type: "toggle", groupId: "planning", taskId: "planning-1" });
    expect(once.planning[0].completed).toBe(true);
    const twice = roadmapReducer(once, { type: "toggle", groupId: "planning", taskId: "planning-1" });
    expect(twice.planning[0].completed).toBe(false);
  });

  it("adds a trimmed, open task at the end of its group", () => {
    const next = roadmapReducer(defaults, {
      type: "add",
      groupId: "tour",
      id: "abcdefghi",
      text: "  Book vans ",
      owner: " Dylan ",
    });
    expect(next.tour.at(-1)).toEqual({ id: "abcdefghi", text: "Book vans", completed: false, owner: "Dylan" });
    expect(next.planning).toBe(defaults.planning);
  });

  it("ignores a task whose text is empty after trimming", () => {
    expect(roadmapReducer(defaults, { type: "add", groupId: "tour", id: "x", text: "   ", owner: "Orla" })).toBe(
      defaults,
    );
  });

  it("allows an empty owner", () => {
    const next = roadmapReducer(defaults, { type: "add", groupId: "tour", id: "x", text: "Posters", owner: "  " });
    expect(next.tour.at(-1)?.owner).toBe("");
  });

  it("deletes only the chosen task", () => {
    const next = roadmapReducer(defaults, { type: "delete", groupId: "content", taskId: "content-2" });
    expect(next.content.map((task) => task.id)).toEqual([
      "content-1",
      "content-3",
      "content-4",
      "content-5",
      "content-6",
    ]);
  });
});

describe("task ids", () => {
  it("are 9 random alphanumeric characters", () => {
    const id = newTaskId();
    expect(id).toMatch(/^[a-z0-9]{9}$/);
    expect(newTaskId()).not.toBe(id);
  });
});

describe("reading the stored roadmap", () => {
  it("reads back what was saved", () => {
    const saved: Roadmap = roadmapReducer(defaults, { type: "toggle", groupId: "tour", taskId: "tour-3" });
    expect(parseRoadmap(JSON.stringify(saved), groupIds)).toEqual({ ok: true, roadmap: saved });
  });

  it.each([
    ["bad JSON", "{not json"],
    ["a different shape", "[1,2,3]"],
    ["null", "null"],
    ["a partial object", JSON.stringify({ planning: [] })],
    ["a malformed task", JSON.stringify({ planning: [{ id: "a", text: 3 }], content: [], tour: [] })],
    ["a group that is not a list", JSON.stringify({ planning: {}, content: [], tour: [] })],
    [
      "a repeated task id",
      JSON.stringify({
        planning: [
          { id: "a", text: "One", completed: false, owner: "" },
          { id: "a", text: "Two", completed: true, owner: "" },
        ],
        content: [],
        tour: [],
      }),
    ],
  ])("refuses %s", (_label, raw) => {
    expect(parseRoadmap(raw, groupIds).ok).toBe(false);
  });

  it("says when nothing is stored", () => {
    expect(parseRoadmap(null, groupIds)).toEqual({ ok: false, reason: "nothing stored" });
  });
});

describe("keeping an unreadable value aside", () => {
  it("uses the usual key when it is free", () => {
    expect(keepAsideKey(null, "{bad", 1)).toBe(ROADMAP_UNREADABLE_KEY);
  });

  it("does not write the same value twice", () => {
    expect(keepAsideKey("{bad", "{bad", 1)).toBeNull();
  });

  it("never overwrites a different value kept earlier", () => {
    expect(keepAsideKey("{older", "{bad", 1735689600000)).toBe(`${ROADMAP_UNREADABLE_KEY}.1735689600000`);
  });
});
