/**
 * The realtime status after unlock: a dot plus words ("Live", "Reconnecting…"),
 * never colour alone, in a polite live region so screen readers hear changes.
 */
import { REALTIME_STATUS_TEXT, type RealtimeStatus } from "./calendar.realtime";

const dotClass: Record<RealtimeStatus, string> = {
  connecting: "bg-stone-500 motion-safe:animate-pulse",
  live: "bg-green-600",
  reconnecting: "bg-amber-600 motion-safe:animate-pulse",
};

export function LiveIndicator({ status }: { status: RealtimeStatus }) {
  const { label, title } = REALTIME_STATUS_TEXT[status];
  return (
    <p
      role="status"
      title={title}
      className="inline-flex items-center gap-2 rounded-full border border-stone-200 bg-white px-3 py-1 text-sm font-semibold text-stone-800"
    >
      <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${dotClass[status]}`} />
      {label}
    </p>
  );
}
