/** robots.txt: crawl everything (the team tools say noindex themselves) and find the sitemap. */
import type { APIRoute } from "astro";
import { site } from "../data/site";

export const GET: APIRoute = ({ site: configured }) => {
  const base = configured ?? new URL(site.url);
  const body = ["User-agent: *", "Allow: /", "", `Sitemap: ${new URL("/sitemap.xml", base).href}`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
};
