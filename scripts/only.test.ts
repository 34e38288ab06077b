import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";

const projectRoot = fileURLToPath(new URL("..", import.meta.url));
const probe = mkdtempSync(join(tmpdir(), "stagedoor-only-"));
afterAll(() => rmSync(probe, { recursive: true, force: true }));

it("refuses a test marked .only, on a developer's machine as in CI, so npm test fails rather than run it alone", async () => {
  writeFileSync(
    join(probe, "probe.test.ts"),
    'import { expect, it } from "vitest";\nit.only("alone", () => expect(1).toBe(1));\nit("left out", () => expect(1).toBe(1));\n',
  );
  // The project's own Vitest settings, on this one file (the rest of the config would run the whole suite).
  writeFileSync(
    join(probe, "vitest.config.mjs"),
    `import project from ${JSON.stringify(join(projectRoot, "vitest.config.ts"))};\n` +
      "export default async (env) => {\n" +
      "  const { test } = await project(env);\n" +
      '  return { test: { allowOnly: test.allowOnly, include: ["probe.test.ts"] } };\n' +
      "};\n",
  );
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
  delete env.CI;
  delete env.FORCE_COLOR;
  const run = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = execFile(
      join(projectRoot, "node_modules/.bin/vitest"),
      ["run", "--root", probe, "--config", join(probe, "vitest.config.mjs")],
      { cwd: projectRoot, env },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, output: `${stdout}${stderr}` }),
    );
  });
  expect(run.output).toContain("Unexpected .only modifier");
  expect(run.code).toBe(1);
});
