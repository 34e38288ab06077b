/**
 * One group of the roadmap: its title and progress, the form that adds a task,
 * and its tasks, each with a checkbox and a delete button. Every change goes to
 * the store; this only renders.
 */
import { useId } from "react";
import { AddTaskForm } from "./AddTaskForm";
import { ProgressBar } from "./ProgressBar";
import { progressOf, type GroupInfo, type Task } from "./roadmap";
import { groupClasses, taskClasses } from "./roadmap.styles";
import type { FocusRequest, RoadmapStore } from "./roadmap.store";

/**
 * Moves keyboard focus where the store asks after a change: to the task brought back by an
 * Undo; after a delete, to the delete button of the task that took its place (else the last
 * one, else the group's add field).
 */
export function moveFocus(board: HTMLElement, request: FocusRequest): void {
  // Found by their data rather than by a selector, so no id needs escaping.
  if ("taskId" in request) {
    const task = [...board.querySelectorAll<HTMLElement>("[data-task-id]")].find(
      (element) => element.dataset.taskId === request.taskId,
    );
    task?.querySelector("input")?.focus();
    return;
  }
  const group = [...board.querySelectorAll<HTMLElement>("[data-group-id]")].find(
    (element) => element.dataset.groupId === request.groupId,
  );
  const buttons = group?.querySelectorAll<HTMLElement>("[data-delete-task]") ?? [];
  const target =
    buttons[Math.min(request.index, buttons.length - 1)] ?? group?.querySelector<HTMLElement>("[data-new-task]");
  target?.focus();
}

function TaskItem({
  task,
  onToggle,
  onDelete,
}: {
  task: Task;
  onToggle: () => void;
  onDelete: (click: number) => void;
}) {
  const checkboxId = useId();
  return (
    <li className={taskClasses.row} data-task-id={task.id}>
      <input
        id={checkboxId}
        type="checkbox"
        checked={task.completed}
        onChange={onToggle}
        className={taskClasses.checkbox}
      />
      <label htmlFor={checkboxId} className={taskClasses.label}>
        <span className={task.completed ? "text-stone-500 line-through" : "text-stone-900"}>{task.text}</span>
        {task.owner ? <span className={taskClasses.owner}>({task.owner})</span> : null}
      </label>
      <button
        type="button"
        onClick={(event) => onDelete(event.detail)}
        aria-label={`Delete task: ${task.text}`}
        title="Delete task"
        data-delete-task=""
        className={taskClasses.deleteButton}
      >
        <span aria-hidden="true">✕</span>
      </button>
    </li>
  );
}

export function RoadmapGroup({ group, tasks, store }: { group: GroupInfo; tasks: Task[]; store: RoadmapStore }) {
  const progress = progressOf(tasks);
  return (
    <section aria-labelledby={`group-${group.id}`} data-group-id={group.id} className={groupClasses.card}>
      <div className={groupClasses.header}>
        <h2 id={`group-${group.id}`} className={groupClasses.title}>
          {group.title}
        </h2>
        {/* The bar below says the same to screen readers, by the group's name. */}
        <p className={groupClasses.count} aria-hidden="true">
          {progress.done}/{progress.total}
        </p>
      </div>
      <ProgressBar progress={progress} label={`${group.title} progress`} className={groupClasses.bar} />
      {/* Above the list, so a new task (added at the end) never moves the form: a second click
          of a double-click on Add lands on Add again, not on the new task's delete button. */}
      <AddTaskForm groupTitle={group.title} onAdd={(text, owner) => store.addTask(group.id, text, owner)} />
      <ul className={groupClasses.list}>
        {tasks.map((task) => (
          <TaskItem
            key={task.id}
            task={task}
            onToggle={() => store.toggleTask(group.id, task.id)}
            onDelete={(click) => store.deleteTask(group.id, task.id, click)}
          />
        ))}
      </ul>
    </section>
  );
}
