/**
 * The roadmap tool's controller: what is on screen, whether it is saved, the
 * unreadable copies kept aside, and the deletions that can still be undone.
 * Storage, clock and timers are handed in, so a test drives whole sequences
 * (a full storage, a garbled value, an Undo pressed late) with fakes.
 *
 * - Loading reads and checks the stored roadmap. A value that cannot be read is
 *   kept aside under another key, never lost, and the defaults are shown.
 * - Every change is shown and saved at once. When the browser refuses the save
 *   (storage full, or off), the change stays on screen and the save status says
 *   so; every later change tries again, and the first save that works says so too.
 * - A deletion is toasted with Undo, and can be undone while the toast offers it.
 */
import { atom } from "nanostores";
import { defaultRoadmap, type DefaultGroup } from "../../data/roadmap";
import { readStorage, removeStorage, storageKeys, writeStorage, type KeyValueStorage } from "../../lib/storage";
import type { Timers } from "../../lib/timers";
import { ACTION_TOAST_DURATION_MS, showToast } from "../toasts/toasts.store";
import {
  defaultTasks,
  keepAsideKey,
  keptCopyKeys,
  newTaskId,
  parseRoadmap,
  ROADMAP_STORAGE_KEY,
  ROADMAP_UNREADABLE_KEY,
  roadmapReducer,
  type Roadmap,
} from "./roadmap";
import { backupFile, type BackupFile } from "./roadmap.backup";
import { recordDeletion, restoreTask, type DeletedTask } from "./roadmap.undo";

export type RoadmapDeps = {
  storage: KeyValueStorage;
  /** The time in milliseconds since 1970: dates a copy kept aside and an export. */
  now: () => number;
  timers: Timers;
  /** Shows a toast (the shared queue by default). */
  toast?: typeof showToast;
  groups?: readonly DefaultGroup[];
  newId?: () => string;
  warn?: (message: string) => void;
};

/**
 * Whether what is on screen is saved: yes; no (the storage is full, or refused for
 * another reason); or yes again, after a failure, until the next change is saved.
 */
export type SaveStatus = { saved: true; again: boolean } | { saved: false; reason: "full" | "refused" };

/**
 * A stored roadmap that could not be read: why, the value itself, the key it is kept
 * under (null when there was no room to keep it aside), and whether that was found
 * on this visit (else it was kept on an earlier one).
 */
export type KeptCopy = { reason: string; raw: string; key: string | null; justNow: boolean };

/** Where keyboard focus goes after a change: the task brought back, or the row a deleted task left. */
export type FocusRequest = { taskId: string } | { groupId: string; index: number };

/** How long a deletion can be undone: as long as its toast offers Undo. */
export const UNDO_WINDOW_MS = ACTION_TOAST_DURATION_MS;

/** Whether a failed write failed because the storage is full (the name differs by browser). */
export function isQuotaError(error: unknown): boolean {
  if (!(error instanceof DOMException)) return false;
  return error.name === "QuotaExceededError" || error.name === "NS_ERROR_DOM_QUOTA_REACHED";
}

type Undoable = { deleted: DeletedTask; holds: number; timer: unknown };

