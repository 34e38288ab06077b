/**
 * Opens a page the way a visitor does and records what the public pages
 * promise not to do: script files loaded, inline script size, console errors
 * and Content-Security-Policy violations (reported by the browser itself).
 */
import { gzipSync } from "node:zlib";
import type { Browser, Page, Response } from "playwright-core";
import { baseURL } from "./browser";

export type Visit = {
  page: Page;
  response: Response | null;
  /** URLs of every script file the page requested. */
  scripts: string[];
  /** Console errors and uncaught exceptions. */
  errors: string[];
  /** Same-site files other than the page itself that answered with an error status. */
  broken: string[];
  /** Content-Security-Policy violations: "directive blocked URI". */
  violations: () => Promise<string[]>;
  close: () => Promise<void>;
};

export async function visit(
  getBrowser: () => Browser,
  path: string,
  viewport = { width: 1280, height: 800 },
): Promise<Visit> {
  const context = await getBrowser().newContext({ baseURL, viewport });
  // Registered before any page script runs, so no violation is missed.
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
      ),
    );
  });
  const page = await context.newPage();
  const scripts: string[] = [];
  const errors: string[] = [];
  const broken: string[] = [];
  page.on("response", (response) => {
    const request = response.request();
    const sameSite = request.url().startsWith(baseURL);
    if (sameSite && response.status() >= 400 && request.resourceType() !== "document") {
      broken.push(`${response.status()} ${request.url()}`);
    }
  });
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const response = await page.goto(path);
  return {
    page,
    response,
    scripts,
    errors,
    broken,
    violations: () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
    close: () => context.close(),
  };
}

/** Bytes of executable inline script on the page (JSON-LD data blocks do not run). */
export function inlineScriptBytes(page: Page): Promise<number> {
  return page.evaluate(() =>
    [...document.querySelectorAll("script:not([src])")]
      .filter((script) => !/json/.test(script.getAttribute("type") ?? ""))
      .reduce((sum, script) => sum + new Blob([script.textContent ?? ""]).size, 0),
  );
}

/** Every JSON-LD block on the page, parsed. */
export async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text));
}

/** Gzipped bytes of a page's HTML plus the stylesheets it links: what the first paint needs. */
export async function htmlAndCssGzipBytes(path: string): Promise<number> {
  const html = await (await fetch(`${baseURL}${path}`)).text();
  const stylesheets = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]*href="([^"]+)"/g)].map((match) => match[1]);
  const css = await Promise.all(stylesheets.map(async (href) => (await fetch(`${baseURL}${href}`)).text()));
  return [html, ...css].reduce((sum, text) => sum + gzipSync(text).byteLength, 0);
}
