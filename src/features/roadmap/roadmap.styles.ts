/**
 * The roadmap's boxes, rows and controls as class strings, shared by the island
 * and the placeholder the page shows until it runs (RoadmapSkeleton.astro). The
 * placeholder is built from the same classes and the same default tasks, so it
 * has the tool's size at every width, and nothing jumps when the tool replaces
 * it. Buttons, fields, cards and focus rings come from the UI kit.
 */
import { buttonClass, cardClass, cx, focusRing, inputClass } from "../../components/ui/styles";

/** The overall figure and the backup tools, above the groups. */
export const summaryClasses = {
  card: cx(cardClass, "mb-6 p-5"),
  /** Narrow: figure, bar, buttons stacked; from 768 px the buttons in one row; from 1024 px figure and buttons side by side. */
  layout: "grid gap-3 lg:grid-cols-[1fr_auto] lg:items-center lg:gap-x-6",
  figure: "font-semibold tabular-nums lg:col-start-1 lg:row-start-1",
  bar: "lg:col-span-2 lg:row-start-2",
  actions: "mt-1 grid gap-2 md:grid-cols-3 lg:col-start-2 lg:row-start-1 lg:mt-0",
} as const;

/** The roadmap's own tools (export, import, reset, the kept copy's buttons): outlined, small, one line. */
export const toolButtonClass = cx(buttonClass({ variant: "secondary", size: "sm" }), "whitespace-nowrap");

/** The three groups: stacked, then side by side from 1024 px. */
export const groupClasses = {
  grid: "grid gap-6 lg:grid-cols-3",
  card: cx(cardClass, "p-5"),
  header: "flex items-baseline justify-between gap-3",
  title: "font-serif text-xl font-semibold",
  count: "shrink-0 text-sm font-semibold tabular-nums text-stone-600",
  bar: "mt-2",
  form: "mt-3 flex flex-wrap gap-2",
  // A line of its own on a phone, where beside the owner and Add it would show a dozen characters of a task, too few
  // to find what to cut from a paste too long; beside them from the small breakpoint up.
  taskField: cx(inputClass, "min-w-0 basis-full sm:basis-0 sm:flex-[2]"),
  ownerField: cx(inputClass, "min-w-0 flex-1"),
  addButton: buttonClass({ variant: "primary" }),
  /** What the form says of a field too long: a line of its own under the fields and Add. */
  notes: "basis-full",
  list: "mt-3 divide-y divide-stone-100",
} as const;

/** One task: checkbox, text and owner, delete button. */
export const taskClasses = {
  row: "flex items-center gap-3",
  checkbox: cx("h-5 w-5 shrink-0 accent-stone-900", focusRing),
  // A task's text ticks its box: at least 44 px tall, so a finger finds it on a phone as the box is small.
  label: "min-w-0 flex-1 cursor-pointer py-2.5 [overflow-wrap:anywhere]",
  owner: "ml-2 text-sm text-stone-600",
  deleteButton: cx(
    "flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-stone-600 hover:bg-red-50 hover:text-red-700",
    focusRing,
  ),
} as const;

/** The track of a progress bar; its fill is as tall. */
export const progressTrackClass = "h-2 overflow-hidden rounded-full bg-stone-200";
