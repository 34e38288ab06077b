// @ts-check
/**
 * What a page weighs before the visitor does anything: pure sums over the
 * responses the browser recorded, so the bench's figures can be tested
 * without a browser.
 *
 * Byte conventions (the local server sends bodies uncompressed, so transfer
 * sizes say nothing about compression):
 * - HTML, CSS and JS: each body gzipped here at level 9, then summed. Netlify
 *   serves brotli to browsers that accept it, which is a little smaller.
 * - Images: the bytes of the files as served (they are already compressed).
 * - Inline JS: the raw UTF-8 bytes inside executable inline <script> elements
 *   (JSON-LD and other data blocks do not run and are not counted).
 */
import { gzipSync } from "node:zlib";

const GZIP_LEVEL = 9;

/**
 * One response the browser received, as the bench records it.
 * @typedef {object} RecordedResponse
 * @property {string} url
 * @property {string} resourceType Playwright's resource type: document, stylesheet, script, image, font, …
 * @property {number} status
 * @property {Buffer | null} [body] null or absent when it could not be read (a redirect, an aborted load)
 * @property {boolean} [isDocument] the page's own HTML (the main frame's navigation)
 */

/**
 * What a page weighs before any interaction.
 * @typedef {object} PageWeight
 * @property {number} htmlCssGzip
 * @property {number} jsGzip
 * @property {string[]} jsFiles
 * @property {number} inlineJsBytes
 * @property {number} imageBytes
 * @property {{ path: string, bytes: number }[]} images largest first
 * @property {number} fontBytes
 * @property {number} requests to the page's own origin
 * @property {string[]} thirdParty URLs on other origins, listed and not weighed
 */

/**
 * Gzipped size at the bench's level; servers send empty bodies (redirects, 204s) as they are, so those
 * weigh nothing.
 * @param {Buffer | null} body
 */
export function gzipBytes(body) {
  if (!body || body.length === 0) return 0;
  return gzipSync(body, { level: GZIP_LEVEL }).length;
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const EXECUTABLE_TYPES = new Set(["", "text/javascript", "application/javascript", "module"]);

/**
 * The value of attribute `name` in a tag's attribute text: "" for a bare attribute, null when absent.
 * @param {string} attributes
 * @param {string} name
 */
function attribute(attributes, name) {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, "i").exec(attributes);
  if (match) return match[1] ?? match[2] ?? match[3] ?? "";
  return new RegExp(`(?:^|\\s)${name}(?=\\s|$)`, "i").test(attributes) ? "" : null;
}

/**
 * The executable inline scripts of an HTML document: their bodies, in document order.
 * @param {unknown} html the document's text; anything else has none
 */
export function inlineScripts(html) {
  /** @type {string[]} */
  const scripts = [];
  for (const [, attributes, body] of String(html).matchAll(SCRIPT)) {
    if (attribute(attributes, "src") !== null) continue;
    const type = (attribute(attributes, "type") ?? "").trim().toLowerCase();
    if (!EXECUTABLE_TYPES.has(type)) continue;
    scripts.push(body);
  }
  return scripts;
}

/**
 * The raw UTF-8 bytes of a document's executable inline scripts.
 * @param {unknown} html the document's text; anything else has none
 */
export function inlineScriptBytes(html) {
  return inlineScripts(html).reduce((sum, body) => sum + Buffer.byteLength(body, "utf8"), 0);
}

/**
 * Sorts recorded responses into the page's weight.
 * Requests to other origins are listed, not weighed: the bench machine may have
 * no route to them, so their sizes would be whatever an error page weighs.
 * @param {RecordedResponse[]} responses
 * @param {string} origin the page's own origin
 * @returns {PageWeight}
 */
export function summarizeResponses(responses, origin) {
  /** @type {PageWeight} */
  const weight = {
    htmlCssGzip: 0,
    jsGzip: 0,
    jsFiles: [],
    inlineJsBytes: 0,
    imageBytes: 0,
    images: [],
    fontBytes: 0,
    requests: 0,
    thirdParty: [],
  };
  for (const response of responses) {
    let url;
    try {
      url = new URL(response.url);
    } catch {
      continue;
    }
    if (url.protocol === "data:" || url.protocol === "blob:") continue;
    if (url.origin !== origin) {
      weight.thirdParty.push(response.url);
      continue;
    }
    weight.requests += 1;
    const body = response.body ?? Buffer.alloc(0);
    const path = url.pathname;
    switch (response.resourceType) {
      case "document":
        weight.htmlCssGzip += gzipBytes(body);
        if (response.isDocument) weight.inlineJsBytes += inlineScriptBytes(body.toString("utf8"));
        break;
      case "stylesheet":
        weight.htmlCssGzip += gzipBytes(body);
        break;
      case "script":
        weight.jsGzip += gzipBytes(body);
        weight.jsFiles.push(path);
        break;
      case "image":
        weight.imageBytes += body.length;
        weight.images.push({ path, bytes: body.length });
        break;
      case "font":
        weight.fontBytes += body.length;
        break;
      default:
        break;
    }
  }
  weight.images.sort((a, b) => b.bytes - a.bytes);
  return weight;
}
