// @ts-check
/**
 * The README's links that stay inside the project: each `(#anchor)` must name one of its headings, as GitHub
 * makes a heading's anchor, and each relative link a file or folder that exists. A test runs it over the
 * README (readme-links.test.ts), so a renamed section leaves no link leading nowhere. Code blocks and code
 * spans are not read: a `#` line in a shell example is no heading, and text in backticks no link.
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
 * Every link in `markdown` to one of its own sections that has no heading, or to a file of the project that
 * `exists` does not find, with its line.
 * @param {string} markdown
 * @param {(path: string) => boolean} exists whether a path, relative to the README, is there
 * @returns {{ line: number, target: string }[]}
 */
export function brokenLinks(markdown, exists) {
  const anchors = new Set(headingAnchors(markdown));
  return proseLines(markdown).flatMap(({ number, text }) =>
    [...text.replace(/`[^`]*`/g, "").matchAll(/\]\(([^)\s]+)\)/g)]
      .map(([, target]) => target)
      .filter((target) => {
        if (target.startsWith("#")) return !anchors.has(decodeURIComponent(target.slice(1)));
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return false; // a web address, an e-mail: outside the project
        return !exists(decodeURIComponent(target.split("#")[0]));
      })
      .map((target) => ({ line: number, target })),
  );
}
