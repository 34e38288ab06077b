/**
 * Above the groups: the overall figure and the backup tools. Export saves the
 * whole roadmap as JSON; Import reads one back after a confirmation (a bad
 * file changes nothing and says why); Reset restores the defaults, confirmed.
 */
import { useRef, useState } from "react";
import type { DefaultGroup } from "../../data/roadmap";
import { ConfirmDialog } from "./ConfirmDialog";
import { ExportButton } from "./ExportButton";
import { ProgressBar } from "./ProgressBar";
import { defaultTasks, overallProgress, percentDone, type Roadmap } from "./roadmap";
import { readBackupFile } from "./roadmap.backup";
import type { RoadmapStore } from "./roadmap.store";
import { summaryClasses, toolButtonClass } from "./roadmap.styles";

type Props = { roadmap: Roadmap; groups: readonly DefaultGroup[]; store: RoadmapStore };

type Pending = { kind: "reset" } | { kind: "import"; fileName: string; roadmap: Roadmap };
type Notice = { kind: "done" | "error"; text: string };

const tasksIn = (count: number) => `${count} ${count === 1 ? "task" : "tasks"}`;

export function RoadmapSummary({ roadmap, groups, store }: Props) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const overall = overallProgress(roadmap, groups);
  const incoming = pending?.kind === "import" ? overallProgress(pending.roadmap, groups) : null;
  const defaultCount = overallProgress(defaultTasks(groups), groups).total;

  const importFile = async (file: File) => {
    // Emptied first, so the same message for a second bad file is announced again.
    setNotice(null);
    const read = await readBackupFile(file, groups);
    if (read.ok) setPending({ kind: "import", fileName: file.name, roadmap: read.roadmap });
    else setNotice({ kind: "error", text: `Could not import “${file.name}”: ${read.reason}. Nothing was changed.` });
  };

  return (
    <div className={summaryClasses.card}>
      <div className={summaryClasses.layout}>
        <p className={summaryClasses.figure} aria-hidden="true">
          {overall.done} of {tasksIn(overall.total)} done{" "}
          <span className="font-normal text-stone-600">({percentDone(overall)}%)</span>
        </p>
        <ProgressBar progress={overall} label="Overall progress" className={summaryClasses.bar} />
        <div className={summaryClasses.actions}>
          <ExportButton backup={store.exportBackup} onExported={() => setNotice(null)} />
          <button type="button" className={toolButtonClass} onClick={() => fileInput.current?.click()}>
            Import roadmap (.json)
          </button>
          <input
            ref={fileInput}
            type="file"
            accept=".json,application/json"
            hidden
            onChange={(event) => {
              const input = event.currentTarget;
              const file = input.files?.[0];
              // Cleared at once so choosing the same file again still reports.
              input.value = "";
              if (file) void importFile(file);
            }}
          />
          <button
            type="button"
            className={toolButtonClass}
            onClick={() => {
              setNotice(null);
              setPending({ kind: "reset" });
            }}
          >
            Reset to defaults
          </button>
        </div>
      </div>
      {/* Always on the page, empty or not: screen readers announce changes only in a live region they already know. */}
      <p role="status" className="mt-3 text-sm text-emerald-800 empty:mt-0">
        {notice?.kind === "done" ? notice.text : ""}
      </p>
      <p role="alert" className="mt-3 text-sm font-semibold text-red-700 empty:mt-0">
        {notice?.kind === "error" ? notice.text : ""}
      </p>

      <ConfirmDialog
        open={pending?.kind === "reset"}
        title="Reset the roadmap to its defaults?"
        confirmLabel="Reset roadmap"
        onConfirm={() => {
          store.reset();
          setNotice({ kind: "done", text: "The roadmap is back to its default tasks." });
        }}
        onClose={() => setPending(null)}
      >
        <p>
          The {tasksIn(overall.total)} on this page will be replaced by the {tasksIn(defaultCount)} of the default
          roadmap, none done. Export the roadmap first to keep a copy.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={pending?.kind === "import"}
        title="Replace the roadmap with this backup?"
        confirmLabel="Replace roadmap"
        onConfirm={() => {
          if (pending?.kind !== "import") return;
          store.replaceRoadmap(pending.roadmap);
          setNotice({
            kind: "done",
            text: `Imported ${tasksIn(overallProgress(pending.roadmap, groups).total)} from “${pending.fileName}”.`,
          });
        }}
        onClose={() => setPending(null)}
      >
        {pending?.kind === "import" && incoming ? (
          <p>
            “{pending.fileName}” holds {tasksIn(incoming.total)}, {incoming.done} done. They will replace the{" "}
            {tasksIn(overall.total)} on this page.
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
