/**
 * Above the groups: the overall figure and the backup tools. Export saves the
 * whole roadmap as JSON; Import reads one back after a confirmation (a bad
 * file changes nothing and says why); Reset restores the defaults, confirmed.
 */
import { useRef, useState } from "react";
import { ConfirmDialog } from "./ConfirmDialog";
import { ExportButton } from "./ExportButton";
import { ProgressBar } from "./ProgressBar";
import { overallProgress, percentDone, type GroupInfo, type Roadmap } from "./roadmap";
import { secondaryButtonClass } from "./roadmap.styles";
import { BACKUP_MAX_BYTES, parseBackup } from "./roadmap-backup";

type Props = {
  roadmap: Roadmap;
  groups: readonly GroupInfo[];
  defaults: Roadmap;
  onReplace: (roadmap: Roadmap) => void;
};

type Pending = { kind: "reset" } | { kind: "import"; fileName: string; roadmap: Roadmap };
type Notice = { kind: "done" | "error"; text: string };

const tasksIn = (count: number) => `${count} ${count === 1 ? "task" : "tasks"}`;

async function readBackupFile(file: File, groups: readonly GroupInfo[]) {
  if (file.size > BACKUP_MAX_BYTES) return { ok: false as const, reason: "the file is larger than 1 MB" };
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false as const, reason: "the file could not be read" };
  }
  return parseBackup(text, groups);
}

export function RoadmapSummary({ roadmap, groups, defaults, onReplace }: Props) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const overall = overallProgress(roadmap, groups);
  const incoming = pending?.kind === "import" ? overallProgress(pending.roadmap, groups) : null;

  return (
    <div className="mb-6 rounded-lg border border-stone-200 bg-white p-5 shadow-sm">
      {/* Narrow: figure, bar, buttons stacked; from 768 px: the buttons in one row; from 1024 px: figure and buttons side by side. */}
      <div className="grid gap-3 lg:grid-cols-[1fr_auto] lg:items-center lg:gap-x-6">
        <p className="font-semibold tabular-nums lg:col-start-1 lg:row-start-1" aria-hidden="true">
          {overall.done} of {tasksIn(overall.total)} done{" "}
          <span className="font-normal text-stone-600">({percentDone(overall)}%)</span>
        </p>
        <ProgressBar progress={overall} label="Overall progress" className="lg:col-span-2 lg:row-start-2" />
        <div className="mt-1 grid gap-2 md:grid-cols-3 lg:col-start-2 lg:row-start-1 lg:mt-0">
          <ExportButton roadmap={roadmap} groups={groups} onExported={() => setNotice(null)} />
          <button type="button" className={secondaryButtonClass} onClick={() => fileInput.current?.click()}>
            Import roadmap (.json)
          </button>
          <input
            ref={fileInput}
            type="file"
            accept=".json,application/json"
            hidden
            onChange={async (event) => {
              const input = event.currentTarget;
              const file = input.files?.[0];
              // Cleared at once so choosing the same file again still reports.
              input.value = "";
              if (!file) return;
              // Emptied first, so the same message for a second bad file is announced again.
              setNotice(null);
              const read = await readBackupFile(file, groups);
              if (read.ok) {
                setPending({ kind: "import", fileName: file.name, roadmap: read.roadmap });
              } else {
                setNotice({
                  kind: "error",
                  text: `Could not import “${file.name}”: ${read.reason}. Nothing was changed.`,
                });
              }
            }}
          />
          <button
            type="button"
            className={secondaryButtonClass}
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
          onReplace(defaults);
          setNotice({ kind: "done", text: "The roadmap is back to its default tasks." });
        }}
        onClose={() => setPending(null)}
      >
        <p>
          The {tasksIn(overall.total)} on this page will be replaced by the{" "}
          {tasksIn(overallProgress(defaults, groups).total)} of the default roadmap, none done. Export the roadmap first
          to keep a copy.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={pending?.kind === "import"}
        title="Replace the roadmap with this backup?"
        confirmLabel="Replace roadmap"
        onConfirm={() => {
          if (pending?.kind !== "import") return;
          onReplace(pending.roadmap);
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
