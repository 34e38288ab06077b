// @ts-check
/**
 * The Content-Security-Policy every page is sent with, for the Supabase project the build talks to. The
 * build writes it into the `_headers` file beside the pages (site-headers.mjs): netlify.toml cannot read
 * the build's environment, and a wildcard such as https://*.supabase.co would let a page injected with a
 * script send what it reads to any Supabase project, an attacker's included.
 */

/**
 * The SHA-256 of each inline script the build emits, in order: the nav's scroll script, Astro's island
 * runtime, the client:visible and client:only loaders, and the check that marks a show over in the
 * visitor's browser (/, /tour, /listen). `astro build` fails if a page's inline script is missing here, naming its hash.
 */
const INLINE_SCRIPT_HASHES = [
  "'sha256-d09vnzDYZJs/PXKn1j61ffkumfMix6cgTtvDP0dDP3Q='",
  "'sha256-U7a72oKuFFz8D7GUHLA1NZ0ciymHmDOc9T9aVDg2rWU='",
  "'sha256-Q2BPg90ZMplYY+FSdApNErhpWafg2hcRRbndmvxuL/Q='",
  "'sha256-eIXWvAmxkr251LJZkjniEK5LcPF3NkapbJepohwYRIc='",
  "'sha256-ZlBniLfa7YaF8i9ChiLkMLef6CzkLR4yhBRPr5p7wRc='",
];

/** Where the pages may embed frames from: the press kit's player (src/data/epk.ts checks the content against it). */
export const FRAME_SOURCES = ["https://open.spotify.com"];

/**
 * The policy: the site's needs, nothing more (default-src 'none').
 * - script-src: our bundles plus the inline scripts above.
 * - style-src 'unsafe-inline': the toast renderer (react-hot-toast) writes a <style> element at run time
 *   and server-rendered islands carry style attributes; neither can be hashed ahead.
 * - connect-src: the Supabase project at `supabaseUrl`, its own origin only, over https and wss (REST,
 *   Auth and Realtime). 'self' lets in-page checks read the site's own files (audits fetch /robots.txt);
 *   same-origin reads of public files expose nothing.
 * - manifest-src: the web manifest every page links (/manifest.webmanifest), from the site itself.
 * - frame-src: the Spotify player on /epk. frame-ancestors, base-uri and form-action need a header (a
 *   <meta> policy cannot set the first; default-src does not cover the others).
 * @param {string} supabaseUrl
 */
export function sitePolicy(supabaseUrl) {
  const api = new URL(supabaseUrl).origin;
  const socket = api.replace(/^http/, "ws");
  return [
    "default-src 'none'",
    `script-src 'self' ${INLINE_SCRIPT_HASHES.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self'",
    `connect-src 'self' ${api} ${socket}`,
    "manifest-src 'self'",
    `frame-src ${FRAME_SOURCES.join(" ")}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}
