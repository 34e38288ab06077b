// @ts-check
/**
 * The project's own files, as the checks that read the whole tree list them (test file names, file sizes,
 * citations of docs/): dependencies, git and what builds and runs leave behind are not the project's.
 */
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";

/** Folders that hold nothing of ours: dependencies, git, and what builds and runs leave behind. */
const SKIPPED = /^(node_modules|\.git|\.astro|\.data|dist(-.*)?|test-results|bench-results)$/;

/**
 * Every file under `folder` (relative to `root`) whose name `wanted` accepts, as paths from `root` with `/`.
 * @param {string} root
 * @param {string} folder
 * @param {RegExp} wanted
 * @returns {string[]}
 */
export function projectFiles(root, folder, wanted) {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(root, folder, entry.name);
    const fromRoot = relative(root, path).split("\\").join("/");
    if (entry.isDirectory()) return SKIPPED.test(entry.name) ? [] : projectFiles(root, fromRoot, wanted);
    return wanted.test(entry.name) ? [fromRoot] : [];
  });
}
