// A production build must not ship the stand-in content the site starts with: addresses that reach nobody,
// profile links marked as placeholders, the generic player. It lists each with its file and line; other
// builds keep them.
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { DRAWN_ARTWORK } from "./drawn-artwork.mjs";
import {
  drawnPlaceholders,
  findPlaceholders,
  placeholderProblem,
  readContentFiles,
  readImageFiles,
  siteUrlFrom,
} from "./placeholder-guard.mjs";

const production = { CONTEXT: "production" };
const fromSettings = (url: string) => siteUrlFrom({}, url);
const found = (path: string, text: string) =>
  findPlaceholders([{ path, text }]).map(({ line, value, why }) => ({ line, value, why }));

describe("finding placeholders", () => {
  it("finds addresses, links and domains under .example, naming the line", () => {
    const text = [
      'export const site = { url: "https://orlaquinlan.example" };',
      'const contact = "news@orlaquinlan.example";',
      "profile: https://orlaquinlan.bandcamp.example/track/mother",
      "Write to bookings at northlight.example.",
    ].join("\n");
    expect(found("src/content/site.yaml", text)).toEqual([
      { line: 1, value: "https://orlaquinlan.example", why: expect.stringContaining(".example") },
      { line: 2, value: "news@orlaquinlan.example", why: expect.stringContaining("reaches nobody") },
      { line: 3, value: "https://orlaquinlan.bandcamp.example/track/mother", why: expect.stringContaining(".example") },
      { line: 4, value: "northlight.example", why: expect.stringContaining(".example") },
    ]);
  });

  it("finds links marked as placeholders, stand-in ids and the generic player", () => {
    const text = [
      "  - href: https://www.instagram.com/orlaquinlan.placeholder",
      '    single: "https://music.apple.com/ie/album/mother-single/0000000001"',
      "    single: https://www.youtube.com/watch?v=M0therPlace",
      "player: https://open.spotify.com/embed/playlist/37i9dQZF1DXaXB8fQg7xif?utm_source=generator",
    ].join("\n");
    expect(found("src/content/links.yaml", text).map(({ line, why }) => [line, why])).toEqual([
      [1, "marked as a placeholder"],
      [2, "a stand-in id, not a real one"],
      [3, "a stand-in id, not a real one"],
      [4, "a playlist Spotify curates, not the artist's own release"],
    ]);
  });

  it("finds the phone numbers kept for drama, which reach nobody", () => {
    expect(found("src/data/press.ts", 'phone: "+44 20 7946 0312",\nphone: "+44 7700 900457"')).toHaveLength(2);
    expect(found("src/data/press.ts", 'phone: "+353 91 555 0199",\nphone: "+44 20 7946 1312"')).toEqual([]);
  });

  it("passes real content: the artist's own profiles, release player and addresses", () => {
    const text = [
      'profile: "https://open.spotify.com/artist/4Z8W4fKeB5YxbusRsdQVPb"',
      "player: https://open.spotify.com/embed/album/1DFixLWuPkv3KT3TnV35m3",
      "single: https://music.apple.com/ie/album/mother-single/1796012345",
      "contact: bookings@orlaquinlan.ie",
      // Copy that shows an example address, and words that merely contain "placeholder", ship as they are.
      'format: "It needs a name, an @ and a domain, like name@example.com."',
      'placeholderText: "More views coming soon"',
    ].join("\n");
    expect(found("src/content/site.yaml", text)).toEqual([]);
  });

  it("skips comments and tests, which never reach a page", () => {
    const code = '// e.g. "https://orla.example"\n/* news@orla.example */\n * https://x.com/placeholder\nconst a = 1;';
    expect(found("src/data/site.ts", code)).toEqual([]);
    expect(found("src/content/site.yaml", "# url: https://orlaquinlan.example\nname: Orla")).toEqual([]);
    // In Markdown a # line is a heading, which a page shows.
    expect(found("src/content/bio.md", "# Mail news@orlaquinlan.example")).toHaveLength(1);
    const files = readContentFiles(process.cwd()).map((file) => file.path);
    expect(files).toContain("src/data/site.ts");
    expect(files.filter((path) => path.includes(".test."))).toEqual([]);
  });

  it("finds every placeholder the site starts with, wherever the content keeps it", () => {
    const values = findPlaceholders(readContentFiles(process.cwd())).map((placeholder) => placeholder.value);
    expect(values).toEqual(
      expect.arrayContaining([
        "https://orlaquinlan.example",
        "https://open.spotify.com/embed/playlist/37i9dQZF1DXaXB8fQg7xif?utm_source=generator",
        "https://open.spotify.com/artist/0rlaQu1nlanPlaceholder",
        "https://open.spotify.com/track/M0therS1nglePlaceholder",
        "https://music.apple.com/ie/artist/orla-quinlan/0000000000",
        "https://music.apple.com/ie/album/mother-single/0000000001",
        "https://orlaquinlan.bandcamp.example",
        "https://orlaquinlan.bandcamp.example/track/mother",
        "https://orlaquinlan.bandcamp.example/album/mother-ep",
        "https://www.youtube.com/@OrlaQuinlanPlaceholder",
        "https://www.youtube.com/watch?v=M0therPlace",
        "https://www.instagram.com/orlaquinlan.placeholder",
        "https://www.tiktok.com/@orlaquinlan.placeholder",
        "https://www.facebook.com/orlaquinlan.placeholder",
        "merch@orlaquinlan.example",
        "news@orlaquinlan.example",
        "ciara@northlightbooking.example",
        "press@tidewaterpr.example",
        "sinead@harbourlightartists.example",
        "+44 20 7946 0312",
        "+44 161 496 0457",
      ]),
    );
  });
});

