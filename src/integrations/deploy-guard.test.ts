// A deploy build must never ship a site that points at localhost. The calendar's password is
// checked by the server, so a build needs none.
import { afterEach, describe, expect, it, vi } from "vitest";
import { deployBuildProblem } from "./deploy-guard.mjs";

const deploy = { CONTEXT: "production" };
const hosted = { PUBLIC_SUPABASE_URL: "https://abcdefgh.supabase.co", PUBLIC_SUPABASE_ANON_KEY: "key" };

describe("deploy build guard", () => {
  it("stops a production build without the Supabase settings, saying what to set and where", () => {
    const problem = deployBuildProblem(deploy);
    expect(problem).toContain("Deploy build stopped: PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY are not set");
    expect(problem).toContain("Netlify UI");
    expect(deployBuildProblem({ ...deploy, PUBLIC_SUPABASE_URL: hosted.PUBLIC_SUPABASE_URL })).toContain(
      "Deploy build stopped: PUBLIC_SUPABASE_ANON_KEY is not set.",
    );
  });

  it("refuses a Supabase URL that is not https, such as the local backend", () => {
    expect(deployBuildProblem({ ...deploy, ...hosted, PUBLIC_SUPABASE_URL: "http://127.0.0.1:54321" })).toContain(
      "Deploy build stopped: PUBLIC_SUPABASE_URL must be the hosted project's https://",
    );
    expect(deployBuildProblem({ ...deploy, ...hosted, PUBLIC_SUPABASE_URL: "abcdefgh.supabase.co" })).toBe(
      'Deploy build stopped: PUBLIC_SUPABASE_URL is not a URL ("abcdefgh.supabase.co").',
    );
  });

  it("lets a project on its own https domain through: the policy is written for whichever origin it is", () => {
    expect(deployBuildProblem({ ...deploy, ...hosted, PUBLIC_SUPABASE_URL: "https://db.orla.example" })).toBeNull();
  });

  it("lets a hosted project through without any calendar password, which the server checks", () => {
    expect(deployBuildProblem({ ...deploy, ...hosted })).toBeNull();
  });

  it("checks only production builds: elsewhere the local backend is the default", () => {
    expect(deployBuildProblem({})).toBeNull();
    expect(deployBuildProblem({ CONTEXT: "deploy-preview" })).toBeNull();
  });
});

// The config's own TypeScript imports keep it out of a plain `node` child on Node 20, so it is
// imported here, fresh for each case, with the build's environment stubbed. Astro and its
// integrations are stood in for: what is under test is the config's own check, and loading
// them through Vite costs seconds.
vi.mock("astro/config", () => ({ defineConfig: (config: unknown) => config }));
vi.mock("@astrojs/react", () => ({ default: () => ({ name: "@astrojs/react", hooks: {} }) }));
vi.mock("@astrojs/tailwind", () => ({ default: () => ({ name: "@astrojs/tailwind", hooks: {} }) }));

describe("astro.config.mjs", () => {
  const loadConfig = async (env: Record<string, string>) => {
    for (const name of ["PUBLIC_SUPABASE_URL", "PUBLIC_SUPABASE_ANON_KEY", "PUBLIC_TEAM_EMAIL", "SITE_URL"]) {
      vi.stubEnv(name, undefined);
    }
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    vi.resetModules();
    return (await import("../../astro.config.mjs")).default;
  };
  afterEach(() => vi.unstubAllEnvs());

  it("stops a deploy build while loading, before any page is built", async () => {
    await expect(loadConfig(deploy)).rejects.toThrow(
      "Deploy build stopped: PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY are not set",
    );
  });

  it("accepts a deploy build for a hosted project", async () => {
    const config = await loadConfig({ ...deploy, ...hosted });
    expect(config.output).toBe("static");
    expect(process.env.PUBLIC_SUPABASE_URL).toBe(hosted.PUBLIC_SUPABASE_URL);
  });
});
