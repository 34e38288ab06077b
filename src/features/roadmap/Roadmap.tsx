/**
 * The roadmap checklist: three groups of tasks, saved to localStorage after
 * every change (by its store) and kept in step across tabs. A deleted task can
 * be brought back from the toast that says it was deleted. Rendered in the
 * browser only.
 */
import { useStore } from "@nanostores/react";
import { useEffect, useId, useRef, useState } from "react";
import { defaultRoadmap } from "../../data/roadmap";
import { readStorage, writeStorage } from "../../lib/storage";
import { ErrorBoundary } from "../errors/ErrorBoundary";
import { showToast } from "../toasts/toasts.store";
import { ProgressBar } from "./ProgressBar";
import { RoadmapSummary } from "./RoadmapSummary";
import { SaveWarning } from "./SaveWarning";
import { SetAsideNotice, type SetAside } from "./SetAsideNotice";
import {
  defaultTasks,
  keepAsideKey,
  parseRoadmap,
  progressOf,
  ROADMAP_STORAGE_KEY,
  ROADMAP_UNREADABLE_KEY,
  TASK_LIMITS,
  type Roadmap as RoadmapState,
  type Task,
} from "./roadmap";
import type { DeletedTask } from "./roadmap-undo";
import { browserStorage, createRoadmapStore } from "./roadmap.store";

/**
 * Loads the stored roadmap. An unreadable value is kept aside under another
 * key and, once it is safely kept, replaced by the defaults so the next load
 * does not trip over it again. If it cannot be kept aside, it is left where it is.
 */
function loadRoadmap(): { roadmap: RoadmapState; setAside: SetAside | null } {
  const raw = readStorage(ROADMAP_STORAGE_KEY);
  const parsed = parseRoadmap(raw, defaultRoadmap);
  if (parsed.ok) return { roadmap: parsed.roadmap, setAside: null };
  const defaults = defaultTasks(defaultRoadmap);
  if (raw === null) return { roadmap: defaults, setAside: null };
  const asideKey = keepAsideKey(readStorage(ROADMAP_UNREADABLE_KEY), raw, Date.now());
  // No key to write to means this very value is already kept under the usual one.
  const keptUnder = asideKey === null || writeStorage(asideKey, raw) ? (asideKey ?? ROADMAP_UNREADABLE_KEY) : null;
  console.warn(
    keptUnder
      ? `Stored roadmap ignored (${parsed.reason}); kept under "${keptUnder}".`
      : `Stored roadmap ignored (${parsed.reason}); left in place because it could not be kept aside.`,
  );
  if (keptUnder) writeStorage(ROADMAP_STORAGE_KEY, JSON.stringify(defaults));
  return { roadmap: defaults, setAside: { reason: parsed.reason, raw, key: keptUnder } };
}

