/** A thin bar of tasks done, announced as "3 of 8 tasks done" under its label. */
import { cx } from "../../components/ui/styles";
import { percentDone, type Progress } from "./roadmap";
import { progressTrackClass } from "./roadmap.styles";

export function ProgressBar({ progress, label, className }: { progress: Progress; label: string; className?: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={progress.total}
      aria-valuenow={progress.done}
      aria-valuetext={`${progress.done} of ${progress.total} tasks done`}
      className={cx(progressTrackClass, className)}
    >
      <div
        className="h-full rounded-full bg-emerald-700 transition-[width] duration-300 motion-reduce:transition-none"
        style={{ width: `${percentDone(progress)}%` }}
      />
    </div>
  );
}