describe("the production build's guard", () => {
  const settingsFile = "src/content/site.yaml";
  const files = [
    {
      path: settingsFile,
      text: "artistName: Orla Quinlan\n# The public address\nurl: https://orlaquinlan.example\nnewsEmail: news@orla.ie",
    },
    {
      path: "src/content/links.yaml",
      text: "  - id: tiktok\n    url: https://www.tiktok.com/@orlaquinlan.placeholder",
    },
  ];
  const guard = (env: Record<string, string | undefined>, siteUrl: ReturnType<typeof siteUrlFrom>, content = files) =>
    placeholderProblem(env, { files: content, siteUrl, settingsFile });

  it("stops a production build, listing each placeholder with its file and line", () => {
    expect(guard(production, fromSettings("https://orlaquinlan.example"))).toBe(
      "Production build stopped: the site still holds 2 placeholders. Replace each with the real value in the file named:\n" +
        "  src/content/site.yaml:3  https://orlaquinlan.example  (a .example address, reserved for examples: it reaches nobody)\n" +
        "  src/content/links.yaml:2  https://www.tiktok.com/@orlaquinlan.placeholder  (marked as a placeholder)",
    );
  });

  it.each([
    ["Netlify's URL", { URL: "https://orla.netlify.app" }],
    ["SITE_URL", { SITE_URL: "https://orlaquinlan.ie" }],
  ])("leaves out the site settings' url when %s replaces it, as it ships nowhere", (_, variables) => {
    const siteUrl = siteUrlFrom(variables, "https://orlaquinlan.example");
    expect(guard(production, siteUrl)).toBe(
      "Production build stopped: the site still holds 1 placeholder. Replace each with the real value in the file named:\n" +
        "  src/content/links.yaml:2  https://www.tiktok.com/@orlaquinlan.placeholder  (marked as a placeholder)",
    );
    // Only that line: the same address anywhere else in the settings ships, and is listed.
    const elsewhere = [{ path: settingsFile, text: `${files[0].text}\ndescription: See https://orlaquinlan.example` }];
    expect(guard(production, siteUrl, elsewhere)).toContain("src/content/site.yaml:5  https://orlaquinlan.example");
    expect(guard(production, siteUrl, elsewhere)).not.toContain("site.yaml:3");
  });

  it("checks the site URL as the build resolves it, naming the variable that set it", () => {
    const siteUrl = siteUrlFrom({ SITE_URL: "https://staging.orla.example" }, "https://orlaquinlan.ie");
    expect(guard(production, siteUrl, [])).toContain(
      "the site URL (SITE_URL)  https://staging.orla.example  (a .example address",
    );
  });

  it("lets a production build with every placeholder filled go on", () => {
    const filled = [{ path: settingsFile, text: "url: https://orlaquinlan.ie" }];
    expect(
      guard(production, siteUrlFrom({ URL: "https://orlaquinlan.ie" }, "https://orlaquinlan.ie"), filled),
    ).toBeNull();
    // With Netlify's URL set, the site settings' stand-in url no longer holds the build back.
    const replaced = [{ path: settingsFile, text: "url: https://orlaquinlan.example" }];
    expect(
      guard(production, siteUrlFrom({ URL: "https://orla.netlify.app" }, "https://orlaquinlan.example"), replaced),
    ).toBeNull();
  });

  it("leaves development builds, previews and the tests their placeholders", () => {
    const siteUrl = fromSettings("https://orlaquinlan.example");
    for (const env of [{}, { CONTEXT: "deploy-preview" }, { CONTEXT: "branch-deploy" }, { CONTEXT: "dev" }]) {
      expect(guard(env, siteUrl)).toBeNull();
    }
  });
});

