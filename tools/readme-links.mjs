// @ts-check
/**
 * The links of the README and of the documents under docs/ that stay inside the project: each `(#anchor)` must
 * name one of the document's own headings, as GitHub makes a heading's anchor; each relative link a file or
 * folder that exists, and when it points into another Markdown file (`docs/operations.md#team-account`), one of
 * that file's headings. A test runs it over the README and every docs/*.md (readme-links.test.ts), so a renamed
 * or moved section leaves no link leading nowhere. Code blocks and code spans are not read: a `#` line in a
 * shell example is no heading, and text in backticks no link.
 */

/**
 * The lines of `markdown` outside fenced code blocks, each with its 1-based number.
 * @param {string} markdown
 * @returns {{ number: number, text: string }[]}
 */
function proseLines(markdown) {
  let fence = "";
  return markdown.split("\n").flatMap((text, index) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(text)?.[1];
    if (marker && (!fence || marker.startsWith(fence))) {
      fence = fence ? "" : marker;
      return [];
    }
    return fence ? [] : [{ number: index + 1, text }];
  });
}

/**
 * The anchor GitHub gives each heading, in order: its text in lower case, without markup and punctuation,
 * spaces as dashes ("Deploying: from nothing to a live site" → "deploying-from-nothing-to-a-live-site"); a
 * repeated one gets -1, -2 and so on.
 * @param {string} markdown
 * @returns {string[]}
 */
export function headingAnchors(markdown) {
  /** @type {Map<string, number>} */
  const seen = new Map();
  return proseLines(markdown).flatMap(({ text }) => {
    const heading = /^#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(text)?.[1];
    if (heading === undefined) return [];
    const anchor = heading
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(anchor) ?? 0;
    seen.set(anchor, count + 1);
    return [count ? `${anchor}-${count}` : anchor];
  });
}

/**
 * Every link in `markdown` to one of its own sections that has no heading, to a file of the project that
 * `exists` does not find, or to a section of another Markdown file that `markdownAt` shows has no such heading,
 * with its line.
 * @param {string} markdown
 * @param {(path: string) => boolean} exists whether a path, relative to the document, is there
 * @param {(path: string) => string} markdownAt the text of a Markdown file, by the same path, once it exists
 * @returns {{ line: number, target: string }[]}
 */
export function brokenLinks(markdown, exists, markdownAt) {
  const anchors = new Set(headingAnchors(markdown));
  /** @param {string} path @param {string} anchor */
  const hasSection = (path, anchor) => !/\.md$/i.test(path) || headingAnchors(markdownAt(path)).includes(anchor);
  return proseLines(markdown).flatMap(({ number, text }) =>
    [...text.replace(/`[^`]*`/g, "").matchAll(/\]\(([^)\s]+)\)/g)]
      .map(([, target]) => target)
      .filter((target) => {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return false; // a web address, an e-mail: outside the project
        const [path, anchor] = target.split("#").map(decodeURIComponent);
        if (!path) return !anchors.has(anchor);
        if (!exists(path)) return true;
        return anchor !== undefined && !hasSection(path, anchor);
      })
      .map((target) => ({ line: number, target })),
  );
}