function TaskItem({ task, onToggle, onDelete }: { task: Task; onToggle: () => void; onDelete: () => void }) {
  const checkboxId = useId();
  return (
    <li className="flex items-center gap-3 py-2" data-task-id={task.id}>
      <input
        id={checkboxId}
        type="checkbox"
        checked={task.completed}
        onChange={onToggle}
        className="h-5 w-5 shrink-0 rounded border-stone-400 accent-stone-900"
      />
      <label htmlFor={checkboxId} className="min-w-0 flex-1 cursor-pointer [overflow-wrap:anywhere]">
        <span className={task.completed ? "text-stone-500 line-through" : "text-stone-900"}>{task.text}</span>
        {task.owner ? <span className="ml-2 text-sm text-stone-600">({task.owner})</span> : null}
      </label>
      <button
        type="button"
        onClick={(event) => {
          // The second click of a double-click lands on the task that moved up into this row: not a delete.
          if (event.detail > 1) return;
          onDelete();
        }}
        aria-label={`Delete task: ${task.text}`}
        title="Delete task"
        data-delete-task=""
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
        maxLength={TASK_LIMITS.text}
        data-new-task=""
        className="min-w-0 flex-[2] rounded-md border border-stone-300 px-3 py-2"
      />
      <input
        value={owner}
        onChange={(event) => setOwner(event.target.value)}
        placeholder="Owner"
        aria-label={`Owner for ${groupTitle}`}
        maxLength={TASK_LIMITS.owner}
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

/**
 * Where keyboard focus goes once the list has changed: after a delete, to the task that took its
 * place (else the group's add form); after an undo, to the task brought back.
 */
type FocusNext = { groupId: string; index: number } | { taskId: string };

function RoadmapTool() {
  // Storage is read in the initializer, not after mount: the island is client:only, so there is no
  // server render to mismatch, and the stored roadmap shows at once instead of after a frame of defaults.
  const [{ loaded, store }] = useState(() => {
    const loaded = loadRoadmap();
    return { loaded, store: createRoadmapStore(loaded.roadmap, browserStorage) };
  });
  const roadmap = useStore(store.$roadmap);
  const saveStatus = useStore(store.$saveStatus);
  const sections = useRef(new Map<string, HTMLElement>());
  const focusNext = useRef<FocusNext | null>(null);

  const undoDelete = (deleted: DeletedTask) => {
    if (store.undoDelete(deleted)) focusNext.current = { taskId: deleted.task.id };
  };

  const deleteTask = (groupId: string, groupTitle: string, taskId: string, index: number) => {
    const deleted = store.deleteTask(groupId, taskId);
    if (deleted === null) return;
    focusNext.current = { groupId, index };
    showToast({
      title: "Task deleted",
      description: `“${deleted.task.text}” was deleted from ${groupTitle}.`,
      action: { label: "Undo", onClick: () => undoDelete(deleted) },
    });
  };

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      // key is null when another tab cleared all of this site's storage.
      if (event.key !== null && event.key !== ROADMAP_STORAGE_KEY) return;
      let next: RoadmapState;
      if (event.key === null || event.newValue === null) {
        next = defaultTasks(defaultRoadmap);
      } else {
        const parsed = parseRoadmap(event.newValue, defaultRoadmap);
        if (!parsed.ok) return;
        next = parsed.roadmap;
      }
      store.showSavedElsewhere(next);
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [store]);

  useEffect(() => {
    const pending = focusNext.current;
    if (!pending) return;
    focusNext.current = null;
    if ("taskId" in pending) {
      document.querySelector<HTMLElement>(`[data-task-id="${CSS.escape(pending.taskId)}"] input`)?.focus();
      return;
    }
    const section = sections.current.get(pending.groupId);
    const buttons = section?.querySelectorAll<HTMLElement>("[data-delete-task]") ?? [];
    const target =
      buttons[Math.min(pending.index, buttons.length - 1)] ?? section?.querySelector<HTMLElement>("[data-new-task]");
    target?.focus();
  }, [roadmap]);

  return (
    <>
      <SetAsideNotice justNow={loaded.setAside} />
      <RoadmapSummary
        roadmap={roadmap}
        groups={defaultRoadmap}
        defaults={defaultTasks(defaultRoadmap)}
        onReplace={(next) => store.replaceRoadmap(next)}
      />
      <div className="grid gap-6 lg:grid-cols-3">
        {defaultRoadmap.map((group) => {
          const tasks = roadmap[group.id] ?? [];
          const progress = progressOf(tasks);
          return (
            <section
              key={group.id}
              ref={(element) => {
                if (element) sections.current.set(group.id, element);
                else sections.current.delete(group.id);
              }}
              aria-labelledby={`group-${group.id}`}
              className="rounded-lg border border-stone-200 bg-white p-5 shadow-sm"
            >
              <div className="flex items-baseline justify-between gap-3">
                <h2 id={`group-${group.id}`} className="font-serif text-xl font-semibold">
                  {group.title}
                </h2>
                {/* The bar below says the same to screen readers, by the group's name. */}
                <p className="shrink-0 text-sm font-semibold tabular-nums text-stone-600" aria-hidden="true">
                  {progress.done}/{progress.total}
                </p>
              </div>
              <ProgressBar progress={progress} label={`${group.title} progress`} className="mt-2" />
              {/* Above the list, so a new task (added at the end) never moves the form: a second click
                  of a double-click on Add lands on Add again, not on the new task's delete button. */}
              <AddTaskForm groupTitle={group.title} onAdd={(text, owner) => store.addTask(group.id, text, owner)} />
              <ul className="mt-3 divide-y divide-stone-100">
                {tasks.map((task, index) => (
                  <TaskItem
                    key={task.id}
                    task={task}
                    onToggle={() => store.toggleTask(group.id, task.id)}
                    onDelete={() => deleteTask(group.id, group.title, task.id, index)}
                  />
                ))}
              </ul>
            </section>
          );
        })}
      </div>
      <SaveWarning status={saveStatus} roadmap={roadmap} groups={defaultRoadmap} />
    </>
  );
}

export function Roadmap() {
  return (
    <ErrorBoundary>
      <RoadmapTool />
    </ErrorBoundary>
  );
}