describe("the site URL", () => {
  it("is SITE_URL when set, else Netlify's URL, else the site settings'", () => {
    const configured = "https://orlaquinlan.example";
    expect(siteUrlFrom({ SITE_URL: "https://a.ie", URL: "https://b.netlify.app" }, configured)).toEqual({
      url: "https://a.ie",
      source: "SITE_URL",
    });
    expect(siteUrlFrom({ URL: "https://b.netlify.app" }, configured)).toEqual({
      url: "https://b.netlify.app",
      source: "URL",
    });
    expect(siteUrlFrom({}, configured)).toEqual({ url: configured, source: "site settings" });
  });
});

describe("the placeholder photos and artwork", () => {
  it("finds the invented photographers' credits, naming the line", () => {
    const text =
      "- id: live-1\n  credit: Aisling Brennan\n- id: live-2\n  credit: Eimear Walsh\n  credit: Rory Gallagher";
    expect(found("src/content/photos.yaml", text)).toEqual([
      { line: 2, value: "Aisling Brennan", why: expect.stringContaining("invented") },
      { line: 5, value: "Rory Gallagher", why: expect.stringContaining("invented") },
    ]);
  });

  it("finds an image that is still the drawn artwork, by its bytes whatever its name", () => {
    const drawn = new Map([["d1", "src/assets/hero.jpg"]]);
    expect(
      drawnPlaceholders(
        [
          { path: "src/assets/hero.jpg", sha256: "d1" },
          { path: "src/assets/cover-2027.jpg", sha256: "d1" },
          { path: "src/assets/tour.jpg", sha256: "her-own" },
        ],
        drawn,
      ).map(({ file, value }) => [file, value]),
    ).toEqual([
      ["src/assets/hero.jpg", "drawn placeholder"],
      ["src/assets/cover-2027.jpg", "drawn as src/assets/hero.jpg"],
    ]);
  });

  it("lists the drawn artwork in a production build's message, and reads no image for any other build", () => {
    let read = 0;
    const images = () => {
      read += 1;
      return [{ path: "src/assets/hero.jpg", sha256: [...DRAWN_ARTWORK.keys()][0] }];
    };
    const content = { files: [], siteUrl: fromSettings("https://orlaquinlan.ie"), settingsFile: "site.yaml", images };
    expect(placeholderProblem({}, content)).toBeNull();
    expect(read).toBe(0);
    expect(placeholderProblem(production, content)).toBe(
      "Production build stopped: the site still holds 1 placeholder. Replace each with the real value in the file named:\n" +
        "  src/assets/hero.jpg  drawn placeholder  (artwork the repository draws as a placeholder: put her own " +
        "picture in its place, under the same name)",
    );
  });

  it("reads every image under src/assets/ and public/ with its digest, leaving out the kept encodings", () => {
    // A project of the test's own: the owner's pictures are hers to change.
    const root = mkdtempSync(join(tmpdir(), "stagedoor-images-"));
    try {
      const put = (path: string, bytes: string) => {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), bytes);
      };
      put("src/assets/hero.jpg", "hero");
      put("src/assets/tour/galway.WEBP", "galway");
      put("src/assets/encoded/hero-800.webp", "kept encoding");
      put("src/assets/notes.txt", "not an image");
      put("public/icon.png", "icon");
      put("elsewhere/photo.jpg", "outside the image folders");
      const digest = (text: string) => createHash("sha256").update(text).digest("hex");
      expect(readImageFiles(root)).toEqual([
        { path: "src/assets/hero.jpg", sha256: digest("hero") },
        { path: "src/assets/tour/galway.WEBP", sha256: digest("galway") },
        { path: "public/icon.png", sha256: digest("icon") },
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