export function createRoadmapStore({
  storage,
  now,
  timers,
  toast = showToast,
  groups = defaultRoadmap,
  newId = newTaskId,
  warn = console.warn,
}: RoadmapDeps) {
  const defaults = defaultTasks(groups);
  const $roadmap = atom<Roadmap>(defaults);
  const $saveStatus = atom<SaveStatus>({ saved: true, again: false });
  const $keptCopies = atom<readonly KeptCopy[]>([]);
  const $focusRequest = atom<FocusRequest | null>(null);
  // False while the value under the roadmap's key could not be read: it is not written over unseen.
  let storedValueRead = true;
  let undoable: Undoable[] = [];

  function readStored(): { ok: true; raw: string | null } | { ok: false } {
    try {
      return { ok: true, raw: storage.getItem(ROADMAP_STORAGE_KEY) };
    } catch {
      return { ok: false };
    }
  }

  /** Keeps `raw` aside; returns the key it is kept under, or null when there was no room for it. */
  function keepAside(raw: string): string | null {
    const key = keepAsideKey(readStorage(ROADMAP_UNREADABLE_KEY, storage), raw, now());
    // No key to write to means this very value is already kept under the usual one.
    if (key === null) return ROADMAP_UNREADABLE_KEY;
    return writeStorage(key, raw, storage) ? key : null;
  }

  /** The copies to tell of: the one set aside on this visit first, then any kept from before, oldest first. */
  function keptCopies(justNow: KeptCopy | null): KeptCopy[] {
    const earlier = keptCopyKeys(storageKeys(storage)).flatMap((key): KeptCopy[] => {
      const raw = readStorage(key, storage);
      if (raw === null || key === justNow?.key) return [];
      const parsed = parseRoadmap(raw, groups);
      return [{ key, raw, reason: parsed.ok ? "it was set aside earlier" : parsed.reason, justNow: false }];
    });
    return justNow ? [justNow, ...earlier] : earlier;
  }

  /** The first write over a value that could not be read at load reads it again, and keeps it aside if any. */
  function readBeforeFirstWrite(): boolean {
    const stored = readStored();
    if (!stored.ok) return false;
    if (stored.raw !== null) {
      if (keepAside(stored.raw) === null) return false;
      $keptCopies.set(keptCopies(null));
    }
    storedValueRead = true;
    return true;
  }

  function save(roadmap: Roadmap) {
    if (!storedValueRead && !readBeforeFirstWrite()) {
      $saveStatus.set({ saved: false, reason: "refused" });
      return;
    }
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

  function forget(entry: Undoable) {
    timers.clearTimeout(entry.timer);
    undoable = undoable.filter((other) => other !== entry);
  }

  function startUndoWindow(entry: Undoable) {
    entry.timer = timers.setTimeout(() => forget(entry), UNDO_WINDOW_MS);
  }

  const entryOf = (deleted: DeletedTask) => undoable.find((entry) => entry.deleted === deleted);

  /** Puts a deleted task back where it was, while its Undo is offered; false once it is not (or it is back). */
  function undoDelete(deleted: DeletedTask): boolean {
    const entry = entryOf(deleted);
    if (entry === undefined) return false;
    forget(entry);
    if (!change(restoreTask($roadmap.get(), deleted))) return false;
    $focusRequest.set({ taskId: deleted.task.id });
    return true;
  }

  /** While the toast offering the Undo is held open, the undo window stands still; let go, it starts again. */
  function holdUndo(deleted: DeletedTask, held: boolean) {
    const entry = entryOf(deleted);
    if (entry === undefined) return;
    entry.holds = Math.max(0, entry.holds + (held ? 1 : -1));
    timers.clearTimeout(entry.timer);
    if (entry.holds === 0) startUndoWindow(entry);
  }

  return {
    $roadmap,
    $saveStatus,
    $keptCopies,
    $focusRequest,
    /** Reads the stored roadmap; one that cannot be read is kept aside (if there is room) and the defaults shown. */
    load() {
      const stored = readStored();
      storedValueRead = stored.ok;
      const parsed = stored.ok ? parseRoadmap(stored.raw, groups) : null;
      let justNow: KeptCopy | null = null;
      if (parsed?.ok) {
        $roadmap.set(parsed.roadmap);
      } else if (parsed && stored.ok && stored.raw !== null) {
        const key = keepAside(stored.raw);
        warn(
          key
            ? `Stored roadmap ignored (${parsed.reason}); kept under "${key}".`
            : `Stored roadmap ignored (${parsed.reason}); left in place because it could not be kept aside.`,
        );
        // Once it is safely kept, the defaults replace it, so the next load does not trip over it again.
        if (key) writeStorage(ROADMAP_STORAGE_KEY, JSON.stringify(defaults), storage);
        justNow = { reason: parsed.reason, raw: stored.raw, key, justNow: true };
      }
      $keptCopies.set(keptCopies(justNow));
    },
    toggleTask(groupId: string, taskId: string) {
      change(roadmapReducer($roadmap.get(), { type: "toggle", groupId, taskId }));
    },
    /** Adds a task unless its text is blank; returns whether it did. */
    addTask(groupId: string, text: string, owner: string): boolean {
      return change(roadmapReducer($roadmap.get(), { type: "add", groupId, id: newId(), text, owner }));
    },
    /**
     * Deletes a task and toasts it with Undo. `click` counts the clicks of a quick series (a
     * double-click's second is 2): that one lands on whatever moved under the pointer, the task
     * that moved up into the row or a task just added, and deletes nothing.
     */
    deleteTask(groupId: string, taskId: string, click = 1): DeletedTask | null {
      if (click > 1) return null;
      const roadmap = $roadmap.get();
      const deleted = recordDeletion(
        roadmap,
        groupId,
        taskId,
        undoable.map((entry) => entry.deleted),
      );
      if (deleted === null) return null;
      const index = roadmap[groupId].findIndex((task) => task.id === taskId);
      const entry: Undoable = { deleted, holds: 0, timer: undefined };
      undoable = [...undoable, entry];
      startUndoWindow(entry);
      change(roadmapReducer(roadmap, { type: "delete", groupId, taskId }));
      $focusRequest.set({ groupId, index });
      const group = groups.find((candidate) => candidate.id === groupId);
      toast({
        title: "Task deleted",
        description: `“${deleted.task.text}” was deleted from ${group?.title ?? groupId}.`,
        action: { label: "Undo", onClick: () => undoDelete(deleted), onHold: (held) => holdUndo(deleted, held) },
      });
      return deleted;
    },
    undoDelete,
    holdUndo,
    /** Replaces the whole roadmap (a confirmed import) and saves it. */
    replaceRoadmap(roadmap: Roadmap) {
      change(roadmap);
    },
    /** Puts the default tasks back, none done, and saves them. */
    reset() {
      change(defaults);
    },
    /** The backup file of what is on screen, dated now. */
    exportBackup(): BackupFile {
      return backupFile($roadmap.get(), groups, new Date(now()));
    },
    /**
     * Shows what another tab saved (a `storage` event's key and new value): nothing to write
     * again. A null key means that tab cleared all of this site's storage.
     */
    syncFromOtherTab(key: string | null, newValue: string | null) {
      if (key !== null && key !== ROADMAP_STORAGE_KEY) return;
      if (key === null || newValue === null) {
        $roadmap.set(defaults);
        return;
      }
      const parsed = parseRoadmap(newValue, groups);
      if (parsed.ok) $roadmap.set(parsed.roadmap);
    },
    /** Deletes a kept copy for good (the team confirmed it); the next one, if any, is told of. */
    deleteKeptCopy(copy: KeptCopy) {
      if (copy.key !== null) removeStorage(copy.key, storage);
      $keptCopies.set($keptCopies.get().filter((other) => other !== copy));
    },
    /** Stops telling of a copy that could not be kept aside (it stays where it is until the next change). */
    dismissKeptCopy(copy: KeptCopy) {
      $keptCopies.set($keptCopies.get().filter((other) => other !== copy));
    },
    /** Keyboard focus has moved where the last change asked. */
    focusMoved() {
      $focusRequest.set(null);
    },
    /** Ends the pending undo windows (the tool leaves the page). */
    stop() {
      for (const entry of undoable) timers.clearTimeout(entry.timer);
      undoable = [];
    },
  };
}

export type RoadmapStore = ReturnType<typeof createRoadmapStore>;
