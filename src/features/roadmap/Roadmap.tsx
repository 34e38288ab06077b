/**
 * The roadmap checklist: three groups of tasks, saved to localStorage after
 * every change and kept in step across tabs. Rendered in the browser only.
 */
import { useEffect, useId, useReducer, useRef, useState } from "react";
import { defaultRoadmap } from "../../data/roadmap";
import { readStorage, writeStorage } from "../../lib/storage";
import { ErrorBoundary } from "../errors/ErrorBoundary";
import {
  defaultTasks,
  newTaskId,
  parseRoadmap,
  ROADMAP_STORAGE_KEY,
  ROADMAP_UNREADABLE_KEY,
  roadmapReducer,
  type Roadmap as RoadmapState,
  type Task,
} from "./roadmap";

const groupIds = defaultRoadmap.map((group) => group.id);

/** Loads the stored roadmap; an unreadable value is kept aside and the defaults are used. */
function loadRoadmap(): RoadmapState {
  const raw = readStorage(ROADMAP_STORAGE_KEY);
  const parsed = parseRoadmap(raw, groupIds);
  if (parsed.ok) return parsed.roadmap;
  if (raw !== null) {
    console.warn(`Stored roadmap ignored (${parsed.reason}); kept under "${ROADMAP_UNREADABLE_KEY}".`);
    writeStorage(ROADMAP_UNREADABLE_KEY, raw);
  }
  return defaultTasks(defaultRoadmap);
}

function TaskItem({ task, onToggle, onDelete }: { task: Task; onToggle: () => void; onDelete: () => void }) {
  const checkboxId = useId();
  return (
    <li className="flex items-center gap-3 py-2">
      <input
        id={checkboxId}
        type="checkbox"
        checked={task.completed}
        onChange={onToggle}
        className="h-5 w-5 shrink-0 rounded border-stone-400 accent-stone-900"
      />
      <label htmlFor={checkboxId} className="min-w-0 flex-1 cursor-pointer">
        <span className={task.completed ? "text-stone-500 line-through" : "text-stone-900"}>{task.text}</span>
        {task.owner ? <span className="ml-2 text-sm text-stone-600">({task.owner})</span> : null}
      </label>
      <button
        type="button"
        onClick={onDelete}
        aria-label={`Delete task: ${task.text}`}
        title="Delete task"
        className="flex h-9 w-9 shrink-0 items-center justify-center rounded text-stone-600 hover:bg-red-50 hover:text-red-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-stone-900"
      >
        <span aria-hidden="true">✕</span>
      </button>
    </li>
  );
}

function AddTaskForm({ groupTitle, onAdd }: { groupTitle: string; onAdd: (text: string, owner: string) => void }) {
  const [text, setText] = useState("");
  const [owner, setOwner] = useState("");
  return (
    <form
      className="mt-3 flex flex-wrap gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim() === "") return;
        onAdd(text, owner);
        setText("");
        setOwner("");
      }}
    >
      <input
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="New task"
        aria-label={`New task for ${groupTitle}`}
        maxLength={500}
        className="min-w-0 flex-[2] rounded-md border border-stone-300 px-3 py-2"
      />
      <input
        value={owner}
        onChange={(event) => setOwner(event.target.value)}
        placeholder="Owner"
        aria-label={`Owner for ${groupTitle}`}
        maxLength={200}
        className="min-w-0 flex-1 rounded-md border border-stone-300 px-3 py-2"
      />
      <button
        type="submit"
        className="rounded-md bg-stone-900 px-4 py-2 font-semibold text-white hover:bg-stone-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900"
      >
        Add
      </button>
    </form>
  );
}

function RoadmapTool() {
  const [roadmap, dispatch] = useReducer(roadmapReducer, undefined, loadRoadmap);
  // Skip writing back a state that just arrived from another tab.
  const fromOtherTab = useRef(false);

  useEffect(() => {
    if (fromOtherTab.current) {
      fromOtherTab.current = false;
      return;
    }
    writeStorage(ROADMAP_STORAGE_KEY, JSON.stringify(roadmap));
  }, [roadmap]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== ROADMAP_STORAGE_KEY || event.newValue === null) return;
      const parsed = parseRoadmap(event.newValue, groupIds);
      if (!parsed.ok) return;
      fromOtherTab.current = true;
      dispatch({ type: "replace", roadmap: parsed.roadmap });
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      {defaultRoadmap.map((group) => {
        const tasks = roadmap[group.id] ?? [];
        return (
          <section
            key={group.id}
            aria-labelledby={`group-${group.id}`}
            className="rounded-lg border border-stone-200 bg-white p-5 shadow-sm"
          >
            <h2 id={`group-${group.id}`} className="font-serif text-xl font-semibold">
              {group.title}
            </h2>
            <ul className="mt-3 divide-y divide-stone-100">
              {tasks.map((task) => (
                <TaskItem
                  key={task.id}
                  task={task}
                  onToggle={() => dispatch({ type: "toggle", groupId: group.id, taskId: task.id })}
                  onDelete={() => dispatch({ type: "delete", groupId: group.id, taskId: task.id })}
                />
              ))}
            </ul>
            <AddTaskForm
              groupTitle={group.title}
              onAdd={(text, owner) => dispatch({ type: "add", groupId: group.id, id: newTaskId(), text, owner })}
            />
          </section>
        );
      })}
    </div>
  );
}

export function Roadmap() {
  return (
    <ErrorBoundary>
      <RoadmapTool />
    </ErrorBoundary>
  );
}
