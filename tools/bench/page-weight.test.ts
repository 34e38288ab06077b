import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  gzipBytes,
  inlineScriptBytes,
  inlineScripts,
  type RecordedResponse,
  summarizeResponses,
} from "./page-weight.mjs";

const origin = "http://127.0.0.1:4000";
const response = (
  path: string,
  resourceType: string,
  body: string | Buffer | null,
  extra: Partial<RecordedResponse> = {},
): RecordedResponse => ({
  url: path.startsWith("http") ? path : `${origin}${path}`,
  resourceType,
  status: 200,
  body: body === null ? null : Buffer.from(body),
  ...extra,
});

describe("inline scripts", () => {
  it("counts executable inline scripts and skips JSON-LD, JSON and external scripts", () => {
    const html = [
      "<script>let a = 1;</script>",
      '<script type="module">import("/x.js")</script>',
      '<script type="application/ld+json">{"@type":"Person"}</script>',
      '<script type="application/json">{"big":"data"}</script>',
      '<script src="/app.js"></script>',
      "<script defer src=/other.js>ignored()</script>",
    ].join("");
    expect(inlineScripts(html)).toEqual(["let a = 1;", 'import("/x.js")']);
    expect(inlineScriptBytes(html)).toBe("let a = 1;".length + 'import("/x.js")'.length);
  });

  it("measures UTF-8 bytes, not characters, and reads attributes in any case and quoting", () => {
    expect(inlineScriptBytes("<SCRIPT TYPE='text/javascript'>'é'</SCRIPT>")).toBe(4);
    expect(inlineScriptBytes("<script type=application/ld+json>{}</script>")).toBe(0);
  });

  it("does not mistake an attribute that merely contains 'src' for a source", () => {
    expect(inlineScripts('<script data-srcset="x">run()</script>')).toEqual(["run()"]);
  });

  it("finds nothing in a page without scripts or in nonsense", () => {
    expect(inlineScriptBytes("<p>No scripts here</p>")).toBe(0);
    expect(inlineScriptBytes("<script>never closed")).toBe(0);
    expect(inlineScriptBytes(undefined)).toBe(0);
  });
});

describe("summarizeResponses", () => {
  const html = "<!doctype html><title>Bio</title><script>document.documentElement.dataset.js = '1'</script>";
  const css = "body{margin:0}".repeat(40);

  it("gzips HTML and CSS together, JS on its own, and counts image bytes as served", () => {
    const js = "export const x = 1;".repeat(20);
    const weight = summarizeResponses(
      [
        response("/bio", "document", html, { isDocument: true }),
        response("/_astro/site.css", "stylesheet", css),
        response("/_astro/island.js", "script", js),
        response("/_astro/photo.avif", "image", Buffer.alloc(3000)),
        response("/_astro/logo.webp", "image", Buffer.alloc(5000)),
      ],
      origin,
    );
    expect(weight.htmlCssGzip).toBe(gzipSync(html, { level: 9 }).length + gzipSync(css, { level: 9 }).length);
    expect(weight.jsGzip).toBe(gzipBytes(Buffer.from(js)));
    expect(weight.jsFiles).toEqual(["/_astro/island.js"]);
    expect(weight.inlineJsBytes).toBe("document.documentElement.dataset.js = '1'".length);
    expect(weight.imageBytes).toBe(8000);
    expect(weight.images.map((image) => image.path)).toEqual(["/_astro/logo.webp", "/_astro/photo.avif"]);
    expect(weight.requests).toBe(5);
  });

  it("lists other hosts without weighing them", () => {
    const weight = summarizeResponses(
      [
        response("/", "document", html, { isDocument: true }),
        response("https://open.spotify.com/embed/x", "document", "<html>big</html>"),
        response("https://cdn.example/lib.js", "script", "x".repeat(100)),
      ],
      origin,
    );
    expect(weight.thirdParty).toEqual(["https://open.spotify.com/embed/x", "https://cdn.example/lib.js"]);
    expect(weight.jsGzip).toBe(0);
    expect(weight.requests).toBe(1);
  });

  it("counts inline JS only in the page's own document, not in frames", () => {
    const weight = summarizeResponses(
      [
        response("/", "document", html, { isDocument: true }),
        response("/frame.html", "document", "<script>frame()</script>", { isDocument: false }),
      ],
      origin,
    );
    expect(weight.inlineJsBytes).toBe("document.documentElement.dataset.js = '1'".length);
  });

  it("survives bodies that could not be read and URLs that do not parse", () => {
    const weight = summarizeResponses(
      [response("/redirect", "document", null), { url: "not a url", resourceType: "script", status: 0, body: null }],
      origin,
    );
    expect(weight.requests).toBe(1);
    expect(weight.jsFiles).toEqual([]);
    expect(summarizeResponses([], origin).htmlCssGzip).toBe(0);
  });
});
