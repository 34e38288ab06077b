// A deploy build must never ship a site that points at localhost or at a host its
// Content-Security-Policy blocks. The config throws before anything is built, so each
// case takes seconds. The calendar's password is checked by the server, so a build
// needs none.
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";

const hosted = { PUBLIC_SUPABASE_URL: "https://abcdefgh.supabase.co", PUBLIC_SUPABASE_ANON_KEY: "key" };

/**
 * Runs `astro build` as Netlify would, with only the given settings; resolves with its exit status and output.
 * With `stopAt`, the build is stopped as soon as its output matches (the config has been accepted by then).
 */
function deployBuild(env, { stopAt } = {}) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/^(PUBLIC_SUPABASE_|PUBLIC_TEAM_EMAIL|TEAM_EMAIL|CALENDAR_PASSWORD)/.test(key),
    ),
  );
  const started = Date.now();
  const child = spawn("node_modules/.bin/astro", ["build", "--outDir", "dist-deploy-guard"], {
    env: { ...clean, CONTEXT: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 60_000,
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
    if (stopAt?.test(output)) child.kill();
  });
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise((resolve) => {
    child.on("close", (status) => resolve({ status, output, seconds: (Date.now() - started) / 1000 }));
  });
}

describe("deploy build guard", () => {
  it("stops a production build without the Supabase settings, saying what to set", async () => {
    const result = await deployBuild({});
    expect(result.status).not.toBe(0);
    expect(result.output).toContain(
      "Deploy build stopped: PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY are not set",
    );
    expect(result.output).toContain("Netlify UI");
    // It fails while loading the config, before any page is built.
    expect(result.output).not.toMatch(/page\(s\) built/);
    expect(result.seconds).toBeLessThan(45);
  });

  it("refuses a Supabase URL that is not https, such as the local backend", async () => {
    const result = await deployBuild({
      ...hosted,
      PUBLIC_SUPABASE_URL: "http://127.0.0.1:54321",
    });
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("Deploy build stopped: PUBLIC_SUPABASE_URL must be the hosted project's https://");
  });

  it("refuses a Supabase host the Content-Security-Policy does not allow, saying what to add", async () => {
    const result = await deployBuild({
      ...hosted,
      PUBLIC_SUPABASE_URL: "https://db.orla.example",
    });
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("add https://db.orla.example and wss://db.orla.example to its connect-src");
  });

  it("builds without any calendar password, which the server now checks", async () => {
    const result = await deployBuild(hosted, { stopAt: /\[build\] Collecting build info/ });
    expect(result.output).not.toContain("Deploy build stopped");
    expect(result.output).toContain("[build] Collecting build info");
  });
});
