// Islands stay small enough to read at a glance: logic and effects live in the
// feature's store, so an island file stays within 150 lines and an effect in a
// component is a few lines that call the store (25 at most).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = new URL("../", import.meta.url).pathname;
const MAX_ISLAND_LINES = 150;
const MAX_EFFECT_LINES = 25;

/** Every React component file under src/, tests left out. */
function componentFiles(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return componentFiles(path);
    return entry.name.endsWith(".tsx") && !entry.name.includes(".test.") ? [path] : [];
  });
}

/** Lines spanned by the callback of each useEffect/useLayoutEffect call in a file. */
function effectLengths(path: string): { line: number; lines: number }[] {
  const text = readFileSync(path, "utf8");
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: { line: number; lines: number }[] = [];
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && /^use(Layout)?Effect$/.test(node.expression.getText(source))) {
      const callback = node.arguments[0];
      if (callback)
        found.push({
          line: lineOf(callback.getStart(source)),
          lines: lineOf(callback.end) - lineOf(callback.getStart(source)) + 1,
        });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = componentFiles();

describe("island size", () => {
  it("finds the component files it measures", () => {
    expect(files.length).toBeGreaterThan(20);
    expect(files.flatMap(effectLengths).length).toBeGreaterThan(5);
  });

  it(`keeps every component file within ${MAX_ISLAND_LINES} lines`, () => {
    const long = files
      .map((path) => ({ file: relative(root, path), lines: readFileSync(path, "utf8").trimEnd().split("\n").length }))
      .filter(({ lines }) => lines > MAX_ISLAND_LINES);
    expect(long).toEqual([]);
  });

  it(`keeps every effect within ${MAX_EFFECT_LINES} lines`, () => {
    const long = files.flatMap((path) =>
      effectLengths(path)
        .filter(({ lines }) => lines > MAX_EFFECT_LINES)
        .map(({ line, lines }) => `${relative(root, path)}:${line} (${lines} lines)`),
    );
    expect(long).toEqual([]);
  });
});
