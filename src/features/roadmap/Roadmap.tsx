/**
 * The roadmap checklist: three groups of tasks, saved to localStorage after
 * every change and kept in step across tabs, with a deleted task brought back
 * from the toast that says it was deleted. The store does all of that; this
 * island subscribes and renders. Rendered in the browser only.
 */
import { useStore } from "@nanostores/react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { defaultRoadmap } from "../../data/roadmap";
import { browserStorage } from "../../lib/storage";
import { browserTimers } from "../../lib/timers";
import { ErrorBoundary } from "../errors/ErrorBoundary";
import { moveFocus, RoadmapGroup } from "./RoadmapGroup";
import { RoadmapSummary } from "./RoadmapSummary";
import { SaveWarning } from "./SaveWarning";
import { SetAsideNotice } from "./SetAsideNotice";
import { createRoadmapStore, type RoadmapStore } from "./roadmap.store";
import { groupClasses } from "./roadmap.styles";

/** Reads the stored roadmap, and follows the other tabs' changes, for as long as the tool is on the page. */
function useStoredRoadmap(store: RoadmapStore) {
  // Before the first paint, so the stored roadmap shows at once instead of after a frame of defaults.
  useLayoutEffect(() => {
    store.load();
    return () => store.stop();
  }, [store]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => store.syncFromOtherTab(event.key, event.newValue);
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [store]);
}

function RoadmapTool() {
  const [store] = useState(() => createRoadmapStore({ storage: browserStorage, now: Date.now, timers: browserTimers }));
  const roadmap = useStore(store.$roadmap);
  const saveStatus = useStore(store.$saveStatus);
  const focusRequest = useStore(store.$focusRequest);
  const board = useRef<HTMLDivElement>(null);
  useStoredRoadmap(store);

  // After a delete or an Undo, once the list shows it.
  useEffect(() => {
    if (focusRequest === null || board.current === null) return;
    moveFocus(board.current, focusRequest);
    store.focusMoved();
  }, [focusRequest, store]);

  return (
    <>
      <SetAsideNotice store={store} />
      <RoadmapSummary roadmap={roadmap} groups={defaultRoadmap} store={store} />
      <div ref={board} className={groupClasses.grid}>
        {defaultRoadmap.map((group) => (
          <RoadmapGroup key={group.id} group={group} tasks={roadmap[group.id] ?? []} store={store} />
        ))}
      </div>
      <SaveWarning status={saveStatus} backup={store.exportBackup} />
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
