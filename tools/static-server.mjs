// @ts-check
/**
 * Serves the built site the way Netlify does: pretty URLs (`/bio` → bio.html),
 * the 404 page with status 404, and the headers from netlify.toml and the
 * build's `_headers` if it writes one (applied to a 404 answer too, as Netlify does);
 * other files are typed by their extension. Only GET and HEAD are answered; any other method gets 405.
 * Only Host names of this machine are answered (localhost, 127.0.0.1, [::1], HOST and ALLOWED_HOSTS); any
 * other gets 403, so a page on a name made to resolve here (DNS rebinding) cannot read the site as its own.
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer } from "node:http";
import { extname, join, normalize, resolve, sep } from "node:path";
import { withConnectSource } from "../src/integrations/csp.mjs";
import { headersFor, loadSiteHeaders } from "../src/integrations/netlify-headers.mjs";
import { allowedHostsFromEnv, foreignHostMessage, hostAllowed, limitConnections } from "../server/http.mjs";

/** @typedef {import("../src/integrations/netlify-headers.mjs").HeaderRule} HeaderRule */
/**
 * A function served under a path, as Netlify serves netlify/functions/ (tools/local-functions.mjs).
 * @typedef {{ prefix: string, handle: (request: Request, context: { ip?: string }) => Promise<Response> }} SiteFunction
 */

/** @type {Record<string, string>} */
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".ics": "text/calendar; charset=utf-8",
  ".vcf": "text/vcard; charset=utf-8",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
};

/** The files in the publish folder that configure Netlify rather than belong to the site. */
const DEPLOY_FILES = new Set(["_headers", "_redirects"]);

/** Netlify publishes no file or folder whose name starts with a dot (such as the build record) but .well-known. */
const unpublished = (/** @type {string} */ path) =>
  path.split(/[/\\]/).some((part) => part.startsWith(".") && part !== ".well-known");

/** @param {string} path */
async function isFile(path) {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * The file a URL path names under `root`, as Netlify finds it (`/bio` is bio.html), or null.
 * @param {string} root
 * @param {string} pathname
 */
async function resolveFile(root, pathname) {
  const safe = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, "");
  // Netlify reads its configuration files and never serves them, nor the files it does not publish.
  if (DEPLOY_FILES.has(safe.replace(/^[/\\]+/, "")) || unpublished(safe)) return null;
  const base = join(root, safe);
  if (!resolve(base).startsWith(resolve(root) + sep) && resolve(base) !== resolve(root)) return null;
  const candidates = pathname.endsWith("/")
    ? [join(base, "index.html")]
    : [base, `${base}.html`, join(base, "index.html")];
  for (const candidate of candidates) {
    if (await isFile(candidate)) return candidate;
  }
  return null;
}

/**
 * `backendUrl`: origin of a local backend the pages call; it is added to the
 * CSP's connect-src, as the hosted Supabase host is in the deployed policy.
 * The header rules are read once, before the first answer; a malformed rule
 * makes every answer a 500 that names it, as a deploy would fail.
 * `allowedHosts`: the Host names answered (allowedHostsFromEnv() by default).
 * `functions` answer the paths under their prefix, before any file, as a function with a path does on Netlify.
 * `maxConnections`: how many connections are held at once (MAX_CONNECTIONS; a test's few show the cap).
 * @param {{ root: string, headerRules?: HeaderRule[] | Promise<HeaderRule[]>, backendUrl?: string, allowedHosts?: string[], functions?: SiteFunction[], maxConnections?: number }} options
 */
export function createStaticServer({
  root,
  headerRules = loadSiteHeaders(root),
  backendUrl,
  allowedHosts = allowedHostsFromEnv(),
  functions = [],
  maxConnections,
}) {
  const rules = Promise.resolve(headerRules);
  rules.catch(() => {}); // reported by each request instead
  const hosts = new Set(allowedHosts.map((name) => name.toLowerCase()));
  const server = createServer(async (req, res) => {
    try {
      if (!hostAllowed(req.headers.host, hosts)) {
        req.resume();
        res.writeHead(403, { "Content-Type": "text/plain; charset=utf-8" });
        return res.end(`Forbidden: ${foreignHostMessage(req.headers.host)}\n`);
      }
      const url = new URL(req.url ?? "/", "http://localhost");
      const fn = functions.find(({ prefix }) => url.pathname.startsWith(prefix));
      if (fn) return await answerWithFunction(fn, req, res);
      if (req.method !== "GET" && req.method !== "HEAD") {
        // A static site takes no writes: anything but reading is refused, as Netlify refuses it.
        req.resume();
        res.writeHead(405, {
          ...headersFor(await rules, url.pathname),
          "Content-Type": "text/plain; charset=utf-8",
          Allow: "GET, HEAD",
        });
        return res.end("Method Not Allowed: this site answers GET and HEAD only.\n");
      }
      let file = null;
      try {
        file = await resolveFile(root, url.pathname);
      } catch {
        file = null; // malformed percent-encoding: treat as not found
      }
      let status = 200;
      if (!file) {
        status = 404;
        file = join(root, "404.html");
      }
      const headers = headersFor(await rules, url.pathname);
      const policy = headers["Content-Security-Policy"];
      if (policy && backendUrl) headers["Content-Security-Policy"] = withConnectSource(policy, backendUrl);
      res.writeHead(status, { "Content-Type": TYPES[extname(file)] ?? "application/octet-stream", ...headers });
      if (req.method === "HEAD") return res.end();
      createReadStream(file)
        .on("error", () => res.end())
        .pipe(res);
    } catch (error) {
      res.writeHead(500, { "Content-Type": "text/plain" });
      res.end(String(error));
    }
  });
  return limitConnections(server, maxConnections);
}

/**
 * A request answered by a function: it gets the request (without a body: the functions served here read
 * none) and the client's address, as Netlify's context.ip.
 * @param {SiteFunction} fn
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 */
async function answerWithFunction(fn, req, res) {
  req.resume();
  const request = new Request(new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`), {
    method: req.method,
    headers: Object.entries(req.headers).flatMap(([name, value]) =>
      (typeof value === "string" ? [value] : (value ?? [])).map(
        (item) => /** @type {[string, string]} */ ([name, item]),
      ),
    ),
  });
  const response = await fn.handle(request, { ip: req.socket.remoteAddress });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(req.method === "HEAD" ? undefined : Buffer.from(await response.arrayBuffer()));
}

/**
 * Starts `server` on `port` (0: any free one) and resolves with the port it got.
 * @param {import("node:http").Server} server
 * @param {number} port
 * @param {string} [host]
 * @returns {Promise<number>}
 */
export function listen(server, port, host = "127.0.0.1") {
  return new Promise((resolvePromise, reject) => {
    server.once("error", reject);
    server.listen(port, host, () =>
      resolvePromise(/** @type {import("node:net").AddressInfo} */ (server.address()).port),
    );
  });
}
