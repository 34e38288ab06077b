/**
 * The one layout-shift recorder of the journeys: every layout shift the browser reports, with the
 * elements that moved, read back once the frame being drawn has been painted, all of them or only those
 * in (or outside) one part of the page.
 */
import type { Page } from "@playwright/test";

type Shift = { value: number; startTime: number; nodes: (Node | null)[] };
type Recording = { __layoutShifts: Shift[] };

/** Runs in the page: a fresh list of the shifts, from the first paint (`buffered`) or from now. */
function install(buffered: boolean) {
  const shifts: Shift[] = [];
  (window as unknown as Recording).__layoutShifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as {
      value: number;
      startTime: number;
      sources: { node?: Node | null }[];
    }[]) {
      shifts.push({
        value: entry.value,
        startTime: entry.startTime,
        nodes: entry.sources.map((source) => source.node ?? null),
      });
    }
  }).observe({ type: "layout-shift", buffered });
}

/**
 * Records the layout shifts of every page the tab opens, from its first paint on (call before `goto`), with
 * motion as most visitors have it, whatever the journey asked for: the page fades in, as it does for them.
 * Without the fade, a browser starved of CPU may paint a page before its HTML has all arrived (seen: the
 * footer with two of its three icons), and what arrives next moves it: the browser's way of loading, not a
 * layout of the site's that shifts.
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await page.addInitScript(install, true);
}

/** Records the layout shifts of the page open now, from now on (what came before is left out). */
export async function recordLayoutShiftsFromNow(page: Page): Promise<void> {
  await page.evaluate(install, false);
}

/**
 * The layout shifts recorded so far, once the frame being drawn has been painted (a shift is reported
 * after the frame it happened in). `within` keeps those that moved something inside the element it
 * selects; `outside`, those that moved anything else. Shifts from before the document was parsed are left
 * out: a browser starved of CPU may paint a page whose HTML is still arriving (seen on one core: 0.005 on
 * /calendar's gate), and what arrives next moves what it drew, whatever the site does; the site's own
 * moves (a placeholder giving way to an island, an image without its size, a font) come once it is parsed.
 * Each shift is said with what moved (`0.0028: footer.mt-auto "© 2025 Orla…"`), so a failed
 * `expect(…).toEqual([])` names the element to look at.
 */
export function layoutShifts(page: Page, where: { within?: string; outside?: string } = {}): Promise<string[]> {
  return page.evaluate(async ({ within, outside }) => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const inside = (selector: string, node: Node | null) =>
      !!node && !!document.querySelector(selector)?.contains(node);
    // Read from an observer: a journey's installed clock replaces `performance`, and its entries with none.
    const parsed = await new Promise<number>((resolve) => {
      const observer = new PerformanceObserver((list) => {
        observer.disconnect();
        resolve((list.getEntries()[0] as PerformanceNavigationTiming).domContentLoadedEventStart);
      });
      observer.observe({ type: "navigation", buffered: true });
    });
    return (window as unknown as Recording).__layoutShifts
      .filter((shift) => shift.startTime >= parsed)
      .filter((shift) => within === undefined || shift.nodes.some((node) => inside(within, node)))
      .filter((shift) => outside === undefined || shift.nodes.some((node) => !inside(outside, node)))
      .map((shift) => {
        const named = shift.nodes.map((node) => {
          if (!(node instanceof Element)) return node ? "a text node" : "an element no longer in the page";
          const classes = [...node.classList]
            .slice(0, 3)
            .map((name) => `.${name}`)
            .join("");
          const text = (node.textContent ?? "").replace(/\s+/g, " ").trim();
          const quoted = text.length > 30 ? ` "${text.slice(0, 30)}…"` : text ? ` "${text}"` : "";
          return `${node.localName}${node.id ? `#${node.id}` : ""}${classes}${quoted}`;
        });
        return `${shift.value.toFixed(4)}: ${named.join(", ")}`;
      });
  }, where);
}
