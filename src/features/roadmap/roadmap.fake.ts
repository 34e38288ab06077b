/**
 * The roadmap store's tests' kit: a store on fake storage and a fake clock, loaded as the page loads it, with
 * its toasts kept to read and press.
 */
import { vi } from "vitest";
import { defaultRoadmap } from "../../data/roadmap";
import { fakeTime } from "../../test/fake-time";
import { memoryStorage } from "../../test/memory-storage";
import { recordToasts } from "../../test/toast-recorder";
import type { ToastAction } from "../toasts/toasts.store";
import { defaultTasks, ROADMAP_STORAGE_KEY, type Roadmap } from "./roadmap";
import { createRoadmapStore } from "./roadmap.store";
export const defaults = defaultTasks(defaultRoadmap);
export const ids = (roadmap: Roadmap, groupId: string) => roadmap[groupId].map((task) => task.id);

/** The browser's storage, with the roadmap it holds read back. */
export function fakeStorage(initial: Record<string, string> = {}) {
  const storage = memoryStorage(initial);
  return Object.assign(storage, {
    saved: () => JSON.parse(storage.raw(ROADMAP_STORAGE_KEY) ?? "null") as Roadmap | null,
  });
}

/** A store on fake storage and time, loaded as the page loads it; its toasts are kept to read and press. */
export function setUp(storage = fakeStorage()) {
  const time = fakeTime();
  const toasts = recordToasts<{ title: string; description?: string; action?: ToastAction }>();
  const warn = vi.fn();
  let added = 0;
  const store = createRoadmapStore({
    storage,
    now: time.now,
    timers: time.timers,
    toast: toasts.toast,
    warn,
    newId: () => `added${String((added += 1)).padStart(4, "0")}`,
  });
  store.load();
  return { store, storage, time, toasts: toasts.shown, warn, lastUndo: () => toasts.shown.at(-1)!.action! };
}
