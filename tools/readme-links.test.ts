// The links of the README and of docs/*.md lead somewhere: to a heading of their own, to a file of the project,
// or to a heading of another of these documents; and the README, the map, links every document.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { brokenLinks, headingAnchors } from "./readme-links.mjs";

const root = new URL("../", import.meta.url);
const documents = [
  "README.md",
  ...readdirSync(new URL("docs/", root))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

describe("the links of the README and of docs/", () => {
  it.each(documents)("in %s each lead to a heading or to a file that exists", (document) => {
    const at = new URL(document, root);
    const markdown = readFileSync(at, "utf8");
    const exists = (path: string) => existsSync(new URL(path, at));
    const markdownAt = (path: string) => readFileSync(new URL(path, at), "utf8");
    expect(brokenLinks(markdown, exists, markdownAt)).toEqual([]);
  });

  it("include, in the README, a link to every document under docs/", () => {
    const readme = readFileSync(new URL("README.md", root), "utf8");
    const unlinked = documents.slice(1).filter((document) => !readme.includes(`](${document})`));
    expect(unlinked).toEqual([]);
  });

  it("are checked against the anchors GitHub gives the headings", () => {
    const markdown = [
      "# stagedoor",
      "## Deploying: from nothing to a live site",
      "### What netlify.toml sets",
      "## Security model, in plain words",
      "## The `dist/` folder",
      "## Limits",
      "### Limits",
    ].join("\n");
    expect(headingAnchors(markdown)).toEqual([
      "stagedoor",
      "deploying-from-nothing-to-a-live-site",
      "what-netlifytoml-sets",
      "security-model-in-plain-words",
      "the-dist-folder",
      "limits",
      "limits-1",
    ]);
  });

  it("name a section that is gone, a file that is not there, and a section another document lacks, with their lines", () => {
    const markdown = [
      "## Deploying: from nothing to a live site",
      "Switched off ([Connecting](#connecting-a-hosted-supabase-project), step 3); see [below](#deploying-from-nothing-to-a-live-site).",
      "The [config](astro.config.mjs), the [old one](netlify/old.toml), [Astro](https://astro.build).",
      "```sh",
      "# not a heading, and [not a link](#nowhere)",
      "```",
      "Written `[as code](#nowhere)`.",
      "The [team account](docs/operations.md#team-account), [its limits](docs/operations.md#limits), [the map](../README.md#the-tree).",
      "The [config's first line](astro.config.mjs#L1).",
    ].join("\n");
    const files: Record<string, string> = {
      "astro.config.mjs": "export default {};",
      "docs/operations.md": "# Running the site\n## Team account\n",
      "../README.md": "# stagedoor\n## The tree\n",
    };
    const exists = (path: string) => path in files;
    const markdownAt = (path: string) => files[path] ?? "";
    expect(brokenLinks(markdown, exists, markdownAt)).toEqual([
      { line: 2, target: "#connecting-a-hosted-supabase-project" },
      { line: 3, target: "netlify/old.toml" },
      { line: 8, target: "docs/operations.md#limits" },
    ]);
  });
});
