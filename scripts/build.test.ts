// What the site's owner reads when `npm run build` stops (on Netlify, in its deploy log): the reason once,
// in words, with the file and line to change, and no stack trace; and a failed exit, so nothing ships.
// Each case runs the real script and the real `astro build` on a copy of the project with the owner's
// mistake typed in; each stops within seconds, before any page is built.
import { spawn } from "node:child_process";
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { copyProject } from "../tools/project-copy.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));

/** What a build needs until it stops: its entry point and config, and the code the config loads. */
const NEEDED = [
  "package.json",
  "tsconfig.json",
  "astro.config.mjs",
  "tailwind.config.mjs",
  "scripts/build.mjs",
  "tools/build-aside.mjs",
  "tools/encoded-images.mjs",
  "src",
  "server",
  // The tour is the local backend's seed when none runs (src/lib/shows-loader.ts).
  "tools/seeded-shows.mjs",
  "supabase",
];

const copies: string[] = [];
afterEach(() => {
  for (const copy of copies.splice(0)) rmSync(copy, { recursive: true, force: true });
});

/** A copy of the project with `edits` (file → change) made, as the owner left them. */
function projectWith(edits: Record<string, (text: string) => string> = {}): string {
  const copy = copyProject(root, {
    prefix: "stagedoor-build-",
    only: NEEDED,
    // A build without a backend reads the seed's shows from a local database: from the kept snapshot, not initdb.
    keptDatabase: true,
    // Tests, and the kept image encodings, which these builds stop long before using.
    filter: (source) => !/\.test\.[jt]sx?$/.test(source) && !source.includes("src/assets/encoded"),
  });
  copies.push(copy);
  // The fixture content in the owner's place, so these builds never depend on what she has written.
  rmSync(join(copy, "src/content"), { recursive: true, force: true });
  cpSync(join(root, "src/test/content"), join(copy, "src/content"), { recursive: true });
  for (const [path, edit] of Object.entries(edits)) {
    writeFileSync(join(copy, path), edit(readFileSync(join(copy, path), "utf8")));
  }
  return copy;
}

/** Runs `npm run build`'s script in `copy` with only `env` set: its whole output, and its exit status. */
function build(copy: string, env: Record<string, string> = {}): Promise<{ output: string; status: number | null }> {
  const child = spawn(process.execPath, [join(copy, "scripts/build.mjs")], {
    cwd: copy,
    env: { PATH: process.env.PATH ?? "", HOME: copy, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise((resolve) => child.on("close", (status) => resolve({ output, status })));
}

/** How often `text` occurs in `output`. */
const count = (output: string, text: string) => output.split(text).length - 1;

/** Lines of a stack trace, as Node and Astro print them. */
const STACK = /^\s+at .+[:(]\d+|Stack trace:/m;

const production = {
  CONTEXT: "production",
  URL: "https://orla.netlify.app",
  PUBLIC_SUPABASE_URL: "https://abcdefgh.supabase.co",
  PUBLIC_SUPABASE_ANON_KEY: "anon-key",
};

describe("npm run build, stopped for the owner", () => {
  it("stops Netlify's first build, made before the Supabase values are set, saying which and where, and fails", async () => {
    const { output, status } = await build(projectWith(), { CONTEXT: "production", URL: production.URL });
    expect(status).not.toBe(0);
    expect(
      count(
        output,
        "Deploy build stopped: PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY are not set for production.",
      ),
    ).toBe(1);
    expect(output).toContain("Set them in the Netlify UI (Site configuration → Environment variables)");
    expect(output).not.toMatch(STACK);
    expect(output).toContain("✖ The build failed, so dist/ was left as it was. There is no earlier build in dist/.");
  });

  it("lists the placeholders of a production build once, without a stack trace, and fails", async () => {
    const { output, status } = await build(projectWith(), production);
    expect(status).not.toBe(0);
    expect(count(output, "Production build stopped: the site still holds")).toBe(1);
    expect(count(output, "src/content/links.yaml:33  https://www.instagram.com/orlaquinlan.placeholder")).toBe(1);
    // The photographers invented for the placeholder photos, as the fixture content names them.
    expect(output).toMatch(/src\/content\/photos\.yaml:\d+ {2}Aisling Brennan {2}\(a photographer invented/);
    // Netlify's URL is the address the pages use; site.yaml's own url ships nowhere, so it is not listed.
    expect(output).not.toMatch(/site\.yaml:\d+ {2}https:\/\/orlaquinlan\.example/);
    expect(output).not.toMatch(STACK);
    expect(output).toContain("✖ The build failed, so dist/ was left as it was.");
  });

  it("names a date that does not exist once, without a stack trace, and fails", async () => {
    // A tour file that still lists dates: the build no longer shows them, but still checks them.
    const listed = readFileSync(join(root, "src/test/tour-with-dates.yaml"), "utf8");
    const tour = () => listed.replace("startDate: 2025-05-02T20:00:00+01:00", "startDate: 2027-02-30T20:00:00+00:00");
    const { output, status } = await build(projectWith({ "src/content/tour.yaml": tour }));
    expect(status).not.toBe(0);
    expect(
      count(
        output,
        'date "dublin-2025-05-02", field startDate: "2027-02-30T20:00:00+00:00" is a day that does not exist: ' +
          "February 2027 has no 30th",
      ),
    ).toBe(1);
    expect(output).not.toMatch(STACK);
  });

  it("names the project once, without a stack trace, when the tour cannot be read from it, and fails", async () => {
    const { output, status } = await build(projectWith(), { PUBLIC_SUPABASE_URL: "https://unreachable.invalid" });
    expect(status).not.toBe(0);
    // Why it could not be reached is the machine's resolver's to say: no such name (ENOTFOUND), or no resolver
    // answering (EAI_AGAIN).
    const line =
      /The tour could not be read from the project https:\/\/unreachable\.invalid: it could not be reached \((ENOTFOUND|EAI_AGAIN)\)/g;
    expect(output.match(line)).toHaveLength(1);
    expect(output).not.toMatch(STACK);
    expect(output).toContain("✖ The build failed, so dist/ was left as it was.");
  });

  it("names a mistake in the site settings once, without a stack trace, and fails", async () => {
    const settings = (text: string) => text.replace(/^url: .*$/m, "url: orlaquinlan.ie");
    const { output, status } = await build(projectWith({ "src/content/site.yaml": settings }));
    expect(status).not.toBe(0);
    expect(count(output, 'src/content/site.yaml, line 6, field url: "orlaquinlan.ie" is not a web address')).toBe(1);
    expect(output).toContain("Correct the field named in the file named");
    expect(output).not.toMatch(STACK);
  });
});
