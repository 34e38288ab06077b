import { describe, expect, it } from "vitest";
import { defaultRoadmap } from "../../data/roadmap";
import {
  defaultTasks,
  keepAsideKey,
  keptCopyKeys,
  newTaskId,
  newTaskTooLong,
  overallProgress,
  parseRoadmap,
  percentDone,
  progressOf,
  readTasks,
  ROADMAP_STORAGE_KEY,
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

  it("ignores a task longer than the form takes, counted as a person counts: an emoji is one", () => {
    const pasted = `Plan the Italian dates: ${"Milan, Turin, Bologna, ".repeat(22)}Rome`;
    const add = (text: string, owner = "Orla") =>
      roadmapReducer(defaults, { type: "add", groupId: "tour", id: "x", text, owner });
    expect(add(pasted)).toBe(defaults);
    expect(add("Posters", "Orla, ".repeat(40))).toBe(defaults);
    expect(add("🎸".repeat(500)).tour.at(-1)?.text).toBe("🎸".repeat(500));
    expect(newTaskTooLong(pasted, "")).toEqual({ text: "at most 500 characters (this has 534)" });
    expect(newTaskTooLong(" ", "Orla, ".repeat(40))).toEqual({});
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
  it("reads it from the keys earlier versions saved it under", () => {
    // Changing them would lose every roadmap kept in a browser.
    expect([ROADMAP_STORAGE_KEY, ROADMAP_UNREADABLE_KEY]).toEqual(["roadmapTodos", "roadmapTodos.unreadable"]);
  });

  it("reads back what was saved", () => {
    const saved: Roadmap = roadmapReducer(defaults, { type: "toggle", groupId: "tour", taskId: "tour-3" });
    expect(parseRoadmap(JSON.stringify(saved), defaultRoadmap)).toEqual({ ok: true, roadmap: saved });
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
    expect(parseRoadmap(raw, defaultRoadmap).ok).toBe(false);
  });

  it("refuses a group the roadmap does not have, rather than dropping it unseen", () => {
    const raw = JSON.stringify({ ...defaults, merch: [] });
    expect(parseRoadmap(raw, defaultRoadmap)).toEqual({
      ok: false,
      reason: "it has a group this roadmap does not have (“merch”)",
    });
  });

  it("names the missing group by its title", () => {
    expect(parseRoadmap(JSON.stringify({ planning: [], content: [] }), defaultRoadmap)).toEqual({
      ok: false,
      reason: "the “Tour & Events” group is missing",
    });
  });

  it("says when nothing is stored", () => {
    expect(parseRoadmap(null, defaultRoadmap)).toEqual({ ok: false, reason: "nothing stored" });
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

describe("finding the values kept aside", () => {
  it("lists the usual key first, then the dated ones from oldest to newest, and nothing else", () => {
    expect(
      keptCopyKeys([
        "roadmapTodos",
        `${ROADMAP_UNREADABLE_KEY}.1735689600000`,
        "contacts",
        `${ROADMAP_UNREADABLE_KEY}.999`,
        ROADMAP_UNREADABLE_KEY,
        `${ROADMAP_UNREADABLE_KEY}.notatime`,
        `${ROADMAP_UNREADABLE_KEY}X1`,
      ]),
    ).toEqual([ROADMAP_UNREADABLE_KEY, `${ROADMAP_UNREADABLE_KEY}.999`, `${ROADMAP_UNREADABLE_KEY}.1735689600000`]);
  });

  it("finds none when nothing was kept", () => {
    expect(keptCopyKeys(["roadmapTodos", "contacts"])).toEqual([]);
  });
});

describe("checking a group's tasks", () => {
  const task = { id: "a", text: "Book vans", completed: false, owner: "" };

  it.each([
    [[null], "task 1 in “Tour” is not a task"],
    [[task, { ...task, id: "" }], "task 2 in “Tour” has no id"],
    [[{ ...task, text: "   " }], "task 1 in “Tour” has no text"],
    [[{ ...task, completed: "yes" }], "task 1 in “Tour” is neither done nor open"],
    [[{ ...task, owner: null }], "task 1 in “Tour” has an owner that is not text"],
    [[task, { ...task, text: "Again" }], "task 2 in “Tour” repeats the id of an earlier task"],
    [{}, "the “Tour” group is not a list of tasks"],
  ])("refuses %j, saying why", (value, reason) => {
    expect(readTasks(value, "Tour")).toEqual({ ok: false, reason });
  });

  it("keeps only a task's own fields, and its text and owner as written however long", () => {
    // The form caps new tasks, but what was saved before (or by hand) must load and round-trip, not be refused.
    const long = "ä".repeat(5000);
    expect(readTasks([{ ...task, text: long, owner: long, extra: 1 }], "Tour")).toEqual({
      ok: true,
      tasks: [{ ...task, text: long, owner: long }],
    });
  });
});

describe("progress", () => {
  it("counts done tasks per group and over the whole roadmap", () => {
    let roadmap = roadmapReducer(defaults, { type: "toggle", groupId: "planning", taskId: "planning-2" });
    roadmap = roadmapReducer(roadmap, { type: "toggle", groupId: "tour", taskId: "tour-7" });
    expect(progressOf(roadmap.planning)).toEqual({ done: 1, total: 8 });
    expect(progressOf(roadmap.content)).toEqual({ done: 0, total: 6 });
    expect(overallProgress(roadmap, defaultRoadmap)).toEqual({ done: 2, total: 21 });
  });

  it("rounds the percentage down and treats an empty roadmap as 0%", () => {
    expect(percentDone({ done: 20, total: 21 })).toBe(95);
    expect(percentDone({ done: 21, total: 21 })).toBe(100);
    expect(percentDone({ done: 1, total: 3 })).toBe(33);
    expect(percentDone({ done: 0, total: 0 })).toBe(0);
  });
});
