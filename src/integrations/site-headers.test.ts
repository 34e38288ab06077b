// The build step that writes the pages' Content-Security-Policy into dist/_headers, as Netlify reads it.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { directiveSources } from "./csp.mjs";
import { headersFor, loadSiteHeaders } from "./netlify-headers.mjs";
import { siteHeaders } from "./site-headers.mjs";

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A build folder with one page holding `html`. */
function build(html: string) {
  const folder = mkdtempSync(join(tmpdir(), "stagedoor-site-headers-"));
  folders.push(folder);
  writeFileSync(join(folder, "index.html"), html);
  return folder;
}

const logger = { info: () => {} };

async function runBuildDone(folder: string, supabaseUrl: string | undefined) {
  const integration = siteHeaders({ supabaseUrl: () => supabaseUrl });
  const done = integration.hooks["astro:build:done"] as (options: unknown) => Promise<void>;
  await done({ dir: pathToFileURL(`${folder}/`), logger });
}

describe("the build's security headers", () => {
  it("writes every page's policy, pinned to the configured project, beside netlify.toml's headers", async () => {
    const folder = build("<html><body>no inline script</body></html>");
    await runBuildDone(folder, "https://abcdefgh.supabase.co");
    const headers = headersFor(await loadSiteHeaders(folder), "/contacts");
    expect(directiveSources(headers["Content-Security-Policy"], "connect-src")).toEqual([
      "'self'",
      "https://abcdefgh.supabase.co",
      "wss://abcdefgh.supabase.co",
    ]);
    expect(headers["Strict-Transport-Security"]).toBe("max-age=31536000");
    expect(headers["X-Frame-Options"]).toBe("DENY");
  });

  it("stops the build on an inline script the policy does not list, naming its hash and where to add it", async () => {
    const folder = build("<script>console.log(1)</script>");
    const failure = await runBuildDone(folder, "https://abcdefgh.supabase.co").catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toContain(
      "add them to INLINE_SCRIPT_HASHES in src/integrations/site-policy.mjs",
    );
    expect((failure as Error).message).toContain("'sha256-CihokcEcBW4atb/CW/XWsvWwbTjqwQlE9nj9ii5ww5M='");
  });

  it("stops the build without a Supabase URL to pin", async () => {
    await expect(runBuildDone(build("<p></p>"), undefined)).rejects.toThrow("PUBLIC_SUPABASE_URL is not set");
  });
});
