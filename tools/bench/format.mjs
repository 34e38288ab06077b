// @ts-check
/** How the bench writes its figures: bytes, milliseconds, scores, layout shift, and tables of them. */

/** @param {number | null | undefined} bytes */
export function formatBytes(bytes) {
  if (typeof bytes !== "number" || !Number.isFinite(bytes)) return "–";
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

/** @param {number | null | undefined} score */
export const formatScore = (score) => (typeof score === "number" ? String(Math.round(score * 10) / 10) : "–");
/** @param {number | null} ms */
export const formatMs = (ms) => {
  if (typeof ms !== "number") return "–";
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
};
/** @param {number | null} cls */
export const formatCls = (cls) => (typeof cls === "number" ? cls.toFixed(3) : "–");

/**
 * Lines up rows under headers. `align` holds "l" or "r" per column (numbers
 * read best right-aligned). Cells are strings; widths count characters.
 * @param {string[]} headers
 * @param {(string | null | undefined)[][]} rows
 * @param {("l" | "r")[]} [align]
 */
export function formatTable(headers, rows, align = []) {
  const widths = headers.map((header, column) =>
    Math.max([...header].length, ...rows.map((row) => [...String(row[column] ?? "")].length)),
  );
  /** @type {(cell: string | null | undefined, column: number) => string} */
  const pad = (cell, column) => {
    const text = String(cell ?? "");
    const gap = " ".repeat(widths[column] - [...text].length);
    return align[column] === "r" ? gap + text : text + gap;
  };
  /** @param {(string | null | undefined)[]} cells */
  const line = (cells) => cells.map(pad).join("  ").replace(/\s+$/, "");
  return [line(headers), widths.map((width) => "─".repeat(width)).join("  "), ...rows.map(line)].join("\n");
}
