/**
 * A comment that cites a section of our documents (`docs/features.md#contacts`) sends the reader somewhere
 * real: the document is in the project and has that heading. The code cites docs/features.md for what a page
 * promises, word for word; a renamed section would otherwise leave the citations pointing at nothing.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { projectFiles } from "./project-files.mjs";
import { headingAnchors } from "./readme-links.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** Where the code that cites the documents lives. */
const FOLDERS = ["src", "server", "tools", "scripts", "e2e", "supabase", "netlify"];
const SOURCE = /\.(ts|tsx|mjs|js|astro|sql)$/;
const CITATION = /\bdocs\/([\w-]+\.md)#([\w-]+)/g;

/** The citations in `text` that name no document of `documents` or no heading of it, as `document#anchor`. */
function brokenCitations(text: string, documents: (name: string) => string | undefined): string[] {
  return [...text.matchAll(CITATION)]
    .filter(([, name, anchor]) => {
      const markdown = documents(name!);
      return markdown === undefined || !headingAnchors(markdown).includes(anchor!);
    })
    .map(([citation]) => citation);
}

const onDisk = (name: string) => {
  const path = join(ROOT, "docs", name);
  return existsSync(path) ? readFileSync(path, "utf8") : undefined;
};

describe("citations of docs/ in the code", () => {
  it("are found broken when the document or its heading is missing", () => {
    const documents = (name: string) => (name === "features.md" ? "# Features\n## Team sign-in\n" : undefined);
    // The missing document is named in pieces, so that this file cites nothing missing itself.
    const missing = ["docs", "spec.md#roadmap"].join("/");
    const text = `// docs/features.md#team-sign-in, docs/features.md#calendar and ${missing}`;
    expect(brokenCitations(text, documents)).toEqual(["docs/features.md#calendar", missing]);
  });

  it("each name a heading of a document in docs/", () => {
    const files = FOLDERS.flatMap((folder) => projectFiles(ROOT, folder, SOURCE));
    const cited = files.filter((file) => readFileSync(join(ROOT, file), "utf8").match(CITATION));
    expect(cited.length).toBeGreaterThan(10);
    const broken = files.flatMap((file) =>
      brokenCitations(readFileSync(join(ROOT, file), "utf8"), onDisk).map((citation) => `${file}: ${citation}`),
    );
    expect(broken).toEqual([]);
  });
});
