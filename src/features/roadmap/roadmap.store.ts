/**
 * The roadmap on the page and its saving. Every change is shown and saved to
 * storage at once. When the browser refuses the save (storage full, or off),
 * the change stays on screen and the save status says so; every later change
 * tries again, and the first save that succeeds says so too. Deletions are
 * remembered so each can be undone. Storage is handed in, so a test drives it
 * with a fake.
 */
import { atom } from "nanostores";
import { newTaskId, ROADMAP_STORAGE_KEY, roadmapReducer, type Roadmap } from "./roadmap";
import { recordDeletion, restoreTask, type DeletedTask } from "./roadmap-undo";

/** What the store needs of localStorage. */
export type RoadmapStorage = { setItem(key: string, value: string): void };

/** The page's localStorage, looked up on each save: looking it up throws too when storage is off. */
export const browserStorage: RoadmapStorage = {
  setItem: (key, value) => window.localStorage.setItem(key, value),
};

/**
 * Whether what is on screen is saved: yes; no (the storage is full, or refused for
 * another reason); or yes again, after a failure, until the next change is saved.
 */
export type SaveStatus = { saved: true; again: boolean } | { saved: false; reason: "full" | "refused" };

/** Deletions kept for undoing: far more than anyone undoes, few enough to stay small. */
const UNDO_LIMIT = 50;

/** Whether a failed write failed because the storage is full (the name differs by browser). */
export function isQuotaError(error: unknown): boolean {
  if (!(error instanceof DOMException)) return false;
  return error.name === "QuotaExceededError" || error.name === "NS_ERROR_DOM_QUOTA_REACHED";
}

export function createRoadmapStore(initial: Roadmap, storage: RoadmapStorage) {
  const $roadmap = atom<Roadmap>(initial);
  const $saveStatus = atom<SaveStatus>({ saved: true, again: false });
  let deletions: DeletedTask[] = [];

  function save(roadmap: Roadmap) {
    try {
      storage.setItem(ROADMAP_STORAGE_KEY, JSON.stringify(roadmap));
      $saveStatus.set({ saved: true, again: !$saveStatus.get().saved });
    } catch (error) {
      $saveStatus.set({ saved: false, reason: isQuotaError(error) ? "full" : "refused" });
    }
  }

  /** Shows `next` and saves it; nothing happens when nothing changed. */
  function change(next: Roadmap): boolean {
    if (next === $roadmap.get()) return false;
    $roadmap.set(next);
    save(next);
    return true;
  }

  return {
    $roadmap,
    $saveStatus,
    toggleTask(groupId: string, taskId: string) {
      change(roadmapReducer($roadmap.get(), { type: "toggle", groupId, taskId }));
    },
    /** Adds a task unless its text is blank; returns whether it did. */
    addTask(groupId: string, text: string, owner: string, id = newTaskId()): boolean {
      return change(roadmapReducer($roadmap.get(), { type: "add", groupId, id, text, owner }));
    },
    /** Deletes a task and returns what undoTask needs to bring it back (null if there was no such task). */
    deleteTask(groupId: string, taskId: string): DeletedTask | null {
      const deleted = recordDeletion($roadmap.get(), groupId, taskId, deletions);
      if (deleted === null) return null;
      deletions = [...deletions, deleted].slice(-UNDO_LIMIT);
      change(roadmapReducer($roadmap.get(), { type: "delete", groupId, taskId }));
      return deleted;
    },
    /** Puts a deleted task back where it was; false if it is back already (or its group is gone). */
    undoDelete(deleted: DeletedTask): boolean {
      deletions = deletions.filter((entry) => entry !== deleted);
      return change(restoreTask($roadmap.get(), deleted));
    },
    /** Replaces the whole roadmap (an import, a reset) and saves it. */
    replaceRoadmap(roadmap: Roadmap) {
      change(roadmap);
    },
    /** Shows a roadmap another tab has saved already: nothing to write again. */
    showSavedElsewhere(roadmap: Roadmap) {
      $roadmap.set(roadmap);
    },
  };
}

export type RoadmapStore = ReturnType<typeof createRoadmapStore>;
