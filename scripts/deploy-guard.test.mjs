// A deploy build must never ship a site that points at localhost or the development password.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

function deployBuild(env) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(PUBLIC_SUPABASE_|CALENDAR_PASSWORD)/.test(key)),
  );
  return spawnSync("node_modules/.bin/astro", ["build", "--outDir", "dist-deploy-guard"], {
    env: { ...clean, CONTEXT: "production", ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
}

describe("deploy build guard", () => {
  it("stops a production build without the Supabase settings, saying what to set", () => {
    const result = deployBuild({ CALENDAR_PASSWORD: "x" });
    expect(result.status).not.toBe(0);
    expect(result.stdout + result.stderr).toContain(
      "Deploy build stopped: PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY are not set",
    );
  });

  it("stops a production build without the calendar password", () => {
    const result = deployBuild({ PUBLIC_SUPABASE_URL: "https://abc.supabase.co", PUBLIC_SUPABASE_ANON_KEY: "key" });
    expect(result.status).not.toBe(0);
    expect(result.stdout + result.stderr).toContain("Deploy build stopped: CALENDAR_PASSWORD is not set");
  });
});
