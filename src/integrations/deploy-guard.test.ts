// A deploy build (production, a deploy preview or a branch deploy) must never ship a site that points
// at localhost. The calendar's password is checked by
// the server, so a build needs none.
import { afterEach, describe, expect, it, vi } from "vitest";
import { deployBuildProblem } from "./deploy-guard.mjs";

const deploy = { CONTEXT: "production" };
const hosted = { PUBLIC_SUPABASE_URL: "https://abcdefgh.supabase.co", PUBLIC_SUPABASE_ANON_KEY: "key" };

describe("deploy build guard", () => {
  it("stops a production build without the Supabase settings, saying what to set and where", () => {
    const problem = deployBuildProblem(deploy);
    expect(problem).toContain(
      "Deploy build stopped: PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY are not set for production.",
    );
    expect(problem).toContain("Netlify UI");
    expect(problem).toContain("for every deploy context (production, deploy previews, branch deploys)");
    expect(deployBuildProblem({ ...deploy, PUBLIC_SUPABASE_URL: hosted.PUBLIC_SUPABASE_URL })).toContain(
      "Deploy build stopped: PUBLIC_SUPABASE_ANON_KEY is not set for production.",
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

  it("holds deploy previews and branch deploys to the same: never a published build that calls localhost", () => {
    for (const CONTEXT of ["deploy-preview", "branch-deploy"]) {
      expect(deployBuildProblem({ CONTEXT })).toContain(
        `Deploy build stopped: PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY are not set for ${CONTEXT}.`,
      );
      expect(deployBuildProblem({ CONTEXT, ...hosted, PUBLIC_SUPABASE_URL: "http://localhost:54321" })).toContain(
        "PUBLIC_SUPABASE_URL must be the hosted project's https:// URL, not http://localhost:54321.",
      );
      expect(deployBuildProblem({ CONTEXT, ...hosted })).toBeNull();
    }
  });

  it("leaves local builds and netlify dev to the local backend", () => {
    expect(deployBuildProblem({})).toBeNull();
    expect(deployBuildProblem({ CONTEXT: "dev" })).toBeNull();
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
  /** Where the config stopped the build: what it printed, and the status it exited with. */
  class Stopped extends Error {
    constructor(
      readonly printed: string[],
      readonly status: number | string | null | undefined,
    ) {
      super(printed.join("\n"));
    }
  }

  const loadConfig = async (env: Record<string, string>) => {
    for (const name of [
      "CONTEXT",
      "PUBLIC_SUPABASE_URL",
      "PUBLIC_SUPABASE_ANON_KEY",
      "PUBLIC_TEAM_EMAIL",
      "SITE_URL",
      "URL",
    ]) {
      vi.stubEnv(name, undefined);
    }
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    const printed: string[] = [];
    vi.spyOn(console, "error").mockImplementation((text) => void printed.push(String(text)));
    vi.spyOn(process, "exit").mockImplementation((status) => {
      throw new Stopped(printed, status);
    });
    vi.resetModules();
    return (await import("../../astro.config.mjs")).default;
  };
  /** How loading the config stopped the build. */
  const stopping = (env: Record<string, string>) =>
    loadConfig(env).then(
      () => expect.unreachable("the build went on"),
      (error: unknown) => {
        expect(error).toBeInstanceOf(Stopped);
        return error as Stopped;
      },
    );
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it("stops a deploy build while loading, before any page is built, printing why once and exiting with 1", async () => {
    const { printed, status } = await stopping(deploy);
    expect(status).toBe(1);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain("Deploy build stopped: PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY are not set");
  });

  it("accepts a deploy preview for a hosted project, placeholders and all", async () => {
    const config = await loadConfig({ CONTEXT: "deploy-preview", ...hosted });
    expect(config.output).toBe("static");
    expect(process.env.PUBLIC_SUPABASE_URL).toBe(hosted.PUBLIC_SUPABASE_URL);
  });

  it("stops a production build for a hosted project while the content still holds placeholders, listing them", async () => {
    const { printed, status } = await stopping({ ...deploy, ...hosted, URL: "https://orla-quinlan.netlify.app" });
    expect(status).toBe(1);
    expect(printed).toHaveLength(1);
    const [message] = printed;
    expect(message).toMatch(/^\s*Production build stopped: the site still holds \d+ placeholders/);
    // The fixture content's (the tests read src/test/content/, never the owner's files).
    expect(message).toMatch(
      /src\/test\/content\/links\.yaml:\d+ {2}https:\/\/www\.instagram\.com\/orlaquinlan\.placeholder/,
    );
    // Netlify's URL replaces the site settings' url, which therefore ships nowhere and is not listed.
    expect(message).toContain("src/test/content/site.yaml");
    expect(message).not.toMatch(/site\.yaml:\d+ {2}https:\/\/orlaquinlan\.example/);
  });

  it("takes the site URL from Netlify's URL, unless SITE_URL overrides it", async () => {
    const netlify = { CONTEXT: "deploy-preview", ...hosted, URL: "https://orla-quinlan.netlify.app" };
    expect((await loadConfig(netlify)).site).toBe("https://orla-quinlan.netlify.app");
    expect((await loadConfig({ ...netlify, SITE_URL: "https://orlaquinlan.ie" })).site).toBe("https://orlaquinlan.ie");
    expect((await loadConfig({})).site).toBe("https://orlaquinlan.example");
  });
});
