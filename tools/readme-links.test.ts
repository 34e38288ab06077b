// The README's own links lead somewhere: to a heading of its own, or to a file of the project.
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { brokenLinks, headingAnchors } from "./readme-links.mjs";

const root = new URL("../", import.meta.url);

describe("the README's links", () => {
  it("each lead to one of its headings or to a file that exists", () => {
    const readme = readFileSync(new URL("README.md", root), "utf8");
    expect(brokenLinks(readme, (path) => existsSync(new URL(path, root)))).toEqual([]);
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

  it("name a section that is gone, and a file that is not there, with their lines", () => {
    const markdown = [
      "## Deploying: from nothing to a live site",
      "Switched off ([Connecting](#connecting-a-hosted-supabase-project), step 3); see [below](#deploying-from-nothing-to-a-live-site).",
      "The [config](astro.config.mjs), the [old one](netlify/old.toml), [Astro](https://astro.build).",
      "```sh",
      "# not a heading, and [not a link](#nowhere)",
      "```",
      "Written `[as code](#nowhere)`.",
    ].join("\n");
    const exists = (path: string) => path === "astro.config.mjs";
    expect(brokenLinks(markdown, exists)).toEqual([
      { line: 2, target: "#connecting-a-hosted-supabase-project" },
      { line: 3, target: "netlify/old.toml" },
    ]);
  });
});
